import type { LatLng } from "./types";

/** A map's view as the address keeps it: `map=zoom/lat/lng`, as leaflet-hash writes it in a hash. */
export interface MapPosition extends LatLng {
  zoom: number;
}

/** The query parameter that holds the results map's view. */
export const mapParam = "map";

/** The decimals a view needs at a zoom: finer as it zooms in, about a pixel's worth (leaflet-hash's rule). */
function precision(zoom: number): number {
  return Math.max(0, Math.ceil(Math.log(zoom) / Math.LN2));
}

/** A view as the parameter's value, "12/49.8123/5.0612". */
export function formatMapPosition({ zoom, lat, lng }: MapPosition): string {
  const z = Math.round(zoom * 100) / 100;
  const p = precision(z);
  return `${z}/${lat.toFixed(p)}/${lng.toFixed(p)}`;
}

/**
 * The view a parameter's value names, within the map's zoom range and the world; null for anything else (an address
 * is the visitor's: it may hold anything).
 */
export function parseMapPosition(value: string | null | undefined, zoomRange: { minZoom: number; maxZoom: number }): MapPosition | null {
  const m = value ? /^(\d{1,2}(?:\.\d+)?)\/(-?\d{1,2}(?:\.\d+)?)\/(-?\d{1,3}(?:\.\d+)?)$/.exec(value) : null;
  if (!m) return null;
  const [zoom, lat, lng] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (zoom < zoomRange.minZoom || zoom > zoomRange.maxZoom || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { zoom, lat, lng };
}

/** The map parameter of a query string ("?view=map&map=…"), as it stands. */
export function mapParamOf(search: string): string | undefined {
  return new URLSearchParams(search).get(mapParam) ?? undefined;
}
