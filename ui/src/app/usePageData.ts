import { startTransition, useCallback, useContext, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { I18nContext } from "react-i18next";
import type { PageData } from "../api/types";
import { isExternal } from "../routing/links";
import { fetchPage as defaultFetchPage, isRedirect, type PageAnswer } from "./api";

export type PageFetcher = (path: string, signal: AbortSignal) => Promise<PageAnswer>;

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

const cacheLimit = 50;

/** One key per page whatever the percent-encoding of its path. */
export function pathKey(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/**
 * The PageData of the current path: the server's for the first path, then
 * from /api/page (aborted when the path changes again, cached per path).
 * A redirect answer replaces the location. The language of a new page is
 * loaded before the page shows, so no text flashes as a key.
 */
export function usePageData(pathname: string, initial: PageData, fetcher: PageFetcher = defaultFetchPage): PageState {
  const navigate = useNavigate();
  // The provider's instance itself: useTranslation's wrapper changes identity with the language.
  const { i18n } = useContext(I18nContext);
  const initialKey = useRef(pathKey(pathname)).current;
  const cache = useRef(new Map<string, PageData>([[initialKey, initial]]));
  const shownKey = useRef(initialKey);
  const [shown, setShown] = useState({ page: initial, commits: 0 });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const [attempt, setAttempt] = useState(0);
  const key = pathKey(pathname);

  useEffect(() => {
    if (key === shownKey.current) {
      setPending(false);
      setError(null);
      return;
    }
    const controller = new AbortController();
    const { signal } = controller;
    const show = (page: PageData) => {
      if (signal.aborted) return;
      shownKey.current = key;
      startTransition(() => {
        if (i18n.language !== page.lang) void i18n.changeLanguage(page.lang);
        setShown((s) => ({ page, commits: s.commits + 1 }));
        setPending(false);
        setError(null);
      });
    };
    const fail = (err: unknown) => {
      if (signal.aborted) return;
      shownKey.current = "";
      setPending(false);
      setError(err instanceof Error ? err : new Error(String(err)));
      setShown((s) => ({ ...s, commits: s.commits + 1 }));
    };
    const cached = cache.current.get(key);
    setPending(true);
    const load: Promise<PageAnswer> = cached ? Promise.resolve(cached) : fetcher(pathname, signal);
    load
      .then(async (page) => {
        if (signal.aborted) return;
        if (isRedirect(page)) {
          if (isExternal(page.redirect)) window.location.replace(page.redirect);
          else navigate(page.redirect, { replace: true });
          return;
        }
        await i18n.loadLanguages(page.lang);
        remember(cache.current, key, page);
        show(page);
      })
      .catch(fail);
    return () => controller.abort();
    // pathname changes exactly when key does; attempt re-runs the fetch on retry.
  }, [key, attempt, fetcher, navigate, i18n]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { page: shown.page, pending, error, retry, commits: shown.commits };
}

function remember(cache: Map<string, PageData>, key: string, page: PageData) {
  cache.delete(key);
  cache.set(key, page);
  if (cache.size > cacheLimit) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
}
