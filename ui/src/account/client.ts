import type { AccountState } from "../api/account";

/** An answer of the account API: its status and JSON body (an empty object when there is none). */
export interface AccountResponse<T = Record<string, unknown>> {
  status: number;
  ok: boolean;
  body: T;
  retryAfter: number; // seconds, from Retry-After on a 429; 0 otherwise
}

/** A network failure: nothing reached the server. */
export class NetworkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "NetworkError";
  }
}

async function call<T>(method: string, url: string, body?: unknown, csrf?: string): Promise<AccountResponse<T>> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (csrf) headers["x-csrf-token"] = csrf;
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers,
      credentials: "same-origin",
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    throw new NetworkError(err instanceof Error ? err.message : String(err));
  }
  let parsed: unknown = {};
  try {
    parsed = await res.json();
  } catch {
    parsed = {};
  }
  const retry = Number(res.headers.get("retry-after") ?? "0");
  return {
    status: res.status,
    ok: res.ok,
    body: (parsed && typeof parsed === "object" ? parsed : {}) as T,
    retryAfter: Number.isFinite(retry) ? retry : 0,
  };
}

/** GET /api/account: who is logged in, and the CSRF token every change must carry. */
export async function fetchAccount(): Promise<AccountState> {
  const res = await call<AccountState>("GET", "/api/account");
  if (!res.ok || typeof res.body.csrf !== "string") throw new NetworkError(`/api/account: HTTP ${res.status}`);
  return { csrf: res.body.csrf, account: res.body.account ?? null };
}

/** A GET of the account API (owner portal, demand). */
export function getJSON<T>(url: string): Promise<AccountResponse<T>> {
  return call<T>("GET", url);
}

/** A change: fetches a fresh CSRF token first unless one is given, then sends body with it. */
export async function send<T>(method: "POST" | "PUT", url: string, body: unknown, csrf?: string): Promise<AccountResponse<T>> {
  const token = csrf ?? (await fetchAccount()).csrf;
  return call<T>(method, url, body, token);
}

/** The login page's address in lang with next set to the current path, for a 401; expired makes it say why. */
export function loginPath(loginBase: string, next: string, expired = false): string {
  return `${loginBase}?next=${encodeURIComponent(next)}${expired ? "&expired=1" : ""}`;
}
