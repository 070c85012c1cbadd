import type { MenuItem, TopBarItem } from "../lib/api/types";

function bySort(a: MenuItem, b: MenuItem): number {
  return a.sort - b.sort;
}

/**
 * The menu as visitors see it: only Published items and, under them, only
 * Published children, in sort order; home only when the header setting
 * lists it.
 */
export function visibleMenu(items: MenuItem[], showHome: boolean): MenuItem[] {
  return items
    .filter((item) => item.status === "Published" && (showHome || item.path !== "/"))
    .sort(bySort)
    .map((item) => ({ ...item, children: visibleMenu(item.children ?? [], true) }));
}

/** Top-bar items whose status is on. */
export function visibleTopBarItems(items: TopBarItem[]): TopBarItem[] {
  return items.filter((item) => item.status === true);
}
