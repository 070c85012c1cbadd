import type { PageData, SiteData } from "../lib/api/types";

/** What every screen is given: the site's shell data and this page's data. */
export type PageProps = { site: SiteData; page: PageData };
