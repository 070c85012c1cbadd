// Trails for the tests (imported by *.test.ts(x) only).
import type { Trail, TrailHit } from "./storage";

export const hitsFrom = (first: number, count: number): TrailHit[] =>
  Array.from({ length: count }, (_, i) => ({ id: 4000 + first + i, path: `/nl/te-koop/bouillon/woning/${4000 + first + i}/` }));

/** Page `page` (0-based) of a 58-listing search shown 12 per page. */
export function trailOf(page: number, overrides: Partial<Trail> = {}): Trail {
  const hpp = overrides.hitsPerPage ?? 12;
  const nbHits = overrides.nbHits ?? 58;
  return {
    lang: "nl",
    list: "/nl/te-koop/?city=Bouillon",
    index: "properties_nl",
    filters: "goal:sale",
    hitsPerPage: hpp,
    nbHits,
    nbPages: Math.ceil(nbHits / hpp),
    offset: page * hpp,
    hits: hitsFrom(page * hpp, Math.min(hpp, nbHits - page * hpp)),
    ...overrides,
  };
}
