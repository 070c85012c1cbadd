import type { PageData, SiteData } from "../../lib/api/types";
import { pages, site } from "../../lib/api/pagedata.gen";

// Every page kind in nl and fr as the demo agency's server answers it
// (ui/testdata/render, kept current by the Go test TestUIFixturesAreCurrent):
// the server entry's tests (entry-server.test.tsx) and the hydration test
// (hydration.test.tsx) go through the same list.

export interface Case {
  name: string;
  page: PageData;
  site?: SiteData;
  /** The h1's text when it is not the page's title. */
  h1?: string;
  /** Texts the HTML holds besides the page's h1. */
  texts?: string[];
}

export const cases: Case[] = Object.entries(pages).map(([name, page]) => ({
  name,
  page,
  site,
  texts: [page.property?.priceText, page.project?.name].filter((text): text is string => !!text),
}));
