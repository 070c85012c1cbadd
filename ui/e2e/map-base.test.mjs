// The maps' base layer offline (src/lib/map/FallbackLayer.tsx), at a phone's size, each map in nl or fr (they take turns): the borders and the
// agency's towns drawn on the list map, the detail map and the area picker while every tile fails; every result
// of the search on the list map; the fixed header above the maps; the area picker opening on the agency's
// listings and warning about an area without any of its towns.
import { after, before, describe } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { baseURL, declinedConsent, launch, offlineTile, openPage, testInTurn } from "./support.mjs";
import { drawnOnMap, localize, siteData, sitemapPaths, visit } from "./site.mjs";

const phone = { width: 390, height: 844 };
const lists = { nl: "/nl/te-koop/", fr: "/fr/a-vendre/" };
const texts = (lang, ns) => JSON.parse(readFileSync(new URL(`../src/locales/${lang}/${ns}.json`, import.meta.url), "utf8"));

let browser;
let site;
let sitemap;
before(async () => {
  browser = await launch();
  site = await siteData();
  sitemap = await sitemapPaths();
});
after(async () => {
  await browser?.close();
});

async function open(lang) {
  const opened = await openPage(browser, { ...phone, locale: lang === "nl" ? "nl-BE" : "fr-BE", storage: declinedConsent });
  const outside = [];
  opened.page.on("request", (req) => {
    if (!req.url().startsWith(baseURL)) outside.push(req.url());
  });
  return { ...opened, outside };
}

/**
 * Waits for the offline layer of the map in `scope`: border paths with a shape, Belgium's province borders (unless
 * the map shows too small an area to cross one) and town labels with a name.
 */
async function fallbackDrawn(page, scope, { provinces = true } = {}) {
  await page.locator(`${scope} .map-fallback__town`).first().waitFor({ state: "attached" });
  await page.waitForFunction(
    // A shape, drawn on a surface that has a size (a page's max-width on the SVG once squashed it to 0 px).
    (s) =>
      [...document.querySelectorAll(`${s} path.map-fallback__land`)].some((p) => {
        const r = p.ownerSVGElement.getBoundingClientRect();
        return (p.getAttribute("d") ?? "M0 0") !== "M0 0" && r.width > 20 && r.height > 20;
      }),
    scope,
  );
  if (provinces) {
    // Leaflet clips lines to the view: a map of the region shows some of Belgium's 12 province lines, a street's none.
    const provinceLines = await page.evaluate(
      (s) =>
        [...document.querySelectorAll(`${s} path.map-fallback__provinces`)]
          .map((p) => (p.getAttribute("d") ?? "").match(/M[^M]*L/g)?.length ?? 0)
          .reduce((a, b) => a + b, 0),
      scope,
    );
    assert.ok(provinceLines >= 1 && provinceLines <= 12, `province borders drawn (${provinceLines} lines)`);
  }
  const names = await page.locator(`${scope} .map-fallback__name`).allTextContents();
  assert.ok(names.length > 0 && names.every((n) => n.trim() !== ""), "town labels with names");
  return names;
}

/** Every listing of the agency, as the search API gives them to the maps. */
async function listings(lang) {
  const res = await fetch(new URL("/1/indexes/*/queries", baseURL), {
    method: "POST",
    body: JSON.stringify({ requests: [{ indexName: `properties_${lang}`, query: "", hitsPerPage: 1000, attributesToRetrieve: ["city", "zip", "_geoloc"] }] }),
  });
  assert.ok(res.ok);
  const { results } = await res.json();
  return results[0].hits.filter((h) => h._geoloc);
}

