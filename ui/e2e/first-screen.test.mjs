// A list's first screen (src/features/search/ListingsSearch.tsx): the browser
// keeps the server's HTML of the list, filters disabled, until the visitor
// reaches for the page; only then does it load the live list's chunk
// (SearchList-*.js) and swap it in, with the same cards and no new search.
// Before the swap a card opens through the router and records its trail;
// across it keyboard focus stays on the same card; on a phone a tap wakes
// the list and the next opens the filters. The map view is live at once.
// These tests load pages with page.goto, not visit()/running(), which move
// the pointer and so wake the list themselves.
import { test } from "node:test";
import assert from "node:assert/strict";
import { baseURL, browser, declinedConsent, openPage, withBrowser } from "./support.mjs";
import { unexpected } from "./site.mjs";

withBrowser();

const chunk = /\/assets\/SearchList-[\w-]+\.js$/;
const isChunk = (url) => chunk.test(new URL(url).pathname);
const isSearch = (req) => req.method() === "POST" && new URL(req.url()).pathname.startsWith("/1/indexes/");

const live = (page) => page.locator(".listings-search[data-search=live]");
const count = (page) => page.locator(".search-results__count");
const cardHrefs = (page) => page.locator(".listings-search .property-card__link").evaluateAll((links) => links.map((a) => a.getAttribute("href")));

/** Loads a path and waits for the app to run, touching nothing: no pointer, key or focus reaches the page. */
async function load(page, path) {
  await page.goto(path, { waitUntil: "domcontentloaded" });
  await page.locator("html[data-app=running]").waitFor({ state: "attached" });
}

/** The cards' links and the count line of the server's HTML of a list, as a browser without scripts gets it. */
async function serverList(path) {
  const res = await fetch(new URL(path, baseURL));
  assert.ok(res.ok, `GET ${path}: ${res.status}`);
  const html = await res.text();
  const hrefs = [...html.matchAll(/<a [^>]*class="[^"]*\bproperty-card__link\b[^"]*"[^>]*>/g)].map((m) => m[0].match(/href="([^"]*)"/)[1]);
  const countText = html.match(/class="search-results__count"[^>]*>([^<]*)</)?.[1];
  assert.ok(hrefs.length > 0 && countText, `${path}: the server's HTML has cards and a count`);
  return { hrefs, count: countText };
}

/** Holds the live list's chunk until release(): the first screen stays however the visitor reaches for it. */
async function holdChunk(page) {
  const held = [];
  let released = false;
  await page.route(chunk, (route) => (released ? route.continue() : held.push(route)));
  return {
    held,
    release: async () => {
      released = true;
      await Promise.all(held.splice(0).map((route) => route.continue().catch(() => undefined)));
    },
  };
}

const lists = [
  { lang: "nl", path: "/nl/te-koop/", locale: "nl-BE", wait: "De filters worden klaargemaakt…" },
  { lang: "fr", path: "/fr/a-louer/", locale: "fr-BE", wait: "Les filtres se préparent…" },
];

for (const { lang, path, locale, wait } of lists) {
  test(`${lang}: ${path} stays the server's HTML until the pointer moves, then goes live with the same cards and no search`, async () => {
    // A cold cache: what loads when is read from the requests.
    const { context, page, problems } = await openPage(browser, { storage: declinedConsent, locale, fresh: true });
    try {
      const server = await serverList(path);
      const chunks = [];
      const searches = [];
      page.on("request", (req) => {
        if (isChunk(req.url())) chunks.push(req.url());
        if (isSearch(req)) searches.push(req.url());
      });
      await load(page, path);
      await page.waitForTimeout(1500);
      assert.deepEqual(chunks, [], "no live list's chunk before the visitor reaches for the list");
      assert.deepEqual(searches, [], "no search before the swap");
      assert.equal(await live(page).count(), 0);
      assert.deepEqual(await cardHrefs(page), server.hrefs, "the server's cards");
      assert.equal(await count(page).textContent(), server.count);
      assert.equal(await page.locator("fieldset.listings-search__gate").evaluate((el) => el.disabled), true, "filters disabled");
      assert.equal((await page.locator(".listings-search__wait").textContent()).trim(), wait);

      await page.mouse.move(10, 10);
      await page.mouse.move(12, 14);
      await live(page).waitFor({ state: "attached" });
      assert.equal(chunks.length, 1, `the chunk loads once: ${JSON.stringify(chunks)}`);
      assert.equal(await page.locator("fieldset.listings-search__gate").evaluate((el) => el.disabled), false, "filters enabled");
      assert.equal(await page.locator(".listings-search__wait").count(), 0);
      assert.deepEqual(await cardHrefs(page), server.hrefs, "the same cards, in order");
      assert.equal(await count(page).textContent(), server.count);
      await page.waitForLoadState("networkidle");
      assert.deepEqual(searches, [], "the live list starts from the server's results");
      assert.deepEqual(unexpected(problems), []);
    } finally {
      await context.close();
    }
  });
}

