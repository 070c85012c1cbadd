import type { PageData, SiteData } from "../api/types";

/** A failed call to our own API (network down, server error, unreadable answer). */
export class ApiError extends Error {
  readonly status: number;

  constructor(message: string, status = 0) {
    super(message);
    this.name = "ApiError";
    this.status = status;
  }
}

/** /api/page's answer for a path that redirects (the page lives elsewhere). */
export interface RedirectAnswer {
  redirect: string;
}

export type PageAnswer = PageData | RedirectAnswer;

export function isRedirect(answer: PageAnswer): answer is RedirectAnswer {
  return typeof answer.redirect === "string" && answer.redirect !== "";
}

function isPageAnswer(v: unknown): v is PageAnswer {
  if (typeof v !== "object" || v === null) return false;
  const o = v as Record<string, unknown>;
  return (typeof o.redirect === "string" && o.redirect !== "") || (typeof o.view === "string" && typeof o.lang === "string");
}

/**
 * The page at a public path, or where it redirects. A 404 or 410 still
 * carries the page to show (not-found, withdrawn listing), so any answer
 * with page data is a page; only answers without one are errors.
 */
export async function fetchPage(path: string, signal?: AbortSignal): Promise<PageAnswer> {
  let res: Response;
  try {
    res = await fetch(`/api/page?path=${encodeURIComponent(path)}`, { signal, headers: { accept: "application/json" } });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError(err instanceof Error ? err.message : String(err));
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError(`/api/page: unreadable answer`, res.status);
  }
  if (!isPageAnswer(body)) throw new ApiError(`/api/page: HTTP ${res.status}`, res.status);
  return body;
}

export async function fetchSite(signal?: AbortSignal): Promise<SiteData> {
  let res: Response;
  try {
    res = await fetch("/api/site", { signal, headers: { accept: "application/json" } });
  } catch (err) {
    throw new ApiError(err instanceof Error ? err.message : String(err));
  }
  if (!res.ok) throw new ApiError(`/api/site: HTTP ${res.status}`, res.status);
  try {
    return (await res.json()) as SiteData;
  } catch {
    throw new ApiError("/api/site: unreadable answer", res.status);
  }
}
