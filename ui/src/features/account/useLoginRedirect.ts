import { useCallback, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { ApiError } from "../../app/api";
import { loginPath } from "./paths";

/** Whether an error is the API's 401: no session, or it expired. */
export function isUnauthorized(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 401;
}

/**
 * What a screen of a logged-in person does with a 401: send them to the
 * login page (loginBase), which brings them back to this screen as it was
 * and says the session expired when the server says so. The function it
 * returns takes any error and answers whether it was a 401 (and so handled).
 */
export function useLoginRedirect(loginBase: string): (error: unknown) => boolean {
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
    (error: unknown) => {
      if (!isUnauthorized(error)) return false;
      if (redirected.current) return true;
      redirected.current = true;
      void navigate(loginPath(loginBase, here.current, error.body.expired), { replace: true });
      return true;
    },
    [loginBase, navigate],
  );
}
