import { startTransition, useCallback, useContext, useEffect, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { I18nContext } from "react-i18next";
import type { PageData } from "../lib/api/types";
import { isExternal } from "../lib/routing/links";
import { fetchPage, isRedirect } from "./api";
import { pageKey } from "./query";

export interface PageState {
  /** The page on screen: while the next one loads, still the previous one. */
  page: PageData;
  /** The next page is being fetched. */
  pending: boolean;
  /** The last fetch failed; the shell shows the API error state instead of the page. */
  error: Error | null;
  retry: () => void;
  /** Counts what was put on screen after the first page (a page or an error), for focus and scroll handling. */
  commits: number;
}

/** How long a page left behind stays in the cache, for back and forth. */
const pageCacheTime = 30 * 60_000;

interface Shown {
  key: string;
  page: PageData;
  error: Error | null;
  commits: number;
}

/**
 * The PageData of the current path: the server's for the first path (the
 * query's initial data, so neither the server's render nor the hydration
 * asks anything), then from /api/page through the query cache, one entry
 * per path. A redirect answer replaces the location. The language of a new
 * page is loaded before the page shows, so no text flashes as a key.
 */
export function usePageData(pathname: string, initial: PageData): PageState {
  const navigate = useNavigate();
  const client = useQueryClient();
  // The provider's instance itself: useTranslation's wrapper changes identity with the language.
  const { i18n } = useContext(I18nContext);
  const queryKey = pageKey(pathname);
  const key = queryKey[1];
  const [initialKey] = useState(key);
  const { data, error, fetchStatus, refetch } = useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      const answer = await fetchPage(pathname, signal);
      if (!isRedirect(answer)) await i18n.loadLanguages(answer.lang);
      return answer;
    },
    initialData: key === initialKey ? initial : undefined,
    staleTime: Infinity,
    gcTime: pageCacheTime,
  });
  const [shown, setShown] = useState<Shown>({ key: initialKey, page: initial, error: null, commits: 0 });

  useEffect(() => {
    if (data !== undefined && isRedirect(data)) {
      // Where a path leads can change (a login): the next visit asks again.
      client.removeQueries({ queryKey: pageKey(key), exact: true });
      if (isExternal(data.redirect)) window.location.replace(data.redirect);
      else void navigate(data.redirect, { replace: true });
      return;
    }
    if (data !== undefined) {
      if (shown.key === key && shown.page === data && !shown.error) return;
      startTransition(() => {
        if (i18n.language !== data.lang) void i18n.changeLanguage(data.lang);
        setShown((s) => ({ key, page: data, error: null, commits: s.commits + 1 }));
      });
      return;
    }
    if (error && fetchStatus === "idle" && (shown.key !== key || shown.error !== error)) {
      setShown((s) => ({ ...s, key, error, commits: s.commits + 1 }));
    }
  }, [data, error, fetchStatus, key, shown, client, navigate, i18n]);

  const retry = useCallback(() => void refetch(), [refetch]);
  const pending = key !== shown.key || fetchStatus === "fetching";
  return { page: shown.page, pending, error: shown.error, retry, commits: shown.commits };
}
