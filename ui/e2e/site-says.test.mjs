// What the site says, in Dutch and in French: the energy certificate named as
// the listing's region names it (an EPC in Flanders, an EPB/PEB in Wallonia)
// on cards, the detail's figure, the label image and the documents; the
// projects' units heading in Dutch; Syndic in the services menu; placeholders
// that fit their boxes on a 390 px phone; the list map's view kept in the
// address (reload, Back, a shared link); the map view without JavaScript
// saying what it needs; a way to call or ask on a phone's first screen.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { baseURL, browser, declinedConsent, openPage, withBrowser } from "./support.mjs";
import { drawnOnMap, localize, pageData, siteData, unexpected, visit } from "./site.mjs";
import { copyDemoDataset, startEstate } from "./own-server.mjs";
import { rows, status, writeRows } from "./platform-data.mjs";

const phone = { width: 390, height: 844 };
const desktop = { width: 1366, height: 900 };
const locales = { nl: "nl-BE", fr: "fr-BE" };
const langs = ["nl", "fr"];

const texts = {
  nl: {
    walloon: { chip: "EPB ", alt: "EPB-label ", doc: "EPB-certificaat" },
    flemish: { chip: "EPC ", alt: "EPC-label ", doc: "EPC-certificaat" },
    units: "Wooneenheden",
    noScript: "De kaart werkt met JavaScript",
    loading: "De kaart wordt geladen…",
  },
  fr: {
    walloon: { chip: "PEB ", alt: "Label PEB ", doc: "Certificat PEB" },
    flemish: { chip: "PEB ", alt: "Label PEB (EPC) ", doc: "Certificat PEB (EPC)" },
    units: "Lots",
    noScript: "La carte fonctionne avec JavaScript",
    loading: "Chargement de la carte…",
  },
};

// The demo's stone house in Chassepierre (6824, Wallonia): EPC value 250, label C, with its certificate.
const walloon = 4030;

const site = await siteData();
// The demo's Résidence Semois (httpd/fixtures_test.go).
const projectPaths = { nl: "/nl/nieuwbouw/residentie-semois/7001/", fr: "/fr/neuf/residence-semois/7001/" };

withBrowser();

/** The public path of a listing or project in a language, from the server's alternates. */
async function pathIn(path, lang, base) {
  const data = await pageData(path, base);
  const target = data.redirect ? await pageData(data.redirect, base) : data;
  const alternate = target.alternates.find((a) => a.lang === lang);
  assert.ok(alternate, `${path} has a ${lang} page`);
  return alternate.path;
}

// A server of the test's own whose dataset moves a second house with the same value (250) to Ostend (8400):
// Flanders, where 250 is a C too. The demo agency lists in the Ardennes only.
let estate;
let flemish;
before(async () => {
  const dir = copyDemoDataset();
  const nl = rows("nl", dir);
  const house = nl.find(
    (p) => p.ID !== walloon && p.Status === status.active && p.EnergyPerformance > 200 && p.EnergyPerformance <= 300 && (p.Documents ?? []).length > 0,
  );
  assert.ok(house, "the demo has a second house rated between 200 and 300 with documents");
  flemish = house.ID;
  for (const lang of langs) {
    const town = lang === "nl" ? "Oostende" : "Ostende";
    writeRows(lang, dir, rows(lang, dir).map((p) => (p.ID === flemish ? { ...p, Zip: "8400", City: town } : p)));
  }
  estate = await startEstate({ sourceDir: dir });
});
after(async () => {
  await estate?.stop();
});