test("nl, page 2, before the swap: a card opens through the router, without a document load, and its detail shows the trail", async () => {
  const { context, page, problems } = await openPage(browser, { storage: declinedConsent });
  try {
    await load(page, "/nl/te-koop/?page=2");
    const cards = await cardHrefs(page);
    const documents = [];
    page.on("request", (req) => req.resourceType() === "document" && documents.push(req.url()));
    await page.evaluate(() => (window.__same = 1));
    // A click event alone, as a script's: no pointer event, so the list stays the first screen.
    await page.locator(".property-card__link").nth(1).dispatchEvent("click");
    await page.waitForURL((url) => url.pathname === cards[1]);
    const trail = page.getByRole("navigation", { name: "Uw zoekresultaten" });
    await trail.getByText("Pand 14 van 61", { exact: true }).waitFor();
    assert.equal(await trail.getByRole("link", { name: "Vorige", exact: true }).getAttribute("href"), cards[0]);
    assert.equal(await trail.getByRole("link", { name: "Volgende", exact: true }).getAttribute("href"), cards[2]);
    assert.equal(await trail.getByRole("link", { name: "Terug naar de resultaten" }).getAttribute("href"), "/nl/te-koop/?page=2");
    assert.deepEqual(documents, [], "no document load");
    assert.equal(await page.evaluate(() => window.__same), 1, "the same document");
    assert.deepEqual(unexpected(problems), []);
  } finally {
    await context.close();
  }
});

test("fr for rent, the live list's chunk held: a real click on a card opens its detail with the trail", async () => {
  const { context, page, problems } = await openPage(browser, { storage: declinedConsent, locale: "fr-BE" });
  const hold = await holdChunk(page);
  try {
    await load(page, "/fr/a-louer/");
    const cards = await cardHrefs(page);
    const searches = [];
    page.on("request", (req) => isSearch(req) && searches.push(req.url()));
    await page.evaluate(() => (window.__same = 1));
    await page.locator(".property-card__link").nth(1).click();
    await page.waitForURL((url) => url.pathname === cards[1]);
    const trail = page.getByRole("navigation", { name: "Vos résultats de recherche" });
    await trail.getByText("Bien 2 sur 15", { exact: true }).waitFor();
    assert.equal(await trail.getByRole("link", { name: "Suivant", exact: true }).getAttribute("href"), cards[2]);
    assert.equal(await page.evaluate(() => window.__same), 1, "the same document");
    assert.ok(hold.held.length > 0, "the pointer asked for the live list, which never came");
    assert.deepEqual(searches, []);
    assert.deepEqual(unexpected(problems), []);
  } finally {
    await hold.release();
    await context.close();
  }
});

test("nl, sorted: a click right away, the live list's chunk on its way, opens the detail with the trail and no search", async () => {
  const { context, page, problems } = await openPage(browser, { storage: declinedConsent });
  try {
    await load(page, "/nl/te-koop/?sort=price_asc");
    const cards = await cardHrefs(page);
    const searches = [];
    page.on("request", (req) => isSearch(req) && searches.push(req.url()));
    // The pointer's move asks for the chunk, and the click follows at once: the list left is not swapped.
    await page.locator(".property-card__link").first().click();
    await page.waitForURL((url) => url.pathname === cards[0]);
    const trail = page.getByRole("navigation", { name: "Uw zoekresultaten" });
    await trail.getByText("Pand 1 van 61", { exact: true }).waitFor();
    assert.equal(await trail.getByRole("link", { name: "Terug naar de resultaten" }).getAttribute("href"), "/nl/te-koop/?sort=price_asc");
    assert.equal(await trail.getByRole("link", { name: "Volgende", exact: true }).getAttribute("href"), cards[1]);
    await page.waitForLoadState("networkidle");
    assert.deepEqual(searches, [], "the list left behind searches for nothing");
    assert.deepEqual(unexpected(problems), []);
  } finally {
    await context.close();
  }
});

test("nl: a card link reached with Tab keeps the focus when the live list takes over", async () => {
  const { context, page, problems } = await openPage(browser, { storage: declinedConsent });
  const hold = await holdChunk(page);
  try {
    await load(page, "/nl/te-koop/");
    const cards = await cardHrefs(page);
    // The third card: the cards before it put their favourite buttons and links before it in the list.
    const target = cards[2];
    const focusedCard = () => page.evaluate(() => document.activeElement?.closest(".listings-search .property-card__link")?.getAttribute("href") ?? null);
    let on = null;
    for (let i = 0; i < 120 && on !== target; i++) {
      await page.keyboard.press("Tab");
      on = await focusedCard();
    }
    assert.equal(on, target, "Tab reaches the third card");
    assert.equal(await live(page).count(), 0, "still the first screen");
    assert.ok(hold.held.length > 0, "the first key asked for the live list");

    await hold.release();
    await live(page).waitFor({ state: "attached" });
    assert.deepEqual(
      await page.evaluate(() => {
        const el = document.activeElement;
        return { href: el?.getAttribute("href"), card: el?.matches(".property-card__link"), live: !!el?.closest(".listings-search[data-search=live]") };
      }),
      { href: target, card: true, live: true },
    );
    assert.deepEqual(unexpected(problems), []);
  } finally {
    await hold.release();
    await context.close();
  }
});

