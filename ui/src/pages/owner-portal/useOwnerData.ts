import { useCallback, useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import type { OwnerProperties, OwnerPropertyDetail } from "../../lib/api/account";
import { ApiError, request } from "../../app/api";
import { isUnauthorized, useLoginRedirect } from "../../features/account/useLoginRedirect";

export type Load<T> =
  | { status: "loading" }
  | { status: "ok"; data: T }
  | { status: "not-found"; message: string }
  | { status: "error"; message: string };

/**
 * A GET of the owner API. A 401 sends the owner to the login page, which
 * brings them back here (and says the session expired when it did).
 */
function useOwnerGet<T>(url: string | null, loginBase: string): { load: Load<T>; retry: () => void } {
  const toLogin = useLoginRedirect(loginBase);
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: ["owner", url],
    queryFn: ({ signal }) => request<T>(url ?? "", { signal }),
    enabled: url !== null,
  });
  useEffect(() => {
    if (error) toLogin(error);
  }, [error, toLogin]);
  const retry = useCallback(() => void refetch(), [refetch]);
  return { load: loadOf(data, isFetching ? null : error), retry };
}

function loadOf<T>(data: T | undefined, error: Error | null): Load<T> {
  if (data !== undefined) return { status: "ok", data };
  if (!error || isUnauthorized(error)) return { status: "loading" };
  const status = error instanceof ApiError ? error.status : 0;
  const message = error instanceof ApiError ? error.body.message : "";
  if (status === 404) return { status: "not-found", message };
  // A 403 says why (a searcher's account has no properties); other failures get the portal's own words.
  return { status: "error", message: status === 403 ? message : "" };
}

/** Every property of the owner with its visit totals. */
export function useOwnerProperties(lang: string, loginBase: string) {
  return useOwnerGet<OwnerProperties>(`/api/owner/properties?lang=${encodeURIComponent(lang)}`, loginBase);
}

/** One property's statistics, history and documents; nothing is asked while id is null. */
export function useOwnerProperty(id: number | null, lang: string, loginBase: string) {
  const url = id === null ? null : `/api/owner/properties/${id}?lang=${encodeURIComponent(lang)}`;
  return useOwnerGet<OwnerPropertyDetail>(url, loginBase);
}
