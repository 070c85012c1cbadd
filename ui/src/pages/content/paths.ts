import { useMemo } from "react";
import type { Lang, SiteData } from "../../lib/api/types";
import { RouteTable } from "../../lib/routing/routes";

/**
 * Public paths of internal pages in the page's language. Home always has an
 * address (the language root when the table lacks it); any other page is null
 * when the language has no such page, and its link is then left out.
 */
export function usePaths(site: SiteData, lang: Lang) {
  return useMemo(() => {
    const table = new RouteTable(site.routes);
    return {
      home: table.localize("/", lang) ?? `/${lang}/`,
      of: (internal: string): string | null => table.localize(internal, lang),
    };
  }, [site.routes, lang]);
}
