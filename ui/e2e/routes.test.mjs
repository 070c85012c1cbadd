// Every page of the route table renders in the browser with the heading,
// <title> and lang the server's page data promise, and runs without a console
// error: every page in the default language, one of each kind (the axe
// sample) and the guarded ones in the others, whose every page the server's
// HTML answers for (httpd's TestEveryPageRendersOnTheServer: one h1 with the
// title, <title>, lang). axe-core checks one page of each kind, the kinds
// taking turns between the languages: a page's structure is the same in
// every language. The redirecting, unknown and apostrophe paths behave as
// the spec says.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { assertAccessible, browser, declinedConsent, isTurnOf, openPage, withBrowser } from "./support.mjs";
import { axeSample, localize, pageData, pagesOf, siteData, sitemapPaths, unexpected, visibleHeadings, visit } from "./site.mjs";

const site = await siteData();
const sitemap = await sitemapPaths();
const locales = { nl: "nl-BE", fr: "fr-BE", en: "en-GB", de: "de-DE" };
// Screens of a logged-in person: a visitor without a session is sent to the
// login page, which brings them back afterwards.
const guarded = new Set(["/owner-portal/", "/my-search/"]);

withBrowser();

async function assertRendered(page, path, data, lang) {
  const headings = await visibleHeadings(page);
  assert.deepEqual(headings.map((h) => h.trim()), [data.title], `${path}: exactly one visible h1 with the page title`);
  assert.equal(await page.evaluate(() => document.documentElement.lang), lang, `${path}: html lang`);
  assert.equal(await page.title(), data.documentTitle, `${path}: document title`);
}

test("the route table holds the pages of the spec in every language", () => {
  assert.deepEqual(site.languages.slice().sort(), ["fr", "nl"]);
  for (const lang of site.languages) {
    const pages = pagesOf(site, sitemap, lang);
    const internals = new Set(pages.map((p) => p.internal));
    for (const internal of ["/", "/for-sale/", "/for-rent/", "/office/", "/guestbook/", "/login/", "/feedback/{form}/", "/testimonials/{slug}/", "/stat/{stat}/", "/property/{id}/"]) {
      assert.ok(internals.has(internal), `${lang}: no page for ${internal}`);
    }
    // The sweep is where these pages meet axe-core: one it skipped would go unchecked.
    const swept = new Set(pages.map((p) => p.path));
    for (const path of axeSample(site, sitemap, lang)) assert.ok(swept.has(path), `${lang}: the sweep skips ${path}, which axe should check`);
  }
});

/** The pages the sweep loads in lang: all of them in the default language, one of each kind and the guarded ones in the others. */
function swept(lang, sample) {
  const pages = pagesOf(site, sitemap, lang);
  return lang === site.defaultLanguage ? pages : pages.filter((p) => sample.has(p.path) || guarded.has(p.internal));
}

// The languages side by side, one browser context each: a sweep is a long series of page loads. One page of each
// kind, in one language or the other, also passes axe-core with no serious or critical violation, checked here
// rather than loaded again.
describe("every page renders its heading; one of each kind passes axe", { concurrency: site.languages.length }, () => {
  for (const lang of site.languages) {
    test(lang, async (t) => {
      const sample = new Set(axeSample(site, sitemap, lang).filter((_, kind) => isTurnOf(lang, kind)));
      const { context, page, problems } = await openPage(browser, { storage: declinedConsent, locale: locales[lang] });
      try {
        for (const { path, internal } of swept(lang, sample)) {
          await t.test(path, async () => {
            const before = problems.length;
            const data = await pageData(path);
            assert.equal(data.redirect, undefined, `${path} redirects`);
            const response = await visit(page, path);
            assert.equal(response.status(), data.status, `${path}: HTTP status`);
            if (guarded.has(internal)) {
              const login = localize(site, "/login/", lang);
              await page.waitForURL((u) => u.pathname === login && u.searchParams.get("next") === path);
              const loginData = await pageData(login);
              await page.getByRole("heading", { level: 1, name: loginData.title }).waitFor();
              await assertRendered(page, login, loginData, lang);
              assert.deepEqual(unexpected(problems.slice(before), /401 \(Unauthorized\)/), [], `${path}: console`);
              return;
            }
            assert.equal(decodeURIComponent(new URL(page.url()).pathname), path, `${path}: stays on its address`);
            await assertRendered(page, path, data, lang);
            if (sample.has(path)) {
              await page.waitForLoadState("load");
              await assertAccessible(page, path);
            }
            assert.deepEqual(problems.slice(before), [], `${path}: console`);
          });
        }
      } finally {
        await context.close();
      }
    });
  }
});

for (const lang of site.languages) {
  test(`${lang}: the owners page sends the visitor to the login page`, async () => {
    const { context, page, problems } = await openPage(browser, { storage: declinedConsent, locale: locales[lang] });
    try {
      const owners = localize(site, "/owners/", lang);
      const login = localize(site, "/login/", lang);
      const response = await visit(page, owners);
      assert.ok(response.request().redirectedFrom(), "answered with an HTTP redirect");
      assert.equal(new URL(page.url()).pathname, login);
      await assertRendered(page, login, await pageData(login), lang);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test(`${lang}: an unknown address shows the not-found page with status 404`, async () => {
    const { context, page, problems } = await openPage(browser, { storage: declinedConsent, locale: locales[lang] });
    try {
      const path = `/${lang}/bestaat-niet/`;
      const data = await pageData(path);
      assert.equal(data.status, 404);
      const response = await visit(page, path);
      assert.equal(response.status(), 404);
      await assertRendered(page, path, data, lang);
      const heading = (await visibleHeadings(page))[0];
      assert.match(heading, { nl: /^Oeps/, fr: /^Oups/, en: /^Oops/, de: /^Hoppla|^Ups|^Oops/ }[lang]);
      const search = page.getByRole("search");
      assert.equal(await search.count(), 1, "a search form");
      assert.equal(await search.getByRole("searchbox").count(), 1, "with a search box");
      const home = localize(site, "/", lang);
      assert.ok((await page.locator(`main a[href="${home}"]`).count()) >= 1, "a link home in main");
      // The language switch keeps the visitor on the same missing address, not on the other language's home.
      for (const other of site.languages.filter((l) => l !== lang)) {
        const link = page.locator(`a.lang-switch__link[hreflang="${other}"]`).first();
        assert.equal(await link.getAttribute("href"), `/${other}/bestaat-niet/`, `switch to ${other}`);
      }
      // Chromium reports the document's own 404 as a console error; that one is the point of the test.
      const documentURL = new URL(path, page.url()).href;
      assert.deepEqual(unexpected(problems, `status of 404 (Not Found) @ ${documentURL}`), []);
    } finally {
      await context.close();
    }
  });
}

test("the apostrophe path works raw and percent-encoded", async (t) => {
  const { context, page, problems } = await openPage(browser, { storage: declinedConsent, locale: "fr-BE" });
  try {
    const raw = localize(site, "/demand-register/", "fr");
    assert.equal(raw, "/fr/je-m'inscris/");
    const data = await pageData(raw);
    for (const path of [raw, raw.replace("'", "%27")]) {
      await t.test(path, async () => {
        const response = await visit(page, path);
        assert.equal(response.status(), 200);
        assert.equal(decodeURIComponent(new URL(page.url()).pathname), raw);
        await assertRendered(page, path, data, "fr");
      });
    }
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
