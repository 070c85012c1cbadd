import { useEffect, useState } from "react";
import { boundsOfHits } from "./geo";
import type { GeoBounds, LatLng } from "./types";

/** A town the agency has listings in, placed at the middle of those listings. */
export interface RegionTown extends LatLng {
  name: string;
  zip: string;
  /** Its listings: the towns with more have their names placed first. */
  count: number;
}

/** Where the agency works: the box of its listings and their towns. */
export interface Region {
  bounds: GeoBounds | null;
  towns: RegionTown[];
}

interface GeoListing {
  city?: string;
  zip?: string;
  _geoloc?: LatLng;
}

/**
 * The region of a set of listings. A town's point is the mean of its
 * listings' points: the towns index (cities_{lang}) has names and postcodes
 * but no coordinates, and its towns are exactly the towns of the listings.
 */
export function regionOf(listings: readonly GeoListing[]): Region {
  const placed = listings.filter(
    (l): l is GeoListing & { _geoloc: LatLng } => !!l._geoloc && Number.isFinite(l._geoloc.lat) && Number.isFinite(l._geoloc.lng),
  );
  const sums = new Map<string, { name: string; zip: string; lat: number; lng: number; n: number }>();
  for (const l of placed) {
    if (!l.city) continue;
    const key = `${l.zip ?? ""} ${l.city}`;
    const s = sums.get(key) ?? { name: l.city, zip: l.zip ?? "", lat: 0, lng: 0, n: 0 };
    s.lat += l._geoloc.lat;
    s.lng += l._geoloc.lng;
    s.n += 1;
    sums.set(key, s);
  }
  const towns = [...sums.values()]
    .map(({ name, zip, lat, lng, n }) => ({ name, zip, lat: lat / n, lng: lng / n, count: n }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { bounds: boundsOfHits(placed), towns };
}

/**
 * How many listings the region is computed from, and the most the map view
 * draws: the search API's own bound on hitsPerPage (httpd/algolia
 * MaxHitsPerPage). An agency has a few hundred listings at most.
 */
export const maxListings = 1000;

const cache = new Map<string, Promise<Region>>();

/**
 * The agency's region, from one search of every listing with only the
 * attributes it needs. Asked once per language and page load, by the first
 * map shown; the search client comes with it, out of the main bundle.
 */
export function loadRegion(lang: string): Promise<Region> {
  let region = cache.get(lang);
  if (!region) {
    region = import("../search/client")
      .then(({ createSearchClient }) =>
        createSearchClient().search({
          requests: [
            {
              indexName: `properties_${lang}`,
              query: "",
              hitsPerPage: maxListings,
              attributesToRetrieve: ["city", "zip", "_geoloc"],
              attributesToHighlight: [],
            },
          ],
        }),
      )
      .then(({ results }) => regionOf((results[0] as unknown as { hits: GeoListing[] }).hits));
    // A failed search is asked again by the next map rather than remembered.
    region.catch(() => cache.delete(lang));
    cache.set(lang, region);
  }
  return region;
}

/** The region once loaded (null before, on the server, and while not enabled). */
export function useRegion(lang: string, enabled = true): Region | null {
  const [region, setRegion] = useState<Region | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    loadRegion(lang).then(
      (r) => current && setRegion(r),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [lang, enabled]);
  return region;
}
