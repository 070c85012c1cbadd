// The for-sale and for-rent lists against the demo agency: counts equal an
// independent count over the platform JSON, the address holds the whole
// state (reload, back button), the empty state, and axe with the filters open.
import { test } from "node:test";
import assert from "node:assert/strict";
import { assertAccessible, browser, declinedConsent, openPage, testInTurn, withBrowser } from "./support.mjs";
import { running, settle, visit } from "./site.mjs";
import { listings as published, status, typeIdOf } from "./platform-data.mjs";

// The published listings, each with its type id.
const listings = (lang) => published(lang).map((p) => ({ ...p, TypeID: typeIdOf(p, lang) }));


// The platform's Goal: 0 sale, anything else rent. A price that is not published matches no price filter.
const forSale = (p) => p.Goal === 0;
const forRent = (p) => p.Goal !== 0;

withBrowser();

const count = (page) => page.locator(".search-results__count");

async function shownCount(page, want) {
  // The live region holds a number once results are in; a given `want` waits for the list to settle on it.
  if (want !== undefined) {
    await count(page)
      .filter({ hasText: new RegExp(`^${want}\\b`) })
      .waitFor()
      .catch(async (err) => {
        const shown = await count(page).allTextContents().catch(() => []);
        throw new Error(`${want} results never shown at ${page.url()} (shown: ${JSON.stringify(shown)}): ${err.message}`);
      });
  } else await count(page).filter({ hasText: /\d/ }).waitFor();
  return Number((await count(page).textContent()).match(/[\d.]+/)[0].replace(/\./g, ""));
}

