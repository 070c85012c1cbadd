import { useCallback, useEffect } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Demand, DemandUpdate } from "../../lib/api/account";
import { ApiError, fetchAccount, request } from "../../app/api";
import { isUnauthorized, useLoginRedirect } from "../../features/account/useLoginRedirect";

export type DemandLoad =
  | { status: "loading" }
  | { status: "ok"; demand: Demand }
  /** An owner's account: home is its own screen ("" when unknown). */
  | { status: "forbidden"; home: string }
  | { status: "error" };

/** How a change ended. "away" means the person was sent to the login page. */
export type Outcome =
  | { kind: "ok"; demand: Demand }
  | { kind: "invalid"; message: string; errors: Record<string, string> }
  | { kind: "failed"; message: string }
  | { kind: "away" };

type Answer = { status: "ok"; demand: Demand } | { status: "forbidden"; home: string };

const demandKey = (lang: string) => ["demand", lang] as const;

/** The demand, or for an owner's account (a 403) where that account's own screen is. */
async function fetchDemand(lang: string, signal: AbortSignal): Promise<Answer> {
  try {
    return { status: "ok", demand: await request<Demand>(`/api/demand?lang=${encodeURIComponent(lang)}`, { signal }) };
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 403) throw err;
    const home = await fetchAccount(signal).then(
      (state) => state.account?.home ?? "",
      () => "",
    );
    return { status: "forbidden", home };
  }
}

/**
 * The searcher's demand and what can be done with it. A 401, on the first
 * load or on a change, sends the person to the login page, which brings them
 * back here (and says the session expired when it did).
 */
export function useDemand(lang: string, loginBase: string) {
  const toLogin = useLoginRedirect(loginBase);
  const client = useQueryClient();
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: demandKey(lang),
    queryFn: ({ signal }) => fetchDemand(lang, signal),
  });
  useEffect(() => {
    if (error) toLogin(error);
  }, [error, toLogin]);

  const retry = useCallback(() => void refetch(), [refetch]);
  const load: DemandLoad = data ?? (error && !isFetching && !isUnauthorized(error) ? { status: "error" } : { status: "loading" });

  /** Sends a change whose answer is the demand as it now is. */
  const change = useCallback(
    async (method: "POST" | "PUT", url: string, body: unknown): Promise<Outcome> => {
      try {
        const demand = await request<Demand>(url, { method, body, csrf: true });
        const answer: Answer = { status: "ok", demand };
        client.setQueryData(demandKey(lang), answer);
        return { kind: "ok", demand };
      } catch (err) {
        if (toLogin(err)) return { kind: "away" };
        if (!(err instanceof ApiError)) return { kind: "failed", message: "" };
        if (err.status === 422) return { kind: "invalid", message: err.body.message, errors: err.body.errors };
        return { kind: "failed", message: err.body.message };
      }
    },
    [client, lang, toLogin],
  );

  const save = useCallback((update: DemandUpdate) => change("PUT", "/api/demand", update), [change]);
  const setPaused = useCallback((paused: boolean) => change("POST", "/api/demand/pause", { paused, lang }), [change, lang]);
  const unsubscribe = useCallback(() => change("POST", "/api/demand/unsubscribe", { lang }), [change, lang]);

  return { load, retry, save, setPaused, unsubscribe };
}
