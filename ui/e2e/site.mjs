// What the browser tests know about the site under test: read from the
// running server (route table, page data, sitemap) rather than copied, so a
// change of the demo configuration changes the expectations with it.
import assert from "node:assert/strict";
import { baseURL } from "./support.mjs";

async function getJSON(path, base = baseURL) {
  const res = await fetch(new URL(path, base));
  assert.ok(res.ok, `GET ${path}: ${res.status}`);
  return res.json();
}

export function siteData() {
  return getJSON("/api/site");
}

/** The PageData the server (the shared one unless base is given) answers for a public path (raw, unencoded). */
export function pageData(path, base = baseURL) {
  return getJSON(`/api/page?path=${encodeURIComponent(path)}`, base);
}

/** The public path of a listing in a language: /property/{id}/ redirects to the default language, its alternates give the others. */
export async function detailPath(id, lang) {
  const first = await pageData(`/property/${id}/`);
  assert.ok(first.redirect, `/property/${id}/ redirects`);
  const data = await pageData(first.redirect);
  const alternate = data.alternates.find((a) => a.lang === lang);
  assert.ok(alternate, `${id} has a ${lang} page`);
  return alternate.path;
}

/** Public paths (unencoded) listed in /sitemap.xml. */
export async function sitemapPaths() {
  const res = await fetch(new URL("/sitemap.xml", baseURL));
  assert.ok(res.ok, `GET /sitemap.xml: ${res.status}`);
  const xml = await res.text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => decodeURIComponent(new URL(m[1]).pathname));
}

const propertyPrefixes = { nl: ["/nl/te-koop/", "/nl/te-huur/"], fr: ["/fr/a-vendre/", "/fr/a-louer/"] };

/**
 * Every page of the route table in one language: each route with its listed
 * parameter values, the free parameters ({slug}) from the sitemap, and one
 * property for sale and one for rent. Redirecting routes are left out.
 */
export function pagesOf(site, sitemap, lang) {
  const pages = [];
  for (const route of site.routes) {
    const template = route.paths[lang];
    if (!template || route.redirect || route.external) continue;
    const param = template.match(/\{(\w+)\}/);
    if (!param) {
      pages.push({ path: template, internal: route.internal });
      continue;
    }
    const values = route.params?.[param[1]];
    if (values) {
      for (const v of values) pages.push({ path: template.replace(param[0], v), internal: route.internal });
      continue;
    }
    const [prefix] = template.split(param[0]);
    for (const path of sitemap) {
      if (path.startsWith(prefix) && path !== prefix) pages.push({ path, internal: route.internal });
    }
  }
  for (const prefix of propertyPrefixes[lang] ?? []) {
    const path = sitemap.find((p) => p.startsWith(prefix) && /\/\d+\/$/.test(p));
    if (path) pages.push({ path, internal: "/property/{id}/" });
  }
  return pages;
}

/**
 * One page of every kind in lang, for axe-core: the route sweep (routes.test.mjs) checks each of them where it visits
 * it; the not-found page, which it does not visit, has its own test (a11y.test.mjs).
 */
export function axeSample(site, sitemap, lang) {
  const l = (internal) => localize(site, internal, lang);
  const firstUnder = (template) => {
    const prefix = template.split("{")[0];
    const path = sitemap.find((p) => p.startsWith(prefix) && p !== prefix);
    assert.ok(path, `a page under ${prefix} in the sitemap`);
    return path;
  };
  const stat = site.routes.find((r) => r.internal === "/stat/{stat}/");
  return [
    l("/"),
    l("/for-sale/"),
    l("/for-rent/"),
    l("/office/"),
    l("/guestbook/"),
    l("/disclaimer/"),
    l("/privacy-statement/"),
    l("/cookie-policy/"),
    l("/services/sale/"),
    l("/stat/{stat}/").replace("{stat}", stat.params.stat[0]),
    firstUnder(l("/testimonials/{slug}/")),
    l("/login/"),
    l("/demand-register/"),
    l("/contact-demand/"),
    l("/feedback/{form}/").replace("{form}", "contact-me"),
    firstUnder(l("/for-sale/")),
  ];
}

/** The localized path of an internal route. */
export function localize(site, internal, lang) {
  const route = site.routes.find((r) => r.internal === internal);
  assert.ok(route?.paths[lang], `no ${lang} path for ${internal}`);
  return route.paths[lang];
}

/** Loads a path and waits until the page component has rendered its heading. */
export async function visit(page, path, { waitUntil = "domcontentloaded" } = {}) {
  const response = await page.goto(path, { waitUntil });
  await page.locator("main h1").first().waitFor();
  await running(page);
  return response;
}

/**
 * Waits for the app to run: the server's HTML shows at once, but a click
 * before hydration does nothing, so a test clicks once the page responds.
 */
export async function running(page) {
  await page.locator("html[data-app=running]").waitFor({ state: "attached" });
  await listReady(page);
}

/**
 * A list keeps the server's HTML, filters disabled, until the visitor
 * reaches for the page; then the live list takes its place. A pointer
 * moving over the page is the least a visitor does: tests do it too.
 */
export async function listReady(page) {
  if ((await page.locator(".listings-search").count()) === 0) return;
  await page.mouse.move(2, 2);
  await page.mouse.move(3, 3);
  await page.locator(".listings-search[data-search=live]").waitFor({ state: "attached" });
}

/** The visible h1 texts of the page. */
export function visibleHeadings(page) {
  return page.locator("h1:visible").allTextContents();
}

/** The problems a test did not cause on purpose. */
export function unexpected(problems, ...allowed) {
  return problems.filter((p) => !allowed.some((a) => (typeof a === "string" ? p.includes(a) : a.test(p))));
}

/** Waits until the app has settled after a load: no request in flight, lazy chunks (consent) evaluated. */
export async function settle(page) {
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
}

/**
 * The listings a results map draws, as single markers and inside clusters,
 * once they are count (the clusters are added in chunks) or, if they never
 * are, what it drew: the caller's assertion then says the difference.
 */
export async function drawnOnMap(page, count) {
  const drawn = () => {
    const markers = document.querySelectorAll(".results-map__marker").length;
    const clusters = document.querySelectorAll('.results-map__cluster [aria-hidden="true"]');
    return [...clusters].reduce((sum, el) => sum + Number(el.textContent), markers);
  };
  await page.waitForFunction(`(${drawn})() === ${count}`).catch(() => {});
  return page.evaluate(drawn);
}
