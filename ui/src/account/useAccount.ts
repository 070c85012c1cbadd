import { useCallback, useEffect, useState } from "react";
import type { AccountState } from "../api/account";
import { fetchAccount } from "./client";

export type AccountLoad = { status: "loading" } | { status: "ready"; state: AccountState } | { status: "error" };

/** Who is logged in (GET /api/account), loaded once per mount; refresh() asks again, e.g. after a logout. */
export function useAccount(): { load: AccountLoad; refresh: () => void } {
  const [load, setLoad] = useState<AccountLoad>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    fetchAccount().then(
      (state) => current && setLoad({ status: "ready", state }),
      () => current && setLoad({ status: "error" }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  const refresh = useCallback(() => setAttempt((n) => n + 1), []);
  return { load, refresh };
}
