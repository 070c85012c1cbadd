// The listings' map view (src/features/map): markers over the offline layer, the
// keyboard path to a listing's card, 'search as I move the map' and axe. The
// tests have no network: the demo's tiles (OpenStreetMap) fail, and the map
// draws its own borders and towns instead (map-base.test.mjs).
import { test } from "node:test";
import assert from "node:assert/strict";
import { assertAccessible, baseURL, browser, declinedConsent, offlineTile, openPage, withBrowser } from "./support.mjs";
import { drawnOnMap, running } from "./site.mjs";

const mapPath = "/nl/te-koop/?view=map";

withBrowser();

async function openMap() {
  const opened = await openPage(browser, { storage: declinedConsent });
  const outside = [];
  opened.page.on("request", (req) => {
    if (!req.url().startsWith(baseURL) && !offlineTile.test(req.url())) outside.push(req.url());
  });
  await opened.page.goto(mapPath);
  await running(opened.page);
  await opened.page.locator(".results-map .leaflet-container").waitFor();
  await opened.page.locator(".results-map__marker, .results-map__cluster").first().waitFor();
  return { ...opened, outside };
}

/** The number of results the map shows, from its status line ("58 panden op de kaart"). */
async function mapCount(page) {
  const text = await page.locator(".results-map__status").textContent();
  return Number(text.match(/\d+/)[0]);
}

/** Zooms in with the keyboard on the focused map until single markers show. */
async function zoomToMarkers(page) {
  await page.locator(".results-map .leaflet-container").focus();
  const marker = page.locator(".results-map__marker").first();
  for (let i = 0; i < 8 && (await page.locator(".results-map__marker").count()) === 0; i++) {
    await page.keyboard.press("Equal");
    // One zoom step may not split a cluster yet: give each step its time
    // to show a marker, then zoom further.
    await marker.waitFor({ timeout: 1_000 }).catch(() => {});
  }
  assert.ok((await page.locator(".results-map__marker").count()) > 0, "single markers after zooming in");
}

test("the map draws every result as a marker or in a cluster, with no tile loaded", async () => {
  const { context, page, problems, outside } = await openMap();
  const count = await mapCount(page);
  assert.ok(count > 0, "results on the map");
  assert.equal(await drawnOnMap(page, count), count, "markers plus clustered listings");
  assert.equal(await page.locator(".leaflet-tile-loaded").count(), 0, "no tile loaded offline");
  assert.deepEqual(outside, [], "no request but tiles leaves the site");
  await page.getByRole("region", { name: "Kaart van de resultaten" }).waitFor();
  assert.deepEqual(problems, []);
  await context.close();
});

test("a marker's card opens and closes with the keyboard only", async () => {
  const { context, page, problems } = await openMap();
  await zoomToMarkers(page);
  let focused = false;
  for (let i = 0; i < 80 && !focused; i++) {
    await page.keyboard.press("Tab");
    focused = await page.evaluate(() => document.activeElement?.classList.contains("results-map__marker") ?? false);
  }
  assert.ok(focused, "Tab reaches a marker");
  const name = await page.evaluate(() => document.activeElement.textContent);
  assert.match(name, /.+ in .+, .+/, "the marker is named by type, town and price");
  await page.keyboard.press("Enter");
  await page.locator(".leaflet-popup .results-map__card").waitFor();
  const link = await page.evaluate(() => ({
    cls: document.activeElement.className,
    href: document.activeElement.getAttribute("href"),
  }));
  assert.equal(link.cls, "results-map__card-link", "the card's link takes the focus");
  assert.match(link.href, /^\/nl\/te-koop\/.+\/\d+\/$/);
  await assertAccessible(page, "map with an open card");
  await page.keyboard.press("Escape");
  await page.locator(".leaflet-popup").waitFor({ state: "detached" });
  assert.ok(
    await page.evaluate(() => document.activeElement?.classList.contains("results-map__marker")),
    "Escape returns the focus to the marker",
  );
  assert.deepEqual(problems, []);
  await context.close();
});

test("'search as I move the map' refines the results, 'reset map' restores them", async () => {
  const { context, page, problems } = await openMap();
  const all = await mapCount(page);
  const status = page.locator(".results-map__status");
  const area = page.getByRole("button", { name: "Zoeken in deze zone" });

  // Unchecked, a move only offers 'search this area'.
  assert.equal(await area.count(), 0);
  await page.locator(".results-map .leaflet-container").focus();
  await page.keyboard.press("Equal");
  await area.waitFor({ state: "visible" });
  assert.equal(await mapCount(page), all, "no refinement before asking");

  await page.getByRole("checkbox", { name: "Zoeken wanneer ik de kaart verplaats" }).check();
  await page.locator(".results-map .leaflet-container").focus();
  await page.keyboard.press("Equal");
  await page.keyboard.press("Equal");
  await page.waitForFunction(
    ({ before }) => Number(document.querySelector(".results-map__status").textContent.match(/\d+/)[0]) !== before,
    { before: all },
  );
  const inView = await mapCount(page);
  assert.ok(inView < all, `fewer results in the zoomed view (${inView} < ${all})`);

  await page.getByRole("button", { name: "Kaart herstellen" }).click();
  await page.waitForFunction((n) => document.querySelector(".results-map__status").textContent.startsWith(`${n} `), all);
  assert.match(await status.textContent(), new RegExp(`^${all} `));
  assert.deepEqual(problems, []);
  await context.close();
});

test("the map view has no serious accessibility violation and lists its results as links", async () => {
  const { context, page, problems } = await openMap();
  await assertAccessible(page, "map view");
  const toggle = page.getByRole("button", { name: "Toon als lijst" });
  await toggle.click();
  const links = page.locator(".results-map__list a");
  assert.equal(await links.count(), await mapCount(page));
  await assertAccessible(page, "map view with its list");
  assert.deepEqual(problems, []);
  await context.close();
});
