import { useCallback, useEffect, useState } from "react";
import { mapParam, mapParamOf } from "../map/position";

export type ListView = "list" | "map";

/** The view a query string asks for: its first view parameter. */
export function viewOf(search: string): ListView {
  return new URLSearchParams(search).get("view") === "map" ? "map" : "list";
}

function read(): ListView {
  return viewOf(window.location.search);
}

/**
 * The list/map choice, kept as `view=map` in the address next to the search
 * state (the router keeps it when it rewrites the query), so a reload or the
 * back button shows the same view. serverSearch is the query string of a
 * render on the server.
 */
export function useViewParam(serverSearch?: string): [ListView, (view: ListView) => void] {
  // On the server, whose address the browser will have: there is no window.location to read.
  const [view, setView] = useState<ListView>(() => (serverSearch === undefined ? read() : viewOf(serverSearch)));
  useEffect(() => {
    const sync = () => setView(read());
    window.addEventListener("popstate", sync);
    return () => window.removeEventListener("popstate", sync);
  }, []);
  const change = useCallback((next: ListView) => {
    const url = new URL(window.location.href);
    if (next === "map") url.searchParams.set("view", "map");
    else {
      url.searchParams.delete("view");
      // The map's own view means nothing to the list.
      url.searchParams.delete(mapParam);
    }
    if (url.href !== window.location.href) window.history.pushState(window.history.state, "", url);
    setView(next);
  }, []);
  return [view, change];
}

/** The current address's view parameter (or a given query string's), for the router's URLs. */
export function currentViewParam(search = window.location.search): string | undefined {
  return viewOf(search) === "map" ? "map" : undefined;
}

/** The current address's map position parameter (or a given query string's), for the router's URLs. */
export function currentMapParam(search = window.location.search): string | undefined {
  return mapParamOf(search);
}

/**
 * An address the router wrote, with the view parameter set to `view` and
 * the map's position to `map`. The router builds its address when the state
 * changes but pushes it up to 400 ms later: a toggle or a move of the map in
 * between must not be undone by that push.
 */
export function withView(url: string, view: string | undefined, map?: string): string {
  const u = new URL(url);
  const rest = u.search
    .slice(1)
    .split("&")
    .filter((p) => p !== "" && !p.startsWith("view=") && !p.startsWith(`${mapParam}=`));
  if (view) rest.push(`view=${view}`);
  // Digits, dots, slashes and minus signs: nothing to escape in a query.
  if (map) rest.push(`${mapParam}=${map}`);
  return `${u.origin}${u.pathname}${rest.length ? `?${rest.join("&")}` : ""}${u.hash}`;
}
