import { useState } from "react";
import { useNavigate } from "react-router";
import type { Lang } from "../api/types";
import type { LogoutRequest } from "../api/account";
import { send } from "./client";

export type LogoutState = "idle" | "sending" | "failed";

/**
 * Logs out (here or everywhere) and goes where the server says, the login
 * page; done runs first, for a screen that stays on that page.
 */
export function useLogout(lang: Lang, done?: () => void): { state: LogoutState; logout: (everywhere: boolean) => Promise<void> } {
  const navigate = useNavigate();
  const [state, setState] = useState<LogoutState>("idle");

  const logout = async (everywhere: boolean) => {
    setState("sending");
    const body: LogoutRequest = everywhere ? { lang, everywhere } : { lang };
    try {
      const res = await send<{ redirect?: string }>("POST", "/api/account/logout", body);
      if (!res.ok) {
        setState("failed");
        return;
      }
      setState("idle");
      done?.();
      if (typeof res.body.redirect === "string" && res.body.redirect) void navigate(res.body.redirect);
    } catch {
      setState("failed");
    }
  };
  return { state, logout };
}
