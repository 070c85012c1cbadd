import { history } from "instantsearch.js/es/lib/routers";
import { createStateMapping, type RouteState } from "./routing";
import { currentViewParam, withView } from "./useViewParam";

/**
 * InstantSearch's routing for one index: the state as readable query
 * parameters on the page's own path (repeated keys for lists), with the
 * list/map choice carried along.
 */
export function createRouting(indexName: string) {
  return {
    router: history<RouteState>({
      // The app's router owns the address once the list is left (a detail page, another view).
      cleanUrlOnDispose: false,
      createURL({ qsModule, routeState, location }) {
        const query = qsModule.stringify({ ...routeState, view: currentViewParam() }, { addQueryPrefix: true, arrayFormat: "repeat" });
        // Absolute, as the router compares it with location.href to skip writing the same address twice.
        return `${location.origin}${location.pathname}${query}`;
      },
      push(url) {
        // InstantSearch builds the address when the state changes but writes it
        // 400 ms later: a visitor who left the list meanwhile (a card, the
        // language switcher) must not be sent back to it.
        if (new URL(url, window.location.href).pathname !== window.location.pathname) return;
        const next = withView(url, currentViewParam());
        if (next !== window.location.href) window.history.pushState(null, "", next);
      },
      parseURL({ qsModule, location }) {
        return qsModule.parse(location.search.slice(1), { arrayLimit: 100 }) as RouteState;
      },
    }),
    stateMapping: createStateMapping(indexName),
  };
}
