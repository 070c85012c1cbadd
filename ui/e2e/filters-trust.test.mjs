// What visitors type finds what they mean, in nl and fr: the town filter by
// postcode and despite a typo, a category's id with its sub-types (server
// HTML and app alike), the language switch keeping every filter (and a 410
// page switching to its 410 page), favourites in the page's language and
// without JavaScript, and the list's controls before the app runs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browser, declinedConsent, openPage, withBrowser } from "./support.mjs";
import { detailPath, localize, running, siteData, unexpected, visit } from "./site.mjs";
import { copyDemoDataset, startEstate } from "./own-server.mjs";
import { listings, rows, typeIdOf, writeRows } from "./platform-data.mjs";

withBrowser();

const list = { nl: "/nl/te-koop/", fr: "/fr/a-vendre/" };
const other = { nl: "fr", fr: "nl" };
const townSearch = { nl: "Zoek een gemeente of postcode", fr: "Chercher une commune ou un code postal" };
const sale = (lang) => listings(lang).filter((p) => p.Goal === 0);
const houses = (lang) => sale(lang).filter((p) => [8, 81, 82, 83].includes(typeIdOf(p, lang)));
const countOf = async (page, want) => {
  const count = page.locator(".search-results__count");
  // Waits for the list to settle on want (a timeout fails the test); the count shown is then want.
  await count.filter({ hasText: new RegExp(`^${want}\\b`) }).waitFor();
  return want;
};

for (const lang of ["nl", "fr"]) {
  test(`${lang}: the town filter finds the towns of a postcode, and a town despite a typo`, async () => {
    const { context, page, problems } = await openPage(browser, { storage: declinedConsent, locale: `${lang}-BE` });
    try {
      await visit(page, list[lang]);
      const box = page.getByRole("searchbox", { name: townSearch[lang] });
      await box.fill("6880");
      for (const town of [...new Set(sale(lang).filter((p) => p.Zip === "6880").map((p) => p.City))]) {
        await page.getByRole("checkbox", { name: new RegExp(`^${town}`) }).waitFor();
      }
      await box.fill("Bouilon");
      await page.getByRole("checkbox", { name: /^Bouillon/ }).check();
      await page.waitForURL(/[?&]city=Bouillon/);
      const want = sale(lang).filter((p) => p.City === "Bouillon").length;
      assert.equal(await countOf(page, want), want);
      assert.deepEqual(unexpected(problems), []);
    } finally {
      await context.close();
    }
  });

  test(`${lang}: ?type=8 lists the category and its sub-types, in the server's HTML and in the app`, async () => {
    const want = houses(lang).length;
    const html = await (await fetch(new URL(`${list[lang]}?type=8`, process.env.ESTATE_URL))).text();
    const served = html.match(/class="search-results__count"[^>]*>(\d+)/);
    assert.ok(served, "the server renders a count");
    assert.equal(Number(served[1]), want);
    const { context, page, problems } = await openPage(browser, { storage: declinedConsent, locale: `${lang}-BE` });
    try {
      await visit(page, `${list[lang]}?type=8`);
      assert.equal(await countOf(page, want), want);
      assert.deepEqual(unexpected(problems), []);
    } finally {
      await context.close();
    }
  });

  test(`${lang}: the language switcher keeps every filter, the town included`, async () => {
    const query = "type=8&city=Bouillon&city=Bertrix&price=-500000&bedrooms=2";
    const { context, page, problems } = await openPage(browser, { storage: declinedConsent, locale: `${lang}-BE` });
    try {
      await visit(page, `${list[lang]}?${query}`);
      const count = houses(lang).filter((p) => ["Bouillon", "Bertrix"].includes(p.City) && p.PublishPrice && p.Price <= 500000 && p.NumberOfBedRooms >= 2).length;
      assert.ok(count > 0);
      await countOf(page, count);
      const to = other[lang];
      const link = page.locator(`.lang-switch__link[hreflang=${to}]`).first();
      const params = (search) => [...new URLSearchParams(search)].map(([k, v]) => `${k}=${v}`).sort();
      assert.deepEqual(params(new URL(await link.getAttribute("href"), "http://x").search), params(query), "the link itself carries the query");
      await link.click();
      await page.waitForURL((u) => u.pathname === list[to]);
      assert.deepEqual(params(new URL(page.url()).search), params(query));
      assert.equal(await countOf(page, count), count);
      assert.deepEqual(unexpected(problems), []);
    } finally {
      await context.close();
    }
  });

  test(`${lang}: the favourites show in the page's language and say what they need without JavaScript`, async () => {
    const site = await siteData();
    const saver = other[lang];
    const farm = sale(saver).find((p) => typeIdOf(p, saver) === 83);
    const url = await detailPath(farm.ID, saver);
    const saved = [{ id: farm.ID, url, title: farm.Ident, price: farm.Price, priceText: "x", photo: null, savedAt: "2026-11-01T10:00:00.000Z" }];
    const { context, page, problems } = await openPage(browser, { storage: { ...declinedConsent, favourites: JSON.stringify(saved) }, locale: `${lang}-BE` });
    try {
      await visit(page, localize(site, "/favourites/", lang));
      const own = listings(lang).find((p) => p.ID === farm.ID);
      const title = page.locator(".favourite__title");
      await title.filter({ hasText: own.Ident }).waitFor();
      assert.notEqual(own.Ident, farm.Ident);
      if (lang === "nl") assert.doesNotMatch(await page.locator("main").innerText(), /\b(je|jij|jouw)\b/i);
      assert.deepEqual(unexpected(problems), []);
    } finally {
      await context.close();
    }
    const noJS = await browser.newContext({ javaScriptEnabled: false, locale: `${lang}-BE` });
    try {
      const p = await noJS.newPage();
      await p.goto(new URL(localize(site, "/favourites/", lang), process.env.ESTATE_URL).href);
      const note = lang === "nl" ? /JavaScript aan in uw browser/ : /Activez JavaScript/;
      await p.locator(".favourites-page__noscript").filter({ hasText: note }).waitFor();
      // The list's controls say so too, and no 'getting ready' note waits forever.
      await p.goto(new URL(list[lang], process.env.ESTATE_URL).href);
      // Only where the server rendered the app: past its render deadline it sends its plain list instead.
      if (await p.locator(".listings-search").count()) {
        assert.equal(await p.locator(".listings-search__noscript").isVisible(), true);
        assert.equal(await p.locator(".listings-search__wait").isVisible(), false);
      }
    } finally {
      await noJS.close();
    }
  });

  test(`${lang}: before the app runs the list's filters are disabled and say why, then a tap works`, async () => {
    const { context, page } = await openPage(browser, { storage: declinedConsent, locale: `${lang}-BE`, fresh: true });
    try {
      let release;
      const held = new Promise((r) => (release = r));
      await page.route(/\.js(\?|$)/, async (route) => {
        await held;
        await route.continue();
      });
      // A render the busy server finishes once is cached: the page then comes server-rendered, with its filters.
      for (let i = 0; i < 5 && !(await (await fetch(new URL(list[lang], process.env.ESTATE_URL))).text()).includes("listings-search__gate"); i++);
      // Module scripts hold DOMContentLoaded: the server's HTML is there once committed.
      await page.goto(list[lang], { waitUntil: "commit" });
      const box = page.getByRole("checkbox").first();
      await box.waitFor();
      assert.equal(await box.isDisabled(), true, "a filter before the app runs is disabled");
      const gate = page.locator(".listings-search__gate");
      const note = await gate.getAttribute("aria-describedby");
      assert.ok(note && (await page.locator(`[id="${note}"]`).isVisible()), "the disabled filters are explained");
      release();
      await running(page);
      await page.getByRole("checkbox").first().waitFor({ state: "attached" });
      await page.waitForFunction(() => !document.querySelector(".listings-search__gate")?.disabled);
      await page.getByRole("checkbox").first().check();
      await page.waitForURL(/[?&](type|hideSold)=/);
    } finally {
      await context.close();
    }
  });
}