const phoneTexts = {
  nl: { path: "/nl/te-koop/", locale: "nl-BE", filters: "Filters", dialog: "Verfijnen" },
  fr: { path: "/fr/a-vendre/", locale: "fr-BE", filters: "Filtres", dialog: "Affiner" },
};

for (const [lang, tx] of Object.entries(phoneTexts)) {
  test(`${lang} on a touch phone: a tap on '${tx.filters}' wakes the list, and then the button opens the sheet`, async () => {
    const { context, page, problems } = await openPage(browser, { storage: declinedConsent, locale: tx.locale, width: 390, height: 844, touch: true });
    try {
      await load(page, tx.path);
      const toggle = page.locator(".listings-search__filters-toggle");
      await toggle.scrollIntoViewIfNeeded();
      assert.equal(await toggle.isDisabled(), true, "disabled in the first screen");
      const box = await toggle.boundingBox();
      assert.ok(box && box.y >= 0 && box.y + box.height <= 844, `the button on screen: ${JSON.stringify(box)}`);
      // A tap where the button is: the touchscreen has no wait for it to be enabled, as locator.tap() would.
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      await live(page).waitFor({ state: "attached" });
      const sheet = page.getByRole("dialog", { name: tx.dialog });
      const button = page.getByRole("button", { name: tx.filters, exact: true });
      // The first tap may have reached the live button, if the swap came before its click; else the next one does.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 100))));
      if (!(await sheet.isVisible())) await button.tap();
      await sheet.waitFor();
      assert.equal(await button.getAttribute("aria-expanded"), "true");
      assert.deepEqual(await sheet.boundingBox(), { x: 0, y: 0, width: 390, height: 844 }, "the sheet covers the screen");
      assert.deepEqual(unexpected(problems), []);
    } finally {
      await context.close();
    }
  });
}

test("fr: the map view loads the live list at once, with no pointer, key or touch", async () => {
  const { context, page, problems } = await openPage(browser, { storage: declinedConsent, locale: "fr-BE", fresh: true });
  try {
    const chunks = [];
    page.on("request", (req) => isChunk(req.url()) && chunks.push(req.url()));
    await load(page, "/fr/a-vendre/?view=map");
    await page.locator(".listings-search[data-search=live] .leaflet-container").waitFor();
    assert.equal(chunks.length, 1, `the chunk loads once: ${JSON.stringify(chunks)}`);
    assert.equal(await page.locator("fieldset.listings-search__gate").evaluate((el) => el.disabled), false, "filters enabled");
    assert.deepEqual(unexpected(problems), []);
  } finally {
    await context.close();
  }
});

// Cards beyond the first screen are laid out, painted and their photos fetched only near the view
// (content-visibility, ListingsSearch.css and modules.css): far down they are skipped and their photos wait;
// scrolled to, they show with their photo; and the page never grows wider than the phone.
for (const { lang, path, card } of [
  { lang: "nl", path: "/nl/te-koop/", card: ".search-results__item" },
  { lang: "fr", path: "/fr/", card: ".module__list-item" },
]) {
  test(`${lang} at 390 px: ${path}'s last ${card} waits until scrolled to, then shows its photo`, async () => {
    const { context, page, problems } = await openPage(browser, { storage: declinedConsent, locale: `${lang}-BE`, width: 390, height: 844, fresh: true });
    try {
      await load(page, path);
      await page.waitForLoadState("load");
      const last = page.locator(card).last();
      const state = () =>
        last.evaluate((el) => {
          const img = el.querySelector("img");
          // The item itself is never skipped: what it holds is.
          return { rendered: img.checkVisibility({ contentVisibilityAuto: true }), photo: Boolean(img.complete && img.naturalWidth > 0) };
        });
      assert.deepEqual(await state(), { rendered: false, photo: false }, "far below the screen: skipped, no photo");
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), "the page does not scroll sideways");
      await last.scrollIntoViewIfNeeded();
      await page.waitForFunction((sel) => {
        const img = [...document.querySelectorAll(sel)].at(-1)?.querySelector("img");
        return img?.complete && img.naturalWidth > 0;
      }, card);
      assert.equal((await state()).rendered, true, "scrolled to: rendered");
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), "still no sideways scroll");
      assert.deepEqual(unexpected(problems), []);
    } finally {
      await context.close();
    }
  });
}
