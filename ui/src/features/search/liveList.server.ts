import type { ComponentType } from "react";
import type { ListProps } from "./listProps";
import { LiveSearchList } from "./SearchList";

// The server's twin of liveList.ts: renderToString cannot wait for a chunk,
// so the list is imported up front and always there.

export function liveListNow(): ComponentType<ListProps> {
  return LiveSearchList;
}

export function loadLiveList(): Promise<ComponentType<ListProps>> {
  return Promise.resolve(LiveSearchList);
}
