import type { GeoBounds, LatLng, MapHit } from "./types";

/** Where the map looks before it knows any result: Belgium as a whole. */
export const defaultView = { center: { lat: 50.5, lng: 4.6 } as LatLng, zoom: 7, minZoom: 5, maxZoom: 18 };

/** The furthest a fit zooms in, so one result still shows its town and surroundings. */
export const fitMaxZoom = 14;

/**
 * Radius in metres of the area drawn for a listing whose address is hidden:
 * the server rounds its point to two decimals (listing.DisplayGeo), so the
 * house lies within about 1 km of it.
 */
export const approximateRadius = 1000;

/**
 * Whether a hit's point is only approximate. An explicit addressPublished
 * wins; without it, a missing street tells, because the index never holds
 * the street of an unpublished address (index/docs.go) — and drawing an area
 * for a published address without a street hides nothing that matters.
 */
export function isApproximate(hit: Pick<MapHit, "addressPublished" | "street">): boolean {
  if (hit.addressPublished !== undefined) return !hit.addressPublished;
  return !hit.street;
}

/** The smallest box holding every hit's point, or null when there is none. */
export function boundsOfHits(hits: readonly Pick<MapHit, "_geoloc">[]): GeoBounds | null {
  let box: GeoBounds | null = null;
  for (const { _geoloc: p } of hits) {
    if (!p || !Number.isFinite(p.lat) || !Number.isFinite(p.lng)) continue;
    if (!box) {
      box = { northEast: { lat: p.lat, lng: p.lng }, southWest: { lat: p.lat, lng: p.lng } };
      continue;
    }
    box.northEast.lat = Math.max(box.northEast.lat, p.lat);
    box.northEast.lng = Math.max(box.northEast.lng, p.lng);
    box.southWest.lat = Math.min(box.southWest.lat, p.lat);
    box.southWest.lng = Math.min(box.southWest.lng, p.lng);
  }
  return box;
}

/** Leaflet's [[south, west], [north, east]] form of a box. */
export function toLatLngTuple(box: GeoBounds): [[number, number], [number, number]] {
  return [
    [box.southWest.lat, box.southWest.lng],
    [box.northEast.lat, box.northEast.lng],
  ];
}

/** A view's box as the connector wants it, from Leaflet's corner getters. */
export function fromViewBounds(view: {
  getNorthEast(): LatLng;
  getSouthWest(): LatLng;
}): GeoBounds {
  const ne = view.getNorthEast();
  const sw = view.getSouthWest();
  return { northEast: { lat: ne.lat, lng: ne.lng }, southWest: { lat: sw.lat, lng: sw.lng } };
}
