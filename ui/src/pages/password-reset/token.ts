import { useEffect, useLayoutEffect, useState } from "react";

/** The reset token of an address's fragment ("#token=…"); "" when there is none. */
export function tokenOf(hash: string): string {
  const fragment = hash.startsWith("#") ? hash.slice(1) : hash;
  return new URLSearchParams(fragment).get("token")?.trim() ?? "";
}

/**
 * Takes the fragment out of the address bar and this history entry, so the
 * single-use token is not left behind for the back button or a shared screen.
 * The entry's state is kept: the router's key and index live there.
 */
export function clearHash(): void {
  if (!window.location.hash) return;
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, "", `${pathname}${search}`);
}

/**
 * The token of the address's fragment, then the fragment taken out of the
 * address (clearHash). null until read: the server never sees a fragment,
 * so the page's first render, on the server and as the browser hydrates
 * it, has none. It is read in a layout effect, before the browser paints,
 * and only once, as StrictMode runs effects twice and the fragment is gone
 * by the second time.
 */
export function useFragmentToken(): string | null {
  const [token, setToken] = useState<string | null>(null);
  useLayoutEffect(() => {
    setToken((read) => read ?? tokenOf(window.location.hash));
  }, []);
  useEffect(clearHash, []);
  return token;
}
