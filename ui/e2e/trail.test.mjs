// Previous / next within the current search on the detail page (src/features/trail)
// and the detail page's map (src/features/map/DetailMap): the trail follows the list's
// filter, page and sort across page edges and back to the list, and the map
// draws a pin or a ~1 km area over its offline layer (no tile loads here).
import { test } from "node:test";
import assert from "node:assert/strict";
import { assertAccessible, baseURL, browser, declinedConsent, offlineTile, openPage, withBrowser } from "./support.mjs";
import { pageData, visit } from "./site.mjs";

withBrowser();

const status = (page) => page.locator(".search-pagination__status");
const trailNav = (page) => page.getByRole("navigation", { name: "Uw zoekresultaten" });

/** The detail paths of the cards on screen, once the list shows `want` in its status line ("pagina 2 van 6"). */
async function cardPaths(page, want) {
  await status(page).filter({ hasText: want }).waitFor();
  const hrefs = await page.locator(".property-card__link").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  assert.ok(hrefs.length > 0, "cards on the list");
  return hrefs;
}

async function openList(page, path, want) {
  await visit(page, path);
  return cardPaths(page, want);
}

/** Opens the card linking to `path` (with the keyboard: a late shift of the grid cannot divert it) and waits for its detail. */
async function openCard(page, path) {
  await page.locator(`.property-card__link[href="${path}"]`).focus();
  await page.keyboard.press("Enter");
  await page.waitForURL((url) => url.pathname === path);
  await page.locator("main h1").first().waitFor();
}

/** Follows a link of the trail and waits for the detail it leads to. */
async function follow(page, name, path, nav = trailNav(page)) {
  await nav.getByRole("link", { name, exact: true }).click();
  await page.waitForURL((url) => url.pathname === path);
  // The address changes before the listing is on screen; until then the trail's links are still the old page's.
  const id = path.match(/\/(\d+)\/$/)[1];
  await page.locator(".property-facts__ref", { hasText: new RegExp(`\\b${id}$`) }).waitFor();
}

async function position(page, text) {
  await trailNav(page).getByText(text, { exact: true }).waitFor();
}

