import { areaRules, type AreaPoint } from "../forms/rules";

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
