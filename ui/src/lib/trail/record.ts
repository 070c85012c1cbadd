import { useCallback } from "react";
import { useInstantSearch } from "react-instantsearch";
import { currentViewParam } from "../search/useViewParam";
import { listUrlOf } from "./search";
import { writeTrail, type TrailHit } from "./storage";

interface ListHit {
  id: number;
  url: string;
}

/**
 * A callback for the list's cards that records the search on the way to a
 * detail (SearchTrail reads it there). The address is rebuilt from the state
 * on screen: the router writes it up to 400 ms after a change.
 */
export function useRecordTrail(lang: string, indexName: string): () => void {
  const { results, indexUiState } = useInstantSearch();
  return useCallback(() => {
    if (!results || results.__isArtificial) return;
    const { configure, ...state } = indexUiState;
    const filters = typeof configure?.filters === "string" ? configure.filters : "";
    const hits: TrailHit[] = (results.hits as unknown as ListHit[]).map((h) => ({ id: h.id, path: h.url }));
    writeTrail({
      lang,
      list: listUrlOf(window.location.pathname, indexName, state, currentViewParam()),
      index: indexName,
      filters,
      hitsPerPage: results.hitsPerPage,
      nbHits: results.nbHits,
      nbPages: results.nbPages,
      offset: results.page * results.hitsPerPage,
      hits,
    });
  }, [results, indexUiState, lang, indexName]);
}