test("nl for sale: type and price filter match an independent count; reload and back restore the state", async () => {
  const { context, page, problems } = await openPage(browser, { storage: declinedConsent });
  try {
    const nl = listings("nl");
    await visit(page, "/nl/te-koop/");
    assert.equal(await shownCount(page), nl.filter(forSale).length);
    assert.equal(await shownCount(page), 61);
    assert.equal(await page.locator(".search-pagination__status").textContent(), "pagina 1 van 6 [61 panden]");

    const woning = nl.filter((p) => forSale(p) && p.TypeID === 82);
    await page.getByRole("checkbox", { name: /^Woning/ }).check();
    await page.waitForURL(/[?&]type=82/);
    assert.equal(await shownCount(page, woning.length), woning.length);

    const max = 300000;
    const cheap = woning.filter((p) => p.PublishPrice && p.Price <= max);
    const priceFilter = page.getByRole("group", { name: "Prijs (€)" });
    await priceFilter.getByLabel("Maximum").fill(String(max));
    await priceFilter.getByLabel("Maximum").press("Enter");
    await page.waitForURL(/[?&]price=-300000/);
    assert.notEqual(cheap.length, woning.length, "the price filter must narrow the list");
    assert.equal(await shownCount(page, cheap.length), cheap.length);
    assert.equal(await page.locator(".search-results__list > li").count(), Math.min(cheap.length, 12));

    await page.reload();
    await running(page);
    assert.equal(await shownCount(page, cheap.length), cheap.length);
    assert.equal(await priceFilter.getByLabel("Maximum").inputValue(), String(max));
    assert.ok(await page.getByRole("checkbox", { name: /^Woning/ }).isChecked());

    await page.goBack();
    await page.waitForURL((url) => !url.search.includes("price="));
    assert.equal(await shownCount(page, woning.length), woning.length);
    assert.equal(await priceFilter.getByLabel("Maximum").inputValue(), "");
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("fr for rent counts every rental, twelve to a page", async () => {
  const { context, page, problems } = await openPage(browser, { storage: declinedConsent, locale: "fr-BE" });
  try {
    const rentals = listings("fr").filter(forRent).length;
    assert.equal(rentals, 15);
    await visit(page, "/fr/a-louer/");
    assert.equal(await shownCount(page, rentals), rentals);
    assert.equal(await page.locator(".search-pagination__status").textContent(), "page 1 de 2 [15 biens]");
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("sort, hits per page and page 2 live in the address", async () => {
  const { context, page, problems } = await openPage(browser, { storage: declinedConsent });
  try {
    await visit(page, "/nl/te-koop/?sort=price_asc&perPage=24&page=2");
    assert.equal(await shownCount(page, 61), 61);
    assert.equal(await page.locator(".search-pagination__status").textContent(), "pagina 2 van 3 [61 panden]");
    assert.equal(await page.getByLabel("Sorteren op").inputValue(), "properties_nl_price_asc");
    assert.equal(await page.locator(".search-results__list > li").count(), 24);
    await page.getByRole("link", { name: "Volgende pagina" }).click();
    await page.waitForURL(/[?&]page=3/);
    await page.locator(".search-pagination__status", { hasText: "pagina 3 van 3" }).waitFor();
    assert.equal(await page.locator(".search-results__list > li").count(), 61 - 48);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("the type tree: a category takes its sub-types, one sub-type off leaves it mixed; the filter survives a language switch", async () => {
  const { context, page, problems } = await openPage(browser, { storage: declinedConsent });
  try {
    const nl = listings("nl");
    const houses = nl.filter((p) => forSale(p) && [8, 81, 82, 83].includes(p.TypeID));
    const typeGroup = page.getByRole("group", { name: "Type pand" });
    await visit(page, "/nl/te-koop/");
    const category = typeGroup.getByRole("checkbox", { name: /^Villa\/Huis\/Hoeve/ });
    await category.click();
    await page.waitForURL(/type=8\b/);
    assert.equal(await shownCount(page, houses.length), houses.length);
    assert.ok(await category.isChecked());
    for (const sub of ["Villa", "Woning", "Hoeve"]) assert.ok(await typeGroup.getByRole("checkbox", { name: new RegExp(`^${sub} \\d`) }).isChecked(), sub);

    const villas = houses.filter((p) => p.TypeID === 81);
    await typeGroup.getByRole("checkbox", { name: /^Villa \d/ }).click();
    assert.equal(await shownCount(page, houses.length - villas.length), houses.length - villas.length);
    // What a screen reader hears: the native indeterminate state, as "mixed".
    assert.match(await category.ariaSnapshot(), /\[checked=mixed\]/);
    assert.equal(await category.evaluate((el) => el.indeterminate), true);

    // Type ids are the same in every language: French keeps the filter.
    // A whole category is written as its id alone (?type=8); with Villa off, its sub-types are listed.
    await page.waitForURL((url) => url.searchParams.getAll("type").includes("82") && !url.searchParams.getAll("type").includes("81"));
    await page.getByRole("navigation", { name: "Kies uw taal" }).getByRole("link").filter({ hasText: "FR" }).click();
    await page.waitForFunction(() => location.pathname === "/fr/a-vendre/" && location.search.includes("type="), null, { timeout: 5000 }).catch(async (err) => {
      throw new Error(`still at ${page.url()}: ${err.message}`);
    });
    // A new document: the mixed state is a DOM property the app sets as it hydrates.
    await running(page);
    const fr = page.getByRole("group", { name: "Type de bien" });
    // Waited for, not read once: under load the French list may still be settling on the state of its address.
    // What the French list shows if it never settles, for the failure's message.
    const frState = async () =>
      `${page.url()}: ${JSON.stringify(
        await fr.getByRole("checkbox").evaluateAll((boxes) =>
          boxes.map((b) => `${b.closest("label")?.textContent?.trim()} ${b.indeterminate ? "mixed" : b.checked}`),
        ),
      )}`;
    const settled = async (name, checked) => {
      await fr
        .getByRole("checkbox", { name, checked })
        .waitFor()
        .catch(async (err) => {
          throw new Error(`${name} checked=${checked} never shown; ${await frState()}: ${err.message}`);
        });
    };
    await settled(/^Maison/, true);
    await settled(/^Villa \d/, false);
    assert.equal(await shownCount(page, houses.length - villas.length), houses.length - villas.length);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("the list/map toggle is pressed state in the address, kept on reload and undone by back", async () => {
  const { context, page, problems } = await openPage(browser, { storage: declinedConsent });
  try {
    await visit(page, "/nl/te-koop/?type=82");
    await shownCount(page, 21);
    const map = page.getByRole("button", { name: "Kaart", exact: true });
    const list = page.getByRole("button", { name: "Lijst", exact: true });
    assert.equal(await list.getAttribute("aria-pressed"), "true");
    await map.click();
    await page.waitForURL(/[?&]view=map/);
    assert.equal(await map.getAttribute("aria-pressed"), "true");
    await page.locator(".leaflet-container").waitFor();
    assert.equal(await page.locator(".search-results__list").count(), 0);
    await page.reload();
    await running(page);
    await page.locator(".leaflet-container").waitFor();
    assert.ok(page.url().includes("type=82"));
    // Back is a new document here (the entry is the page's before the reload): leaving mid-search would fail it.
    await settle(page);
    await page.goBack();
    await page.waitForURL((url) => !url.search.includes("view=map"));
    await page.locator(".search-results__list").waitFor();
    assert.equal(await list.getAttribute("aria-pressed"), "true");
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("an impossible filter shows the empty state", async () => {
  const { context, page, problems } = await openPage(browser, { storage: declinedConsent });
  try {
    await visit(page, "/nl/te-koop/?price=1-2");
    await page.getByText("Er werden geen resultaten gevonden voor uw zoekopdracht.").waitFor();
    assert.equal(await page.locator(".search-results__list > li").count(), 0);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("axe: the list at 375 px with the filters open", async () => {
  const { context, page, problems } = await openPage(browser, { storage: declinedConsent, width: 375, height: 812 });
  try {
    await visit(page, "/nl/te-koop/", { waitUntil: "load" });
    await shownCount(page, 61);
    const toggle = page.getByRole("button", { name: "Filters", exact: true });
    assert.equal(await toggle.getAttribute("aria-expanded"), "false");
    assert.equal(await page.getByRole("complementary").isVisible(), false);
    await toggle.click();
    await page.getByRole("dialog", { name: "Verfijnen" }).waitFor();
    await assertAccessible(page, "for sale at 375 px, filters open");
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("axe: the list on a desktop with a filter applied", async () => {
  const { context, page, problems } = await openPage(browser, { storage: declinedConsent, locale: "fr-BE" });
  try {
    await visit(page, "/fr/a-vendre/?type=82&bedrooms=3", { waitUntil: "load" });
    await page.getByRole("button", { name: /Retirer le filtre Type de bien\s?: Maison/ }).waitFor();
    await assertAccessible(page, "for sale, fr, filtered");
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("fr: the EPC filter lists the grades as certificates print them, best first", async () => {
  const { context, page, problems } = await openPage(browser, { storage: declinedConsent, locale: "fr-BE" });
  try {
    await visit(page, "/fr/a-vendre/", { waitUntil: "load" });
    await shownCount(page);
    const facet = page.locator("fieldset.search-facet", { has: page.locator("legend", { hasText: "Label PEB" }) });
    const labels = await facet.locator(".search-facet__label").allTextContents();
    assert.ok(labels.length >= 3, `EPC grades shown: ${JSON.stringify(labels)}`);
    for (const label of labels) assert.match(label, /^[A-I](\+\+|\+|-)?$/, `a grade reads ${label}`);
    // A++ A+ A A- B B- …: the letter, then the pluses before the plain grade before the minus.
    const rank = (label) => (label.charCodeAt(0) - 65) * 4 + ["++", "+", "", "-"].indexOf(label.slice(1));
    assert.deepEqual(labels, [...labels].sort((a, b) => rank(a) - rank(b)));
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

for (const [lang, path] of [["nl", "/nl/te-koop/?page=3"], ["fr", "/fr/a-vendre/?page=3"]]) {
  testInTurn(lang, 1, `${lang}: the pager keeps one row on a phone, around the current page`, async () => {
    const { context, page, problems } = await openPage(browser, { storage: declinedConsent, width: 390, height: 844 });
    try {
      await visit(page, path, { waitUntil: "load" });
      await shownCount(page, 61);
      const items = page.locator(".search-pagination__list > li");
      const boxes = (await items.evaluateAll((els) => els.map((el) => el.getBoundingClientRect()))).filter((b) => b.width > 0);
      assert.equal(boxes.length, 5, "first, previous, the current page, next and last");
      assert.equal(new Set(boxes.map((b) => Math.round(b.top))).size, 1, `one row: ${JSON.stringify(boxes.map((b) => b.top))}`);
      assert.equal((await page.locator('.search-pagination__link[aria-current="page"]').textContent()).trim(), "3");
      assert.match(await page.locator(".search-pagination__status").textContent(), /^(pagina|page) 3 (van|de) 6/);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}

// A listing gone from the market, in the platform's own words: its Status sold or rented (listing.OfferOf).
const offMarket = (p) => [status.sold, status.rented].includes(p.Status);

const phoneTexts = {
  nl: { path: "/nl/te-koop/", filters: "Filters", hide: "Verkochte panden verbergen", dialog: "Verfijnen", show: (n) => `Toon ${n} resultaten`,
    count: (n, sold) => `${n} panden te koop, waarvan ${sold} verkocht`, hidden: (n) => `${n} panden te koop` },
  fr: { path: "/fr/a-vendre/", filters: "Filtres", hide: "Masquer les biens vendus", dialog: "Affiner", show: (n) => `Voir ${n} résultats`,
    count: (n, sold) => `${n} biens à vendre, dont ${sold} vendus`, hidden: (n) => `${n} biens à vendre` },
};

for (const [lang, tx] of Object.entries(phoneTexts)) {
  testInTurn(lang, 0, `${lang} at 390×844: the first card's photo on arrival, sold ones counted, filters in a full-screen sheet`, async () => {
    const { context, page, problems } = await openPage(browser, { storage: declinedConsent, width: 390, height: 844, locale: lang === "fr" ? "fr-BE" : "nl-BE" });
    try {
      const all = listings(lang).filter(forSale);
      const sold = all.filter(offMarket).length;
      assert.ok(sold > 0, "the demo has sold listings");
      await visit(page, tx.path, { waitUntil: "load" });
      assert.equal(await count(page).textContent(), tx.count(all.length, sold));
      const photo = await page.locator(".search-results__item img").first().boundingBox();
      assert.ok(photo && photo.y >= 0 && photo.y + photo.height <= 844, `first card's photo within the first screen: ${JSON.stringify(photo)}`);

      // The town filter names each town with its postcode.
      const toggle = page.getByRole("button", { name: tx.filters, exact: true });
      await toggle.click();
      const sheet = page.getByRole("dialog", { name: tx.dialog });
      await sheet.waitFor();
      assert.deepEqual(await sheet.boundingBox(), { x: 0, y: 0, width: 390, height: 844 }, "the sheet covers the screen");
      const towns = await sheet.locator("fieldset.search-facet").nth(1).locator(".search-facet__label").allTextContents();
      assert.ok(towns.length > 0 && towns.every((t) => /^\S.* \(\d{4}(, \d{4})*\)$/.test(t)), `towns with postcodes: ${JSON.stringify(towns)}`);

      // 'Hide sold': the sheet's button counts live, and closing it shows the list with the filter in force.
      const show = sheet.getByRole("button", { name: tx.show(all.length) });
      await show.waitFor();
      await sheet.getByRole("checkbox", { name: new RegExp(`^${tx.hide}`) }).check();
      await sheet.getByRole("button", { name: tx.show(all.length - sold) }).click();
      await sheet.waitFor({ state: "hidden" });
      await page.waitForURL(/[?&]hideSold=1/);
      await count(page).filter({ hasText: new RegExp(`^${tx.hidden(all.length - sold)}$`) }).waitFor();
      assert.equal(await page.getByRole("button", { name: `${tx.filters} (1)` }).evaluate((el) => el === document.activeElement), true, "focus back on the button");

      // Escape closes the sheet too, and the page behind did not scroll.
      const y = await page.evaluate(() => window.scrollY);
      await page.getByRole("button", { name: `${tx.filters} (1)` }).click();
      await sheet.waitFor();
      await page.keyboard.press("Escape");
      await sheet.waitFor({ state: "hidden" });
      assert.equal(await page.evaluate(() => window.scrollY), y);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}
