import { useEffect, useState } from "react";
import { searchQuick, type QuickResults, type QuickSearcher } from "./search";

export const debounceMs = 150;

const empty: QuickResults = { properties: [], towns: [] };

export interface QuickSearchState {
  results: QuickResults;
  loading: boolean;
  failed: boolean;
}

/**
 * Results for what the visitor typed, searched `debounceMs` after the last
 * keystroke; an answer to an older query never replaces a newer one.
 */
export function useQuickSearch(lang: string, query: string, search: QuickSearcher = searchQuick): QuickSearchState {
  const [state, setState] = useState<QuickSearchState>({ results: empty, loading: false, failed: false });
  const q = query.trim();
  useEffect(() => {
    if (q === "") {
      setState({ results: empty, loading: false, failed: false });
      return;
    }
    let current = true;
    setState((s) => ({ ...s, loading: true }));
    const timer = window.setTimeout(() => {
      search(lang, q).then(
        (results) => current && setState({ results, loading: false, failed: false }),
        () => current && setState({ results: empty, loading: false, failed: true }),
      );
    }, debounceMs);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [lang, q, search]);
  return state;
}
