import { useCallback, useEffect, useState } from "react";
import type { OwnerProperties, OwnerPropertyDetail, Unauthorized } from "../../api/account";
import { getJSON } from "../../account/client";
import { useLoginRedirect } from "../../account/useLoginRedirect";

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
  const [load, setLoad] = useState<Load<T>>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (url === null) return;
    let current = true;
    setLoad({ status: "loading" });
    getJSON<T>(url).then(
      (res) => {
        if (!current) return;
        if (res.ok) setLoad({ status: "ok", data: res.body });
        else if (res.status === 401) toLogin(res.body);
        else {
          const { message } = res.body as Partial<Unauthorized>;
          const text = typeof message === "string" ? message : "";
          // A 403 says why (a searcher's account has no properties); other failures get the portal's own words.
          if (res.status === 404) setLoad({ status: "not-found", message: text });
          else setLoad({ status: "error", message: res.status === 403 ? text : "" });
        }
      },
      () => current && setLoad({ status: "error", message: "" }),
    );
    return () => {
      current = false;
    };
  }, [url, attempt, toLogin]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { load, retry };
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
