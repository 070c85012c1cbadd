// Loaded on demand by SearchTrail, at a page edge only: the search client stays out of the detail page's first load.
import { createSearchClient, type SearchClient } from "../../lib/search/client";
import type { PageResult } from "./neighbours";
import { pageRequest } from "../../lib/trail/search";
import { isLocalPath, type Trail, type TrailHit } from "../../lib/trail/storage";

let shared: SearchClient | null = null;

function toHit(h: Record<string, unknown>): TrailHit | null {
  return typeof h.id === "number" && Number.isSafeInteger(h.id) && h.id > 0 && isLocalPath(h.url) ? { id: h.id, path: h.url } : null;
}

/** Fetches 0-based `page` of the trail's search with the site's search client. */
export async function fetchPage(trail: Trail, page: number, client: Pick<SearchClient, "search"> = (shared ??= createSearchClient())): Promise<PageResult> {
  const { indexName, params } = pageRequest(trail, page);
  const { results } = await client.search({ requests: [{ indexName, ...params }] });
  const [first] = results as unknown as [{ hits?: Record<string, unknown>[]; nbHits?: number; nbPages?: number } | undefined];
  if (!first || !Array.isArray(first.hits)) throw new Error("the search answered no hits");
  return {
    page,
    hits: first.hits.map(toHit).filter((h): h is TrailHit => h !== null),
    nbHits: first.nbHits ?? 0,
    nbPages: first.nbPages ?? 0,
  };
}
