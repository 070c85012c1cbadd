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