for (const lang of langs) {
  test(`${lang}: the energy certificate is named as the listing's region names it, on the card, the figures, the label image and the documents`, async () => {
    const { context, page, problems } = await openPage(browser, { ...desktop, storage: declinedConsent, locale: locales[lang], base: estate.base });
    try {
      for (const [id, want] of [
        [walloon, texts[lang].walloon],
        [flemish, texts[lang].flemish],
      ]) {
        const path = await pathIn(`/property/${id}/`, lang, estate.base);
        await visit(page, path);
        const figures = await page.locator(".property-facts__more li, .property-facts__more p").allTextContents();
        const grade = (prefix, text) => new RegExp(`^${prefix.replace(/[()]/g, "\\$&")}[A-G][+-]*$`).test(text);
        assert.ok(figures.some((f) => grade(want.chip, f)), `${id}: the figure ${want.chip}… among ${JSON.stringify(figures)}`);
        const alt = await page.locator(".property-energy__image").getAttribute("alt");
        assert.ok(grade(want.alt, alt), `${id}: label image ${alt}`);
        // A link's own words, without the hidden "(opens in a new tab)".
        const docs = await page.evaluate(() => [...document.querySelectorAll(".property-documents__link")].map((a) => a.childNodes[0].textContent.trim()));
        assert.ok(docs.includes(want.doc), `${id}: the certificate ${want.doc} among ${JSON.stringify(docs)}`);

        // The card of the same listing, found by its reference in the list of its goal.
        const list = localize(site, "/for-sale/", lang);
        await visit(page, `${list}?query=${id}`);
        const card = page.locator(".property-card", { has: page.locator(`a[href="${path}"]`) });
        await card.waitFor();
        const chip = await card.locator(".property-card__epc").textContent();
        assert.ok(grade(want.chip, chip), `${id}: card chip ${chip}`);
      }
      assert.deepEqual(unexpected(problems), []);
    } finally {
      await context.close();
    }
  });

  test(`${lang}: a project's units are headed in the page's language, and Syndic is in the services menu`, async () => {
    const { context, page, problems } = await openPage(browser, { ...desktop, storage: declinedConsent, locale: locales[lang] });
    try {
      await visit(page, projectPaths[lang]);
      assert.equal((await page.locator(".project-units h2").textContent()).trim(), texts[lang].units);
      const syndic = localize(site, "/services/syndic/", lang);
      const link = page.locator(`header a[href="${syndic}"]`);
      // The desktop menu and the phone's menu each have it.
      assert.ok((await link.count()) >= 1, `the header links ${syndic}`);
      assert.deepEqual([...new Set((await link.allTextContents()).map((t) => t.trim()))], ["Syndic"]);
      assert.deepEqual(unexpected(problems), []);
    } finally {
      await context.close();
    }
  });

  test(`${lang}: every placeholder fits its box on a 390 px phone, the filters' town search included, and on a desktop`, async () => {
    for (const size of [phone, desktop]) {
      const { context, page } = await openPage(browser, { ...size, storage: declinedConsent, locale: locales[lang] });
      try {
        await visit(page, localize(site, "/for-sale/", lang));
        const filters = page.locator(".listings-search__controls button[aria-controls]").first();
        if (await filters.isVisible()) await filters.click();
        await page.locator("input[placeholder].search-field").nth(1).waitFor({ state: "visible" });
        const overflowing = await page.evaluate(() =>
          [...document.querySelectorAll("input[placeholder]")]
            .filter((el) => el.getClientRects().length > 0 && el.placeholder)
            .map((el) => {
              const css = getComputedStyle(el);
              const probe = document.createElement("span");
              probe.style.cssText = `position:absolute;visibility:hidden;white-space:pre;font:${css.font};letter-spacing:${css.letterSpacing}`;
              probe.textContent = el.placeholder;
              document.body.append(probe);
              const text = probe.getBoundingClientRect().width;
              probe.remove();
              const room = el.clientWidth - parseFloat(css.paddingLeft) - parseFloat(css.paddingRight);
              return { placeholder: el.placeholder, text: Math.ceil(text), room: Math.floor(room) };
            })
            .filter((p) => p.text > p.room),
        );
        assert.deepEqual(overflowing, [], `at ${size.width} px`);
      } finally {
        await context.close();
      }
    }
  });

  test(`${lang}: the list map's view is kept in the address: reload, Back and a shared link open the same view`, async () => {
    const { context, page, problems } = await openPage(browser, { ...desktop, storage: declinedConsent, locale: locales[lang] });
    const list = localize(site, "/for-sale/", lang);
    const mapParam = () => new URL(page.url()).searchParams.get("map");
    /** Where the towns' dots are on screen: the same view puts them in the same places. */
    const dots = (p) =>
      p.evaluate(() =>
        Object.fromEntries(
          [...document.querySelectorAll(".results-map .map-fallback__town")].map((el) => {
            // Within the map: the page itself may come back scrolled elsewhere.
            const r = el.getBoundingClientRect();
            const m = document.querySelector(".results-map .leaflet-container").getBoundingClientRect();
            return [el.textContent, [Math.round(r.x - m.x), Math.round(r.y - m.y)]];
          }),
        ),
      );
    const drawn = async (p) => {
      await p.locator(".results-map .map-fallback__town").first().waitFor({ state: "attached" });
      await drawnOnMap(p, await p.locator(".results-map__status").textContent().then((t) => Number(t.match(/\d+/)?.[0] ?? 0)));
    };
    try {
      await visit(page, `${list}?view=map`);
      await drawn(page);
      await page.waitForFunction(() => new URL(location.href).searchParams.get("map") !== null);
      const fitted = mapParam();
      assert.match(fitted, /^\d+(\.\d+)?\/\d+\.\d+\/\d+\.\d+$/, "the fitted view in the address");

      await page.locator(".leaflet-control-zoom-in").click();
      await page.waitForFunction((before) => new URL(location.href).searchParams.get("map") !== before, fitted);
      const zoomed = mapParam();
      assert.equal(Number(zoomed.split("/")[0]), Number(fitted.split("/")[0]) + 1, "one zoom step in");
      await page.waitForTimeout(400);
      const zoomedDots = await dots(page);

      await page.reload();
      await drawn(page);
      await page.waitForTimeout(400);
      assert.equal(mapParam(), zoomed, "a reload keeps the view");
      assert.deepEqual(await dots(page), zoomedDots, "and shows it");

      // To the list and back: Back brings the map with the view it had.
      await page.getByRole("button", { name: lang === "nl" ? "Lijst" : "Liste", exact: true }).click();
      await page.waitForFunction(() => !new URL(location.href).searchParams.has("map"));
      await page.goBack();
      await drawn(page);
      await page.waitForTimeout(400);
      assert.equal(mapParam(), zoomed, "Back returns to the view");
      assert.deepEqual(await dots(page), zoomedDots);

      // A shared link, in another browser context.
      const other = await openPage(browser, { ...desktop, storage: declinedConsent, locale: locales[lang], fresh: true });
      try {
        await visit(other.page, `${list}?view=map&map=${zoomed}`);
        await drawn(other.page);
        await other.page.waitForTimeout(400);
        assert.deepEqual(await dots(other.page), zoomedDots, "a shared link opens the same view");
      } finally {
        await other.context.close();
      }
      assert.deepEqual(unexpected(problems), []);
    } finally {
      await context.close();
    }
  });

  test(`${lang}: without JavaScript the map view says it needs it, instead of loading forever`, async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: locales[lang], viewport: phone });
    try {
      const page = await context.newPage();
      await page.goto(new URL(`${localize(site, "/for-sale/", lang)}?view=map`, baseURL).href);
      const note = page.locator(".listings-search__map-noscript");
      await note.waitFor();
      assert.ok((await note.textContent()).startsWith(texts[lang].noScript), await note.textContent());
      assert.equal(await page.getByText(texts[lang].loading).isVisible(), false, "no 'loading' without scripts");
      const back = note.getByRole("link");
      assert.equal(new URL(await back.getAttribute("href"), "http://x").searchParams.get("view"), null, "a link to the list");
    } finally {
      await context.close();
    }
  });

  test(`${lang}: on a phone a detail page offers to call or ask on its first screen`, async () => {
    const { context, page, problems } = await openPage(browser, { ...phone, storage: declinedConsent, locale: locales[lang] });
    try {
      await visit(page, await pathIn(`/property/${walloon}/`, lang));
      const bar = page.locator(".phone-bar");
      await bar.waitFor({ state: "visible" });
      const box = await bar.boundingBox();
      assert.ok(box.y >= 0 && box.y + box.height <= phone.height, `the bar within 390×844: ${JSON.stringify(box)}`);
      assert.equal(await page.evaluate(() => window.scrollY), 0, "without scrolling");
      assert.ok((await bar.locator('a[href^="tel:"]').count()) + (await bar.getByRole("button").count()) > 0, "a call or ask action");
      assert.deepEqual(unexpected(problems), []);
    } finally {
      await context.close();
    }
  });
}
