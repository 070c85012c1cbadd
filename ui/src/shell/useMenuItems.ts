import { useMemo } from "react";
import type { MenuItem } from "../lib/api/types";
import { useLang, usePage, useRouteTable, useSite } from "../app/context";
import { resolveLink, samePath } from "../lib/routing/links";
import { visibleMenu } from "./menu";

/** The visible main menu, and a test for the item of the page on screen. */
export function useMenuItems(): { items: MenuItem[]; isCurrent: (item: MenuItem) => boolean } {
  const site = useSite();
  const page = usePage();
  const lang = useLang();
  const table = useRouteTable();
  const items = useMemo(() => visibleMenu(site.menu, site.header.showHome), [site.menu, site.header.showHome]);
  const isCurrent = (item: MenuItem) => {
    const link = resolveLink(item.path, lang, table);
    return !link.external && samePath(link.to, page.path);
  };
  return { items, isCurrent };
}
