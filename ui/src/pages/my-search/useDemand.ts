import { useCallback, useEffect, useState } from "react";
import type { Demand, DemandUpdate } from "../../api/account";
import { fetchAccount, getJSON, send, type AccountResponse } from "../../account/client";
import { useLoginRedirect } from "../../account/useLoginRedirect";

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

const messageOf = (body: unknown) => {
  const m = (body as { message?: unknown }).message;
  return typeof m === "string" ? m : "";
};

/**
 * The searcher's demand and what can be done with it. A 401, on the first
 * load or on a change, sends the person to the login page, which brings them
 * back here (and says the session expired when it did).
 */
export function useDemand(lang: string, loginBase: string) {
  const toLoginPage = useLoginRedirect(loginBase);
  const toLogin = useCallback((res: AccountResponse<unknown>) => toLoginPage(res.body), [toLoginPage]);
  const [load, setLoad] = useState<DemandLoad>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setLoad({ status: "loading" });
    const run = async (): Promise<DemandLoad | null> => {
      const res = await getJSON<Demand>(`/api/demand?lang=${encodeURIComponent(lang)}`);
      if (res.ok) return { status: "ok", demand: res.body };
      if (res.status === 401) {
        if (current) toLogin(res);
        return null;
      }
      if (res.status === 403) {
        const home = await fetchAccount().then(
          (state) => state.account?.home ?? "",
          () => "",
        );
        return { status: "forbidden", home };
      }
      return { status: "error" };
    };
    run().then(
      (next) => current && next && setLoad(next),
      () => current && setLoad({ status: "error" }),
    );
    return () => {
      current = false;
    };
  }, [lang, attempt, toLogin]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  /** Sends a change whose answer is the demand as it now is. */
  const change = useCallback(
    async (method: "POST" | "PUT", url: string, body: unknown): Promise<Outcome> => {
      let res: AccountResponse<Demand>;
      try {
        res = await send<Demand>(method, url, body);
      } catch {
        return { kind: "failed", message: "" };
      }
      if (res.ok) {
        setLoad({ status: "ok", demand: res.body });
        return { kind: "ok", demand: res.body };
      }
      if (res.status === 401) {
        toLogin(res);
        return { kind: "away" };
      }
      if (res.status === 422) {
        const errors = (res.body as { errors?: unknown }).errors;
        return {
          kind: "invalid",
          message: messageOf(res.body),
          errors: errors && typeof errors === "object" ? (errors as Record<string, string>) : {},
        };
      }
      return { kind: "failed", message: messageOf(res.body) };
    },
    [toLogin],
  );

  const save = useCallback((update: DemandUpdate) => change("PUT", "/api/demand", update), [change]);
  const setPaused = useCallback((paused: boolean) => change("POST", "/api/demand/pause", { paused, lang }), [change, lang]);
  const unsubscribe = useCallback(() => change("POST", "/api/demand/unsubscribe", { lang }), [change, lang]);

  return { load, retry, save, setPaused, unsubscribe };
}
