import type { InitialResults } from "instantsearch.js";
import { currentViewParam } from "../search/useViewParam";
import { listState, listUrlOf } from "./search";
import { writeTrail } from "./storage";

interface ListHit {
  id: number;
  url: string;
}

/**
 * Records the server's first results as the search a card was opened from,
 * as useRecordTrail does for the live list: the first screen runs without
 * InstantSearch, and its state is then the address's.
 */
export function recordFirstResults(lang: string, indexName: string, filters: string, initial: InitialResults | undefined): void {
  const first = initial?.[indexName]?.results?.[0];
  const { hitsPerPage, nbHits, nbPages, page } = first ?? {};
  if (!first || hitsPerPage === undefined || nbHits === undefined || nbPages === undefined || page === undefined) return;
  const { pathname, search } = window.location;
  const state = listState({ list: pathname + search, index: indexName });
  writeTrail({
    lang,
    list: listUrlOf(pathname, indexName, state, currentViewParam()),
    index: indexName,
    filters,
    hitsPerPage,
    nbHits,
    nbPages,
    offset: page * hitsPerPage,
    hits: (first.hits as unknown as ListHit[]).map((h) => ({ id: h.id, path: h.url })),
  });
}
