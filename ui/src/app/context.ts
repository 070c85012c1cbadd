import { createContext, useContext, useMemo } from "react";
import type { Lang, PageData, SiteData } from "../lib/api/types";
import { RouteTable } from "../lib/routing/routes";

export const SiteContext = createContext<SiteData | null>(null);
export const PageContext = createContext<PageData | null>(null);

export function useSite(): SiteData {
  const site = useContext(SiteContext);
  if (!site) throw new Error("useSite needs a SiteContext provider");
  return site;
}

/** The page on screen (while the next one loads, still the previous one). */
export function usePage(): PageData {
  const page = useContext(PageContext);
  if (!page) throw new Error("usePage needs a PageContext provider");
  return page;
}

/** The language of the page on screen: the server decided it from the path. */
export function useLang(): Lang {
  return usePage().lang;
}

export function useRouteTable(): RouteTable {
  const { routes } = useSite();
  return useMemo(() => new RouteTable(routes), [routes]);
}
