import type { PageData, SiteData } from "../lib/api/types";
import { isExternal } from "../lib/routing/links";
import { ApiError, fetchPage, fetchSite, isRedirect } from "./api";

/** Reads a JSON script the server put in the first HTML; null when absent or unreadable. */
export function readJsonScript<T>(id: string, doc: Document = document): T | null {
  const text = doc.getElementById(id)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

export interface BootData {
  site: SiteData;
  page: PageData;
}

/**
 * The data of the first render: from the HTML when the Go server sent it,
 * else (Vite's dev server) from the API, following page redirects in place.
 */
export async function loadBootData(doc: Document = document, loc: Location = window.location): Promise<BootData> {
  const site = readJsonScript<SiteData>("site-data", doc) ?? (await fetchSite());
  let page = readJsonScript<PageData>("page-data", doc);
  for (let hops = 0; !page && hops < 5; hops++) {
    const answer = await fetchPage(loc.pathname);
    if (!isRedirect(answer)) {
      page = answer;
      break;
    }
    if (isExternal(answer.redirect)) {
      loc.replace(answer.redirect);
      return new Promise<never>(() => {});
    }
    window.history.replaceState(null, "", answer.redirect + loc.search + loc.hash);
  }
  if (!page) throw new ApiError("/api/page: too many redirects");
  return { site, page };
}