test("filtered list, page 2: the 2nd card's detail steps to the 3rd and back, and returns to the same filter and page", async () => {
  const { context, page, problems } = await openPage(browser, { storage: declinedConsent });
  try {
    await openList(page, "/nl/te-koop/", "pagina 1 van 6");
    await page.getByRole("checkbox", { name: /^Woning/ }).check();
    await page.waitForURL(/[?&]type=/);
    const type = new URL(page.url()).searchParams.getAll("type");
    // The filtered count: fewer than all 61, more than one page of 12.
    await status(page).filter({ hasNotText: "[61 panden]" }).filter({ hasText: /^pagina 1 van \d+ / }).waitFor();
    const [, pages, total] = (await status(page).textContent()).match(/^pagina 1 van (\d+) \[(\d+) panden\]$/);
    assert.ok(Number(pages) >= 2 && Number(total) > 14, `a filter with a second page: ${total} listings`);
    await page.getByRole("link", { name: "Volgende pagina" }).click();
    const cards = await cardPaths(page, `pagina 2 van ${pages} `);

    await openCard(page, cards[1]);
    await position(page, `Pand 14 van ${total}`);
    await assertAccessible(page, "the trail", { include: ".search-trail" });

    await follow(page, "Volgende", cards[2]);
    await position(page, `Pand 15 van ${total}`);
    await follow(page, "Vorige", cards[1]);
    await position(page, `Pand 14 van ${total}`);

    await trailNav(page).getByRole("link", { name: "Terug naar de resultaten" }).click();
    await page.waitForURL(
      (url) => url.pathname === "/nl/te-koop/" && String(url.searchParams.getAll("type")) === String(type) && url.searchParams.get("page") === "2",
    );
    assert.deepEqual(await cardPaths(page, `pagina 2 van ${pages} `), cards);
    assert.ok(await page.getByRole("checkbox", { name: /^Woning/ }).isChecked());
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("the last card of page 1 leads to the first of page 2 and back; the list comes back on page 2", async () => {
  const { context, page, problems } = await openPage(browser, { storage: declinedConsent });
  try {
    const second = await openList(page, "/nl/te-koop/?page=2", "pagina 2 van 6");
    const first = await openList(page, "/nl/te-koop/", "pagina 1 van 6");
    assert.equal(first.length, 12);

    await openCard(page, first[11]);
    await position(page, "Pand 12 van 61");
    // The next listing is on a page the list never showed: fetched with the same search.
    await follow(page, "Volgende", second[0]);
    await position(page, "Pand 13 van 61");
    await follow(page, "Vorige", first[11]);
    await follow(page, "Volgende", second[0]);
    await follow(page, "Volgende", second[1]);

    await trailNav(page).getByRole("link", { name: "Terug naar de resultaten" }).click();
    await page.waitForURL((url) => url.pathname === "/nl/te-koop/" && url.search === "?page=2");
    assert.deepEqual(await cardPaths(page, "pagina 2 van 6"), second);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("sorted, 24 per page: previous from the first card of page 2 is the last of page 1 in the same order", async () => {
  const { context, page, problems } = await openPage(browser, { storage: declinedConsent });
  try {
    const first = await openList(page, "/nl/te-koop/?sort=price_asc&perPage=24", "pagina 1 van 3");
    const second = await openList(page, "/nl/te-koop/?page=2&sort=price_asc&perPage=24", "pagina 2 van 3");
    assert.equal(first.length, 24);

    await openCard(page, second[0]);
    await position(page, "Pand 25 van 61");
    await follow(page, "Vorige", first[23]);
    await position(page, "Pand 24 van 61");

    await trailNav(page).getByRole("link", { name: "Terug naar de resultaten" }).click();
    await page.waitForURL((url) => url.pathname === "/nl/te-koop/" && url.search === "?sort=price_asc&perPage=24");
    assert.deepEqual(await cardPaths(page, "pagina 1 van 3"), first);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("fr for rent: the trail speaks French", async () => {
  const { context, page, problems } = await openPage(browser, { storage: declinedConsent, locale: "fr-BE" });
  try {
    const cards = await openList(page, "/fr/a-louer/", "page 1 de 2");
    await openCard(page, cards[1]);
    const nav = page.getByRole("navigation", { name: "Vos résultats de recherche" });
    await nav.getByText("Bien 2 sur 15", { exact: true }).waitFor();
    await follow(page, "Suivant", cards[2], nav);
    await follow(page, "Précédent", cards[1], nav);
    await nav.getByRole("link", { name: "Retour aux résultats" }).click();
    await page.waitForURL((url) => url.pathname === "/fr/a-louer/" && url.search === "");
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("a detail opened from the map view's list of links gets the trail too", async () => {
  const { context, page, problems } = await openPage(browser, { storage: declinedConsent });
  try {
    await visit(page, "/nl/te-koop/?view=map");
    await page.locator(".leaflet-container").waitFor();
    await page.getByRole("button", { name: "Toon als lijst" }).click();
    const links = page.locator(".results-map__list a");
    await links.nth(1).waitFor();
    const path = await links.nth(1).getAttribute("href");
    await links.nth(1).click();
    await page.waitForURL((url) => url.pathname === path);
    await position(page, "Pand 2 van 61");
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("a detail opened from elsewhere shows no trail; the trail and the map are left out of print", async () => {
  const { context, page, problems } = await openPage(browser, { storage: declinedConsent });
  try {
    await visit(page, "/property/4030/");
    await page.locator(".detail-map").waitFor();
    assert.equal(await page.locator(".search-trail").count(), 0);

    const cards = await openList(page, "/nl/te-koop/", "pagina 1 van 6");
    await openCard(page, cards[0]);
    await trailNav(page).waitFor();
    await page.emulateMedia({ media: "print" });
    assert.equal(await page.locator(".search-trail").isVisible(), false);
    assert.equal(await page.locator(".detail-map").isVisible(), false);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

/** Opens a listing's detail and scrolls its map into view; requests are recorded from the start. */
async function openDetailMap(id) {
  // A cold cache: what loads when is read from the requests.
  const opened = await openPage(browser, { storage: declinedConsent, fresh: true });
  const requests = [];
  opened.page.on("request", (req) => requests.push(req.url()));
  const { redirect } = await pageData(`/property/${id}/`);
  const data = await pageData(redirect);
  await visit(opened.page, redirect);
  await opened.page.waitForLoadState("networkidle");
  const map = opened.page.locator(".detail-map__frame");
  const box = await map.boundingBox();
  const farBelow = box && box.y > 900 + 300;
  const early = requests.filter((u) => /DetailMapCanvas|leaflet/i.test(u));
  if (farBelow) assert.deepEqual(early, [], "Leaflet loads only when the map nears the screen");
  await map.scrollIntoViewIfNeeded();
  await opened.page.locator(".detail-map .leaflet-container").waitFor();
  return { ...opened, requests, data };
}

test("DetailMap: a pin on a published address, offline, named and not a keyboard trap", async () => {
  const { context, page, problems, requests, data } = await openDetailMap(4030);
  try {
    assert.equal(data.property.geo.approximate, false);
    await page.locator(".detail-map__pin").waitFor();
    assert.equal(await page.locator(".detail-map__area").count(), 0);
    assert.equal(await page.locator(".detail-map .leaflet-tile-loaded").count(), 0, "no tile loaded offline");
    assert.deepEqual(requests.filter((u) => !u.startsWith(baseURL) && !u.startsWith("data:") && !offlineTile.test(u)), [], "no request but tiles leaves the site");
    assert.equal(await page.getByText("Ligging bij benadering").count(), 0);
    await page.getByRole("region", { name: /^Kaart: ligging van / }).waitFor();

    // Tab walks into the map (its container, then the zoom buttons) and out again.
    await page.locator(".detail-map .leaflet-container").focus();
    let left = false;
    for (let i = 0; i < 5 && !left; i++) {
      await page.keyboard.press("Tab");
      left = await page.evaluate(() => !document.activeElement?.closest(".detail-map"));
    }
    assert.ok(left, "Tab leaves the map");
    await assertAccessible(page, "the detail map", { include: ".detail-map" });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("DetailMap: a hidden address shows a ~1 km area and its caption, never a pin", async () => {
  const { context, page, problems, data } = await openDetailMap(4010);
  try {
    assert.equal(data.property.geo.approximate, true);
    await page.locator("path.detail-map__area").waitFor();
    // The town names of the offline layer are markers too, in a pane of their own.
    assert.equal(await page.locator(".detail-map__pin, .leaflet-marker-pane .leaflet-marker-icon").count(), 0);
    assert.equal(await page.locator(".detail-map .leaflet-tile-loaded").count(), 0, "no tile loaded offline");
    await page.locator(".detail-map__caption").filter({ hasText: "Ligging bij benadering" }).waitFor();
    // At zoom 13 and 50° N a metre is about 1/12 px: the circle is some 160 px across.
    const size = await page.locator("path.detail-map__area").boundingBox();
    assert.ok(size && size.width > 120 && size.width < 220, `circle of ${size?.width} px`);
    await assertAccessible(page, "the approximate detail map", { include: ".detail-map" });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
