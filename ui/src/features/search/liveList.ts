import type { ComponentType } from "react";
import type { ListProps } from "./listProps";

// The browser's way to the live list: its own chunk, with InstantSearch.
// The server resolves this module to liveList.server.ts (serverTwins in
// vite.plugins.ts), which has the list at once.

let loaded: ComponentType<ListProps> | undefined;
let loading: Promise<ComponentType<ListProps>> | undefined;

/** The live list if its chunk is here already: a list shown again after a navigation needs no wait. */
export function liveListNow(): ComponentType<ListProps> | undefined {
  return loaded;
}

/** Loads the live list's chunk once; a failure may load on the next call. */
export function loadLiveList(): Promise<ComponentType<ListProps>> {
  return (loading ??= import("./SearchList").then(
    (m) => (loaded = m.LiveSearchList),
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  ));
}
