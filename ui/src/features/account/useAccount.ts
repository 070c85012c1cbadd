import { useCallback } from "react";
import { useQuery } from "@tanstack/react-query";
import type { AccountState } from "../../lib/api/account";
import { fetchAccount } from "../../app/api";
import { accountKey } from "../../app/query";

export type AccountLoad = { status: "loading" } | { status: "ready"; state: AccountState } | { status: "error" };

/**
 * Who is logged in (GET /api/account), asked on every mount (nothing kept
 * once no screen shows it: a login or logout elsewhere changes it); refresh()
 * asks again, e.g. after a logout.
 */
export function useAccount(): { load: AccountLoad; refresh: () => void } {
  const { data, isError, refetch } = useQuery({
    queryKey: accountKey,
    queryFn: ({ signal }) => fetchAccount(signal),
    gcTime: 0,
  });
  const refresh = useCallback(() => void refetch(), [refetch]);
  const load: AccountLoad = data ? { status: "ready", state: data } : isError ? { status: "error" } : { status: "loading" };
  return { load, refresh };
}
