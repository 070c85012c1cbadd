import { useCallback, useEffect, useState } from "react";

export type ListView = "list" | "map";

function read(): ListView {
  return new URLSearchParams(window.location.search).get("view") === "map" ? "map" : "list";
}

/**
 * The list/map choice, kept as `view=map` in the address next to the search
 * state (the router keeps it when it rewrites the query), so a reload or the
 * back button shows the same view.
 */
export function useViewParam(): [ListView, (view: ListView) => void] {
  const [view, setView] = useState<ListView>(read);
  useEffect(() => {
    const sync = () => setView(read());
    window.addEventListener("popstate", sync);
    return () => window.removeEventListener("popstate", sync);
  }, []);
  const change = useCallback((next: ListView) => {
    const url = new URL(window.location.href);
    if (next === "map") url.searchParams.set("view", "map");
    else url.searchParams.delete("view");
    if (url.href !== window.location.href) window.history.pushState(window.history.state, "", url);
    setView(next);
  }, []);
  return [view, change];
}

/** The current address's view parameter, for the router's URLs. */
export function currentViewParam(): string | undefined {
  return read() === "map" ? "map" : undefined;
}

/**
 * An address the router wrote, with the view parameter set to `view`. The
 * router builds its address when the state changes but pushes it up to
 * 400 ms later: a toggle in between must not be undone by that push.
 */
export function withView(url: string, view: string | undefined): string {
  const u = new URL(url);
  const rest = u.search
    .slice(1)
    .split("&")
    .filter((p) => p !== "" && !p.startsWith("view="));
  if (view) rest.push(`view=${view}`);
  return `${u.origin}${u.pathname}${rest.length ? `?${rest.join("&")}` : ""}${u.hash}`;
}
