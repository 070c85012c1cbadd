import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import type { Lang } from "../../lib/api/types";
import type { LogoutRequest } from "../../lib/api/account";
import { request } from "../../app/api";
import { accountKey } from "../../app/query";

export type LogoutState = "idle" | "sending" | "failed";

/**
 * Logs out (here or everywhere) and goes where the server says, the login
 * page; done runs first, for a screen that stays on that page.
 */
export function useLogout(lang: Lang, done?: () => void): { state: LogoutState; logout: (everywhere: boolean) => Promise<void> } {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { mutateAsync, isPending, isError } = useMutation({
    mutationFn: (everywhere: boolean) => {
      const body: LogoutRequest = everywhere ? { lang, everywhere } : { lang };
      return request<{ redirect?: string }>("/api/account/logout", { method: "POST", body, csrf: true });
    },
    onSuccess: (answer) => {
      // Nobody is logged in any more: a screen showing who is asks again.
      void client.invalidateQueries({ queryKey: accountKey });
      done?.();
      if (typeof answer.redirect === "string" && answer.redirect) void navigate(answer.redirect);
    },
  });
  const logout = (everywhere: boolean) => mutateAsync(everywhere).then(
    () => {},
    () => {},
  );
  return { state: isPending ? "sending" : isError ? "failed" : "idle", logout };
}
