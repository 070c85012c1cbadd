// Test helpers of the search (imported by *.test.tsx only).
import { renderToString } from "react-dom/server";
import { getServerState } from "react-instantsearch";
import { StaticRouter } from "react-router";
import { AppTree } from "../../App";
import type { PageData } from "../../lib/api/types";
import { createServerI18n } from "../../lib/i18n/server";
import { site } from "../../pages/__fixtures__/site";

/** One search's answer as Algolia gives it: the hits given, on one page when it counts any. */
export function searchAnswer(
  index: string,
  hitsPerPage: number,
  { hits = [], nbHits = hits.length, facets = {} }: { hits?: unknown[]; nbHits?: number; facets?: Record<string, Record<string, number>> } = {},
) {
  return {
    hits,
    nbHits,
    page: 0,
    nbPages: nbHits > 0 ? 1 : 0,
    hitsPerPage,
    processingTimeMS: 1,
    exhaustiveNbHits: true,
    query: "",
    params: "",
    index,
    facets,
  };
}

/** What react-instantsearch's getServerState collects rendering the app for `page` at `url`, as the server does. */
export function appServerState(page: PageData, url: string) {
  const i18n = createServerI18n({ languages: site.languages, defaultLanguage: site.defaultLanguage, lang: page.lang });
  const router = ({ children }: { children?: React.ReactNode }) => <StaticRouter location={url}>{children}</StaticRouter>;
  return getServerState(<AppTree i18n={i18n} site={site} page={page} router={router} />, { renderToString });
}
