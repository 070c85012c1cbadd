import { areaRules, type AreaPoint } from "../rules";

export type { AreaPoint };

/** 5 decimals: about a metre, more than a search area needs, and a short JSON body. */
const precision = 1e5;

const round = (n: number) => Math.round(n * precision) / precision;

/** A drawn ring as the API takes it: [lat, lng] pairs, rounded, the closing repeat of the first point left out. */
export function toArea(ring: readonly { lat: number; lng: number }[]): AreaPoint[] {
  const points = ring.map(({ lat, lng }): AreaPoint => [round(lat), round(lng)]);
  const first = points[0];
  const last = points[points.length - 1];
  if (points.length > 1 && first && last && first[0] === last[0] && first[1] === last[1]) points.pop();
  return points;
}

/** Whether two areas have the same points in the same order. */
export function sameArea(a: readonly AreaPoint[], b: readonly AreaPoint[]): boolean {
  return a.length === b.length && a.every((p, i) => p[0] === b[i]?.[0] && p[1] === b[i]?.[1]);
}

/** The box the map keeps to: the area the server accepts, where the agency's listings are. */
export const areaBox: [AreaPoint, AreaPoint] = [
  [areaRules.south, areaRules.west],
  [areaRules.north, areaRules.east],
];

/**
 * Whether a point lies inside an area (even-odd rule on its ring, lat/lng
 * taken as plane coordinates: a search area spans a few tens of kilometres).
 */
export function inArea(point: { lat: number; lng: number }, area: readonly AreaPoint[]): boolean {
  let inside = false;
  for (let i = 0, j = area.length - 1; i < area.length; j = i++) {
    const [latI, lngI] = area[i] as AreaPoint;
    const [latJ, lngJ] = area[j] as AreaPoint;
    if (latI > point.lat !== latJ > point.lat && point.lng < ((lngJ - lngI) * (point.lat - latI)) / (latJ - latI) + lngI) {
      inside = !inside;
    }
  }
  return inside;
}

/** The places that lie inside an area (none for fewer than three points). */
export function placesInArea<P extends { lat: number; lng: number }>(area: readonly AreaPoint[], places: readonly P[]): P[] {
  return area.length < 3 ? [] : places.filter((p) => inArea(p, area));
}
