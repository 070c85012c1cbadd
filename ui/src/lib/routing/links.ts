import type { Lang, PageData } from "../api/types";
import type { RouteTable } from "./routes";

/** The spec's rule: such a link leaves the site and opens in a new tab. */
export function isExternal(link: string): boolean {
  return link.includes("//") || link.includes("http") || link.includes("tel:") || link.includes("mailto:");
}

/**
 * A tel: or mailto: link opens the phone or the mail program, not a page: a
 * new tab would stay behind empty (or, on a phone, steal the visitor from the
 * site), so only web addresses open in one.
 */
export function opensApp(link: string): boolean {
  return /^(tel|mailto|sms):/i.test(link.trim());
}

export type ResolvedLink = { external: true; href: string; newTab: boolean } | { external: false; to: string };

/**
 * Where a config link (menu, top bar) points: external addresses stay as
 * they are; an internal path of the route table becomes its public path in
 * the current language; anything else is used as written.
 */
export function resolveLink(link: string, lang: Lang, table: RouteTable): ResolvedLink {
  if (isExternal(link)) return { external: true, href: link, newTab: !opensApp(link) };
  return { external: false, to: table.localize(link, lang) ?? link };
}

/**
 * The address of the current page in another language for the switcher: the
 * server's alternates keep the same page (a property stays the same
 * property), or the page's switchTo when it has no alternates (a withdrawn
 * listing's 410 page leads to its 410 page in the other language);
 * otherwise the same route, then that language's home. A page not
 * found stays not found: the same address under the other language, so the
 * visitor reads in that language what was missing instead of landing on a
 * home page they did not ask for.
 */
export function alternatePath(page: PageData, lang: Lang, table: RouteTable): string {
  const alternate = page.alternates.find((a) => a.lang === lang) ?? page.switchTo?.find((a) => a.lang === lang);
  if (alternate) return alternate.path;
  if (page.view === "not-found") return `/${lang}/${withoutLanguage(page.path, page.lang)}`;
  const same = page.internal ? table.localize(page.internal, lang) : null;
  return same ?? table.localize("/", lang) ?? `/${lang}/`;
}

/** A path without its leading language segment and slash: "/nl/bestaat-niet/" → "bestaat-niet/". */
function withoutLanguage(path: string, lang: string): string {
  const prefix = `/${lang}/`;
  return path.startsWith(prefix) ? path.slice(prefix.length) : path.replace(/^\//, "");
}

/** Compares public paths whatever their percent-encoding. */
export function samePath(a: string, b: string): boolean {
  return safeDecode(a) === safeDecode(b);
}

function safeDecode(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/**
 * The part of a list's query string that the same list in another language
 * keeps ("" for other views): all of it. Every filter is carried: type ids,
 * numbers, EPC labels, feature codes, sort, view, the page, the words typed
 * and the towns, whose names the demo's towns (and Belgium's towns of one
 * language region) share between languages; a parameter of another feature
 * (the map's position) goes along too.
 */
export function carriedSearch(view: string, search: string): string {
  if (view !== "for-sale" && view !== "for-rent") return "";
  const kept = new URLSearchParams(search).toString();
  return kept ? `?${kept}` : "";
}
