import { history } from "instantsearch.js/es/lib/routers";
import { createStateMapping, type RouteState, type TypeGroups } from "../../lib/search/routing";
import { currentMapParam, currentViewParam, withView } from "../../lib/search/useViewParam";

/** The parts of location the router reads. */
export type RouterLocation = Pick<Location, "origin" | "pathname" | "search" | "hash" | "href">;

/** A location for a render on the server, which has none: the requested address (path and query) at the site's origin. */
export function serverLocation(url: string, origin: string): RouterLocation {
  const hashAt = url.indexOf("#");
  const beforeHash = hashAt < 0 ? url : url.slice(0, hashAt);
  const queryAt = beforeHash.indexOf("?");
  return {
    origin,
    pathname: queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt),
    search: queryAt < 0 ? "" : beforeHash.slice(queryAt),
    hash: hashAt < 0 ? "" : url.slice(hashAt),
    href: origin + url,
  };
}

/**
 * InstantSearch's routing for one index: the state as readable query
 * parameters on the page's own path (repeated keys for lists), with the
 * list/map choice and the map's position carried along. On the server, at is the address being
 * rendered (the router reads window.location otherwise). types are the
 * list's categories (typeGroups): ?type=8 refines the category and its sub-types.
 *
 * Detached, the router neither writes the address nor follows Back and
 * Forward. The list detaches it when it unmounts: react-instantsearch never
 * disposes an instance it hydrated from the server's results, and such an
 * instance, left behind by the first list a visitor leaves, would otherwise
 * keep writing what is left of its state (nothing, once its widgets are
 * gone) into the next page's address: the French list of a language switch
 * then started from no filter at all.
 */
export function createRouting(indexName: string, at?: RouterLocation, types?: TypeGroups) {
  let attached = true;
  const router = history<RouteState>({
    ...(at && { getLocation: () => at as Location }),
    // The app's router owns the address once the list is left (a detail page, another view).
    cleanUrlOnDispose: false,
    createURL({ qsModule, routeState, location }) {
      const carried = { view: currentViewParam(location.search), map: currentMapParam(location.search) };
      const query = qsModule.stringify({ ...routeState, ...carried }, { addQueryPrefix: true, arrayFormat: "repeat" });
      // Absolute, as the router compares it with location.href to skip writing the same address twice.
      return `${location.origin}${location.pathname}${query}`;
    },
    push(url) {
      if (!attached) return;
      // InstantSearch builds the address when the state changes but writes it
      // 400 ms later: a visitor who left the list meanwhile (a card, the
      // language switcher) must not be sent back to it.
      if (new URL(url, window.location.href).pathname !== window.location.pathname) return;
      const next = withView(url, currentViewParam(), currentMapParam());
      if (next !== window.location.href) window.history.pushState(null, "", next);
    },
    parseURL({ qsModule, location }) {
      return qsModule.parse(location.search.slice(1), { arrayLimit: 100 }) as RouteState;
    },
  });
  const follow = router.onUpdate.bind(router);
  router.onUpdate = (callback) =>
    follow((route) => {
      if (attached) callback(route);
    });
  return {
    routing: { router, stateMapping: createStateMapping(indexName, types) },
    attach: () => {
      attached = true;
    },
    detach: () => {
      attached = false;
    },
  };
}
