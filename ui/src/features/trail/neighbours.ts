import type { Trail, TrailHit } from "../../lib/trail/storage";

/** A neighbour in the search: a listing of the window, a page still to fetch, or nothing (an end of the result). */
export type Neighbour = { kind: "hit"; hit: TrailHit } | { kind: "page"; page: number } | { kind: "none" };

export interface Place {
  /** 1-based position in the whole result. */
  position: number;
  total: number;
  /** The 0-based page of the list this listing is on. */
  page: number;
  previous: Neighbour;
  next: Neighbour;
}

const none: Neighbour = { kind: "none" };

/** Where listing `id` stands in the trail, or null when it is not in it (the visitor came from elsewhere). */
export function locate(trail: Trail, id: number): Place | null {
  const index = trail.hits.findIndex((h) => h.id === id);
  if (index < 0) return null;
  const global = trail.offset + index;
  const end = trail.offset + trail.hits.length;
  const hpp = trail.hitsPerPage;
  const before = trail.hits[index - 1];
  const after = trail.hits[index + 1];
  let previous: Neighbour = none;
  if (before) previous = { kind: "hit", hit: before };
  else if (trail.offset > 0) previous = { kind: "page", page: Math.floor((trail.offset - 1) / hpp) };
  let next: Neighbour = none;
  if (after) next = { kind: "hit", hit: after };
  else if (end < trail.nbHits && Math.floor(end / hpp) < trail.nbPages) next = { kind: "page", page: Math.floor(end / hpp) };
  return {
    position: global + 1,
    // The count may lag behind the window after a change of the data; never show 'Property 60 of 58'.
    total: Math.max(trail.nbHits, end),
    page: Math.floor(global / hpp),
    previous,
    next,
  };
}

/** One page of the search as the search API answers it. */
export interface PageResult {
  page: number;
  hits: TrailHit[];
  nbHits: number;
  nbPages: number;
}

/**
 * The trail with a fetched page added to its window (before or after it when
 * adjacent, else instead of it), trimmed to the pages around listing `id` so
 * the record stays small however far the visitor walks.
 */
export function mergePage(trail: Trail, result: PageResult, id: number): Trail {
  const hpp = trail.hitsPerPage;
  const start = result.page * hpp;
  const end = trail.offset + trail.hits.length;
  let offset: number;
  let hits: TrailHit[];
  if (start === end && trail.hits.length % hpp === 0) {
    offset = trail.offset;
    hits = [...trail.hits, ...result.hits];
  } else if (start + hpp === trail.offset && result.hits.length === hpp) {
    offset = start;
    hits = [...result.hits, ...trail.hits];
  } else {
    offset = start;
    hits = result.hits;
  }
  const at = hits.findIndex((h) => h.id === id);
  if (at >= 0) {
    const page = Math.floor((offset + at) / hpp);
    const from = Math.max(offset, (page - 1) * hpp);
    const to = (page + 2) * hpp;
    hits = hits.slice(from - offset, to - offset);
    offset = from;
  }
  return { ...trail, offset, hits, nbHits: result.nbHits, nbPages: result.nbPages };
}