for (const lang of ["nl", "fr"]) {
  describe(`maps offline at 390×844 (${lang})`, () => {
    testInTurn(lang, 0, "the list map draws the borders and towns, and every result of the search as a marker or in a cluster", async () => {
      const { context, page, problems, outside } = await open(lang);
      await visit(page, `${lists[lang]}?view=map`);
      await page.locator(".results-map__marker, .results-map__cluster").first().waitFor();
      await fallbackDrawn(page, ".results-map");
      await page.waitForFunction(() => /\d/.test(document.querySelector(".search-results__count")?.textContent ?? ""));
      const total = Number((await page.locator(".search-results__count").textContent()).match(/\d+/)[0]);
      assert.equal(await drawnOnMap(page, total), total, "markers plus clustered listings equal the search's count");
      assert.ok(total > 24, `more results (${total}) than a page of the list holds`);
      assert.equal(await page.locator(".search-pagination").count(), 0, "no pager on the map");
      // The tiles are asked for and fail here: the offline layer is what shows.
      assert.ok(outside.length > 0 && outside.every((u) => offlineTile.test(u)), `only tiles leave the site: ${outside.slice(0, 3)}`);
      assert.equal(await page.locator(".leaflet-tile-loaded").count(), 0);
      assert.deepEqual(problems, []);
      await context.close();
    });

    testInTurn(lang, 1, "the detail map draws the borders and towns around its pin", async () => {
      const { context, page, problems } = await open(lang);
      const detail = sitemap.find((p) => p.startsWith(lists[lang]) && /\/\d+\/$/.test(p));
      await visit(page, detail);
      await page.locator(".detail-map").scrollIntoViewIfNeeded();
      await page.locator(".detail-map .leaflet-container").waitFor();
      // Zoomed on its street, far from a province border.
      await fallbackDrawn(page, ".detail-map", { provinces: false });
      assert.deepEqual(problems, []);
      await context.close();
    });

    testInTurn(lang, 2, "controls and clusters of a map stay under the fixed header and its menu", async () => {
      const { context, page, problems } = await open(lang);
      await visit(page, `${lists[lang]}?view=map`);
      await page.locator(".results-map__cluster, .results-map__marker").first().waitFor();
      const header = page.locator("header").first();
      const headerBox = await header.boundingBox();
      // The map's top edge (its zoom buttons) scrolled to the middle of the header.
      const frameTop = await page.evaluate(() => document.querySelector(".results-map__frame").getBoundingClientRect().top + window.scrollY);
      await page.evaluate((y) => window.scrollTo(0, y), frameTop - headerBox.height / 2 - 10);
      await page.waitForTimeout(300);
      const probes = await page.evaluate(() => {
        const h = document.querySelector("header").getBoundingClientRect();
        const map = document.querySelector(".results-map .leaflet-container").getBoundingClientRect();
        const y = h.bottom - 6;
        return [0.1, 0.13, 0.5, 0.9].map((f) => {
          const x = map.left + (map.right - map.left) * f;
          const el = document.elementFromPoint(x, y);
          return { x, underMap: y >= map.top && y <= map.bottom, inHeader: !!el?.closest("header"), what: el?.className?.toString() };
        });
      });
      for (const p of probes) {
        assert.ok(p.underMap, `the map lies under the header at x ${p.x}`);
        assert.ok(p.inHeader, `the header is on top at x ${p.x}, not ${p.what}`);
      }
      const toggle = page.locator("header button[aria-controls][aria-expanded]").last();
      await toggle.click();
      assert.equal(await toggle.getAttribute("aria-expanded"), "true");
      const panel = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
      await panel.waitFor();
      const covered = await page.evaluate((id) => {
        const panel = document.getElementById(id);
        const r = panel.getBoundingClientRect();
        const map = document.querySelector(".results-map .leaflet-container").getBoundingClientRect();
        const points = [];
        for (let y = Math.max(r.top, map.top) + 5; y < Math.min(r.bottom, map.bottom, window.innerHeight); y += 40) {
          for (const x of [r.left + 20, (r.left + r.right) / 2, r.right - 20]) points.push([x, y]);
        }
        return { n: points.length, bad: points.filter(([x, y]) => !panel.contains(document.elementFromPoint(x, y))) };
      }, await toggle.getAttribute("aria-controls"));
      assert.ok(covered.n > 0, "the open menu lies over the map");
      assert.deepEqual(covered.bad, [], "nothing of the map over the open menu");
      await toggle.click();
      assert.equal(await toggle.getAttribute("aria-expanded"), "false");
      assert.deepEqual(problems, []);
      await context.close();
    });

    testInTurn(lang, 3, "the area picker opens on the agency's listings and warns about an area without any of its towns", async () => {
      const { context, page, problems } = await open(lang);
      await visit(page, localize(site, "/demand-register/", lang));
      const toggle = page.locator(".area-picker__button[aria-expanded]");
      await toggle.scrollIntoViewIfNeeded();
      await toggle.click();
      await page.locator(".area-picker .leaflet-container").waitFor();
      await fallbackDrawn(page, ".area-picker");
      // The whole map on screen, clear of the fixed header, for the clicks below.
      await page.evaluate(() => {
        const r = document.querySelector(".area-picker__frame").getBoundingClientRect();
        window.scrollBy(0, r.bottom - window.innerHeight + 16);
      });
      await page.waitForTimeout(300);

      // The view's projection from two town labels (each dot's centre is its town's point), then the box of every
      // listing projected with it: Web Mercator, x linear in longitude, y in the Mercator ordinate.
      const hits = await listings(lang);
      const towns = new Map();
      for (const h of hits) {
        const key = `${h.zip} ${h.city}`;
        const t = towns.get(key) ?? { name: h.city, lat: 0, lng: 0, n: 0 };
        t.lat += h._geoloc.lat;
        t.lng += h._geoloc.lng;
        t.n += 1;
        towns.set(key, t);
      }
      const dots = await page.evaluate(() =>
        [...document.querySelectorAll(".area-picker .map-fallback__town")].map((el) => {
          const r = el.querySelector(".map-fallback__dot").getBoundingClientRect();
          return { name: el.textContent, x: r.left + r.width / 2, y: r.top + r.height / 2 };
        }),
      );
      const merc = (lat) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
      const placed = dots.map((d) => ({ ...d, town: [...towns.values()].find((t) => t.name === d.name) })).filter((d) => d.town);
      const west = placed.reduce((a, b) => (b.town.lng / b.town.n < a.town.lng / a.town.n ? b : a));
      const east = placed.reduce((a, b) => (b.town.lng / b.town.n > a.town.lng / a.town.n ? b : a));
      const kx = (east.x - west.x) / (east.town.lng / east.town.n - west.town.lng / west.town.n);
      const ky = -kx * (180 / Math.PI);
      const project = (lat, lng) => ({
        x: west.x + (lng - west.town.lng / west.town.n) * kx,
        y: west.y + (merc(lat) - merc(west.town.lat / west.town.n)) * ky,
      });
      const frame = await page.locator(".area-picker .leaflet-container").boundingBox();
      for (const h of hits) {
        const p = project(h._geoloc.lat, h._geoloc.lng);
        assert.ok(
          p.x >= frame.x - 2 && p.x <= frame.x + frame.width + 2 && p.y >= frame.y - 2 && p.y <= frame.y + frame.height + 2,
          `listing at ${h._geoloc.lat},${h._geoloc.lng} in the first view`,
        );
      }

      // A small square in a corner of the view far from every town: four corners, then the first again to close it.
      const side = 40;
      const corners = [
        [frame.x + frame.width - side - 20, frame.y + 20],
        [frame.x + 20, frame.y + frame.height - side - 40],
        [frame.x + frame.width - side - 20, frame.y + frame.height - side - 40],
        [frame.x + 70, frame.y + 20],
      ];
      const free = corners.find(([x, y]) => dots.every((d) => d.x < x - 30 || d.x > x + side + 30 || d.y < y - 30 || d.y > y + side + 30));
      assert.ok(free, "a corner of the view without towns");
      const [x, y] = free;
      for (const [px, py] of [
        [x, y],
        [x + side, y],
        [x + side, y + side],
        [x, y + side],
        [x, y],
      ]) {
        await page.mouse.click(px, py);
        await page.waitForTimeout(120);
      }
      const warning = page.locator(".area-picker").getByRole("alert");
      await warning.waitFor();
      assert.equal(await warning.textContent(), texts(lang, "map").area.noTowns);
      assert.match(await page.locator(".area-picker__status").textContent(), /4/);
      assert.deepEqual(problems, []);
      await context.close();
    });
  });
}
