// First: what the engine lacks, before the modules that use it as they load.
import "./lib/server/globals";
import "./lib/server/queryTimers";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import type { PageData, SiteData } from "./lib/api/types";
import { AppTree, type AppRouter } from "./App";
import { createServerI18n } from "./lib/i18n/server";
import type { InitialResults } from "./features/search/initialResults";
import { searchPlan as planOf } from "./features/search/plan";

/** What the Go server gives a render (render.Renderer.Render's input, as JSON). */
export interface RenderInput {
  /** The requested address: path and query, as the browser will have it in location. */
  url: string;
  /** The #site-data of the page. */
  site: SiteData;
  /** The #page-data of the page. */
  page: PageData;
  /** A list page's first results (getServerState's initialResults); absent, the list renders as before its first answer. */
  search?: InitialResults;
}

/** The router of one render: the request's address, fixed. */
function serverRouter(url: string): AppRouter {
  return function ServerRouter({ children }) {
    return <StaticRouter location={url}>{children}</StaticRouter>;
  };
}

/**
 * Renders a page to the HTML that goes into #root: the tree main.tsx
 * renders in the browser, with the texts of the page's language loaded at
 * once and every view imported up front (pages/registry.server.ts).
 */
function renderPage(input: string): string {
  const { url, site, page, search } = JSON.parse(input) as RenderInput;
  const i18n = createServerI18n({ languages: site.languages, defaultLanguage: site.defaultLanguage, lang: page.lang });
  const html = renderToString(<AppTree i18n={i18n} site={site} page={page} search={search} router={serverRouter(url)} />);
  return withoutImagePreloads(html);
}

/** The image preloads React writes ahead of the app's HTML, one after the other. */
const leadingImagePreloads = /^(?:<link rel="preload" as="image"[^>]*\/>)+/;

/**
 * The app's HTML without the image preloads React 19 puts before it (for
 * every eager or high-priority <img>): in #root they would come after the
 * head's own preload of the page's largest image (httpd/shell.go) and
 * fetch the logo and photos again, or earlier than the images' own turn.
 * The browser's hydration neither needs nor expects them.
 */
function withoutImagePreloads(html: string): string {
  return html.replace(leadingImagePreloads, "");
}

/** The global the Go side calls (package render): the bundle is a classic script, not a module, and exports nothing. */
export type RenderPage = (input: string) => string;

(globalThis as { renderPage?: RenderPage }).renderPage = renderPage;

/**
 * The first search of the page renderPage(input) would render (search/plan.ts),
 * as JSON, or "" for a page that does not search: the Go side answers it
 * and gives the answers back to renderPage as input.search.
 */
function searchPlan(input: string): string {
  const plan = planOf(JSON.parse(input) as RenderInput);
  return plan ? JSON.stringify(plan) : "";
}

/** The second global the Go side calls (render.Renderer.Plan). */
export type SearchPlan = (input: string) => string;

(globalThis as { searchPlan?: SearchPlan }).searchPlan = searchPlan;
