import type { AccountState } from "../lib/api/account";
import type { PageData, SiteData } from "../lib/api/types";

// The one client of our own HTTP API: every request of the app goes through
// request(), which speaks JSON, sends the CSRF header where a change needs it
// and turns every failure into one ApiError. What is retried, and when, is
// the query client's business (query.ts), not each caller's.

/** The error shape every API answer shares (httpd/respond.go); absent fields are empty. */
export interface ErrorBody {
  message: string;
  errors: Record<string, string>;
  detail: string;
  /** Seconds to wait: the body's retryAfter, else the Retry-After header; 0 when neither says. */
  retryAfter: number;
  /** A 401 whose session existed and timed out. */
  expired: boolean;
}

/** A failed call to our own API: nothing reached the server (status 0), or it answered an error. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody;
  /** The answer's JSON as sent (undefined when it had none): some errors carry data, a 404 page. */
  readonly data: unknown;

  constructor(message: string, status = 0, body: Partial<ErrorBody> = {}, data?: unknown) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.body = { message: "", errors: {}, detail: "", retryAfter: 0, expired: false, ...body };
    this.data = data;
  }
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT";
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /** A change under /api/account, /api/owner or /api/demand: a fresh CSRF token is read first and sent as X-CSRF-Token. */
  csrf?: boolean;
}

const text = (v: unknown): string => (typeof v === "string" ? v : "");

function errorBody(data: unknown, retryHeader: string | null): ErrorBody {
  const o = (data && typeof data === "object" ? data : {}) as Record<string, unknown>;
  const errors: Record<string, string> = {};
  if (o.errors && typeof o.errors === "object") {
    for (const [name, message] of Object.entries(o.errors as Record<string, unknown>)) {
      if (typeof message === "string") errors[name] = message;
    }
  }
  const header = Number(retryHeader ?? "0");
  const retryAfter = typeof o.retryAfter === "number" && o.retryAfter > 0 ? o.retryAfter : Number.isFinite(header) && header > 0 ? header : 0;
  return { message: text(o.message), errors, detail: text(o.detail), retryAfter, expired: o.expired === true };
}

/**
 * One call to our API; resolves to the answer's JSON on a 2xx. An abort
 * stays an abort (the caller went away); anything else that goes wrong is
 * an ApiError: status 0 when nothing reached the server, else the answer's
 * status with its error shape.
 */
export async function request<T>(url: string, { method = "GET", body, signal, csrf }: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (csrf) headers["x-csrf-token"] = (await fetchAccount(signal)).csrf;
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers,
      credentials: "same-origin",
      signal,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError(err instanceof Error ? err.message : String(err));
  }
  let data: unknown;
  try {
    data = await res.json();
  } catch (err) {
    if (signal?.aborted) throw err;
    data = undefined;
  }
  if (res.ok && data !== undefined) return data as T;
  const shape = errorBody(data, res.headers.get("retry-after"));
  const reason = res.ok ? "unreadable answer" : shape.message || `HTTP ${res.status}`;
  throw new ApiError(`${method} ${url.split("?")[0]}: ${reason}`, res.status, shape, data);
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
  const url = `/api/page?path=${encodeURIComponent(path)}`;
  let body: unknown;
  try {
    body = await request<unknown>(url, { signal });
  } catch (err) {
    if (err instanceof ApiError && isPageAnswer(err.data)) return err.data;
    throw err;
  }
  if (!isPageAnswer(body)) throw new ApiError("GET /api/page: no page in the answer", 200, {}, body);
  return body;
}

/** The shell's data (the #site-data of a page the server sent). */
export function fetchSite(signal?: AbortSignal): Promise<SiteData> {
  return request<SiteData>("/api/site", { signal });
}

/** GET /api/account: who is logged in, and the CSRF token every change must carry. */
export async function fetchAccount(signal?: AbortSignal): Promise<AccountState> {
  const body = await request<Partial<AccountState>>("/api/account", { signal });
  if (typeof body.csrf !== "string") throw new ApiError("GET /api/account: no CSRF token", 200, {}, body);
  return { csrf: body.csrf, account: body.account ?? null };
}
