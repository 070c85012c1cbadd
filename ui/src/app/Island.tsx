import { Suspense, useSyncExternalStore, type ReactNode } from "react";

const noChange = () => () => {};

/**
 * False on the server and while the browser hydrates the server's HTML,
 * true from the render right after (and at once in a page the browser
 * renders itself): what only the browser can know may render from then on
 * without making the hydration differ from the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );
}

/**
 * A region that only the browser renders, from a lazy chunk (a map, a
 * chart, the cookie dialog): its fallback on the server and during
 * hydration, the region itself once the page is hydrated. Rendering the
 * lazy component on the server instead would leave a boundary that
 * suspended there, which the browser reports as a recoverable error
 * ("switched to client rendering") on every page.
 */
export function Island({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const hydrated = useHydrated();
  return <Suspense fallback={fallback}>{hydrated ? children : fallback}</Suspense>;
}
