/** One listing of a recorded search: its id and its detail page's path. */
export interface TrailHit {
  id: number;
  path: string;
}

/**
 * The search a visitor opened a listing from: enough to show 'Property 3 of
 * 58', link the neighbours and fetch the next page of the very same search.
 * The hits are a window of whole pages of the result, starting at `offset`.
 */
export interface Trail {
  lang: string;
  /** The list's path and query string, as the list's router writes them. */
  list: string;
  /** The list's index (the sort is in `list`). */
  index: string;
  /** The list's fixed filter, which the address does not carry (goal:sale). */
  filters: string;
  hitsPerPage: number;
  nbHits: number;
  nbPages: number;
  /** Position in the whole result (0-based) of hits[0]; a multiple of hitsPerPage. */
  offset: number;
  hits: TrailHit[];
}

// The version is in the key: a future shape never reads an old one as its own.
export const trailKey = "estate.trail.v1";

/** A window holds at most three pages of the largest page size (48), with room to spare. */
const maxHits = 300;

const isCount = (v: unknown, min = 0): v is number => typeof v === "number" && Number.isSafeInteger(v) && v >= min;

/** A path on this site: absolute, and not protocol-relative ("//host"), so a link can never leave the site. */
export const isLocalPath = (v: unknown): v is string => typeof v === "string" && v.startsWith("/") && !v.startsWith("//") && !v.includes("\\");

function parseHit(v: unknown): TrailHit | null {
  if (typeof v !== "object" || v === null) return null;
  const { id, path } = v as Record<string, unknown>;
  return isCount(id, 1) && isLocalPath(path) ? { id, path } : null;
}

/** A trail from anything (storage is the visitor's to edit): null unless every field holds what it should. */
export function parseTrail(v: unknown): Trail | null {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return null;
  const o = v as Record<string, unknown>;
  const { lang, list, index, filters, hitsPerPage, nbHits, nbPages, offset, hits } = o;
  if (typeof lang !== "string" || !/^[a-z]{2}$/.test(lang)) return null;
  if (!isLocalPath(list) || typeof index !== "string" || !/^[\w-]+$/.test(index) || typeof filters !== "string") return null;
  if (!isCount(hitsPerPage, 1) || hitsPerPage > 1000 || !isCount(nbHits) || !isCount(nbPages) || !isCount(offset)) return null;
  if (offset % hitsPerPage !== 0 || !Array.isArray(hits) || hits.length === 0 || hits.length > maxHits) return null;
  const parsed = hits.map(parseHit);
  if (parsed.some((h) => h === null)) return null;
  return { lang, list, index, filters, hitsPerPage, nbHits, nbPages, offset, hits: parsed as TrailHit[] };
}

type Store = Pick<Storage, "getItem" | "setItem">;

function sessionStore(): Store | null {
  try {
    // Reading the property itself throws where storage is blocked.
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The tab's recorded search, or null (none, unreadable, or not one of ours). */
export function readTrail(store: Store | null = sessionStore()): Trail | null {
  try {
    const raw = store?.getItem(trailKey);
    return raw ? parseTrail(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

/** Records the search for this tab; a full or blocked storage only costs the trail. */
export function writeTrail(trail: Trail, store: Store | null = sessionStore()): void {
  const valid = parseTrail(trail);
  if (!valid || !store) return;
  try {
    store.setItem(trailKey, JSON.stringify(valid));
  } catch {
    // Quota or privacy mode: the detail page then simply shows no trail.
  }
}
