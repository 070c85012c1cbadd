import L from "leaflet";
import type { Feature, FeatureCollection } from "geojson";
import { useEffect, useMemo, useState } from "react";
import { GeoJSON, Marker, Pane } from "react-leaflet";
import { useRegion, type RegionTown } from "./region";

/**
 * Below Leaflet's tile pane (200): loaded tiles cover this layer, and tiles that fail (no network, a tile server down)
 * stay hidden (Leaflet shows a tile only once it has loaded), so this layer shows through instead of a blank map.
 */
const panes = { land: 150, towns: 160 } as const;

/** A country is land with its border; a country's provinces are lines across it, fainter than the border. */
function borderStyle(feature?: Feature): L.PathOptions {
  const provinces = feature?.properties?.kind === "provinces";
  return { className: provinces ? "map-fallback__provinces" : "map-fallback__land", interactive: false };
}

let borders: Promise<FeatureCollection> | null = null;

/** The borders come in their own chunk, with the first map. */
function loadBorders(): Promise<FeatureCollection> {
  borders ??= import("./data/borders.json").then((m) => m.default as unknown as FeatureCollection);
  return borders;
}

function useBorders(): FeatureCollection | null {
  const [data, setData] = useState<FeatureCollection | null>(null);
  useEffect(() => {
    let current = true;
    loadBorders().then(
      (d) => current && setData(d),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return data;
}

function TownLabel({ town }: { town: RegionTown }) {
  const icon = useMemo(
    () =>
      L.divIcon({
        className: "map-fallback__town",
        // Text only: a marker's name is the listing's, this is the ground under it.
        html: `<span class="map-fallback__dot"></span><span class="map-fallback__name">${escapeHtml(town.name)}</span>`,
        iconSize: undefined,
        iconAnchor: [4, 4],
      }),
    [town.name],
  );
  return <Marker position={[town.lat, town.lng]} icon={icon} interactive={false} keyboard={false} />;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The map under the tiles, from data we own: Belgium's and Luxembourg's borders, Belgium's provinces, and the agency's
 * towns by name.
 */
export function FallbackLayer({ lang }: { lang: string }) {
  const data = useBorders();
  const region = useRegion(lang);
  return (
    <>
      <Pane name="fallback-land" style={{ zIndex: panes.land }}>
        {data ? <GeoJSON data={data} style={borderStyle} interactive={false} /> : null}
      </Pane>
      <Pane name="fallback-towns" className="map-fallback__towns" style={{ zIndex: panes.towns }}>
        {region?.towns.map((town) => <TownLabel key={`${town.zip} ${town.name}`} town={town} />)}
      </Pane>
    </>
  );
}
