import { useCallback, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import type { Unauthorized } from "../api/account";
import { loginPath } from "./client";

/**
 * What a screen of a logged-in person does with a 401: send them to the
 * login page (loginBase), which brings them back to this screen as it was
 * and says the session expired when the server says so.
 */
export function useLoginRedirect(loginBase: string): (body: unknown) => void {
  const navigate = useNavigate();
  const location = useLocation();
  // Only this screen's own address: once the app moves on to the login, a
  // late answer must still bring the person back here, not to the login.
  const screen = useRef(location.pathname);
  const here = useRef("");
  if (location.pathname === screen.current) here.current = `${location.pathname}${location.search}`;
  // Once on the way, a second 401 (a request repeated as the address
  // changes) does not navigate again.
  const redirected = useRef(false);
  return useCallback(
    (body: unknown) => {
      if (redirected.current) return;
      redirected.current = true;
      const expired = (body as Partial<Unauthorized> | null)?.expired === true;
      void navigate(loginPath(loginBase, here.current, expired), { replace: true });
    },
    [loginBase, navigate],
  );
}