test("nl and fr: a gone listing's 410 page switches to its 410 page in the other language", async () => {
  const sourceDir = copyDemoDataset();
  const estate = await startEstate({ sourceDir });
  try {
    const gone = sale("nl")[0];
    const paths = {};
    for (const lang of ["nl", "fr"]) {
      const res = await fetch(`${estate.base}/api/page?path=${encodeURIComponent(`/property/${gone.ID}/`)}`);
      const first = await res.json();
      const data = await (await fetch(`${estate.base}/api/page?path=${encodeURIComponent(first.redirect)}`)).json();
      paths[lang] = data.alternates.find((a) => a.lang === lang).path;
    }
    for (const lang of ["nl", "fr"]) writeRows(lang, sourceDir, rows(lang, sourceDir).filter((p) => p.ID !== gone.ID));
    await estate.run("sync", "--full");
    for (const lang of ["nl", "fr"]) {
      const { context, page } = await openPage(browser, { storage: declinedConsent, locale: `${lang}-BE`, base: estate.base });
      try {
        await visit(page, paths[lang]);
        const to = other[lang];
        const link = page.locator(`.lang-switch__link[hreflang=${to}]`).first();
        assert.equal(decodeURIComponent(await link.getAttribute("href")), paths[to]);
        const response = await fetch(new URL(paths[to], estate.base));
        assert.equal(response.status, 410);
      } finally {
        await context.close();
      }
    }
  } finally {
    await estate.stop();
  }
});
