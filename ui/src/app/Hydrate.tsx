import { Suspense, type ReactNode } from "react";

/**
 * A part of the page that hydrates on its own. hydrateRoot hydrates
 * everything outside Suspense boundaries in one task that cannot yield
 * (a blocking lane); a boundary the server rendered is left for later and
 * hydrated at offscreen priority, in slices of a few milliseconds, and
 * first when the visitor interacts with it (selective hydration). So the
 * shell is cut into such parts to keep every task of the start short.
 *
 * Nothing inside may suspend on the server (its HTML would be the empty
 * fallback) nor in the browser after hydration (the part would blank):
 * the views are eager on the server and the texts are loaded before
 * hydration, so neither happens.
 */
export function Hydrate({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
