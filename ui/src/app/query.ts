import { QueryClient, type QueryClientConfig } from "@tanstack/react-query";
import { ApiError } from "./api";

// The app's one data mechanism: TanStack Query's cache in front of the API
// client (api.ts). The policy is set here once: loads of a failed answer are
// retried when trying again can help, changes never (a form is sent once),
// and nothing is asked again behind the visitor's back (no refetch on focus
// or reconnect), as the screens were built to ask once and offer a retry.

/** Tries again after a load failed: at most this many times. */
export const maxRetries = 2;

/** Whether trying again can help: nothing reached the server, or it failed or was unavailable (5xx). Never a 4xx. */
export function isTransient(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || (error.status >= 500 && error.status !== 501));
}

export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < maxRetries && isTransient(error);
}

/** Half a second, then doubling, at most 4 s; a Retry-After the server sent counts, up to 10 s. */
export function retryDelay(attempt: number, error: unknown): number {
  const asked = error instanceof ApiError ? error.body.retryAfter : 0;
  if (asked > 0) return Math.min(asked * 1000, 10_000);
  return Math.min(500 * 2 ** attempt, 4_000);
}

/**
 * The query client of one app: one per browser page, one per server render
 * (a render's cache never outlives it). Tests pass { retry: false } through
 * overrides to see a failure at once.
 */
export function createQueryClient(overrides: QueryClientConfig["defaultOptions"] = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        ...overrides.queries,
      },
      mutations: { retry: false, ...overrides.mutations },
    },
  });
}

/** The cache key of a page: one per page whatever the percent-encoding of its path. */
export function pageKey(path: string): readonly ["page", string] {
  let key = path;
  try {
    key = decodeURI(path);
  } catch {
    // A malformed escape: the path as it is.
  }
  return ["page", key];
}

/** The account (who is logged in); asked again by every screen that shows it. */
export const accountKey = ["account"] as const;
