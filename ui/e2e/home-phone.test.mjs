// The home page on a phone (390×844) in nl and fr: the banner photo has at
// least two pixels per CSS pixel, a row of the newest listings links to
// their detail pages and to the list, the rentals block shows rentals, and
// the free-valuation card ends before the next module starts.
import { test } from "node:test";
import assert from "node:assert/strict";
import { assertAccessible, browser, declinedConsent, openPage, withBrowser } from "./support.mjs";
import { visit } from "./site.mjs";

withBrowser();

const homes = {
  nl: { path: "/nl/", sale: "/nl/te-koop/", rent: "/nl/te-huur/" },
  fr: { path: "/fr/", sale: "/fr/a-vendre/", rent: "/fr/a-louer/" },
};

for (const [lang, home] of Object.entries(homes)) {
  test(`${lang} home at 390×844: a sharp banner, a row of listings, rentals, no overlapping cards`, async () => {
    const { context, page, problems } = await openPage(browser, { storage: declinedConsent, width: 390, height: 844, locale: lang === "fr" ? "fr-BE" : "nl-BE" });
    try {
      await visit(page, home.path, { waitUntil: "load" });
      const banner = page.locator(".banner__image:not(.banner__image--hidden)").first();
      await banner.evaluate((img) => img.decode());
      // The rendition's own width (naturalWidth is divided by the srcset's density).
      const { natural, css } = await banner.evaluate((img) => ({ natural: Number(/\/(\d+)\.jpg$/.exec(img.currentSrc)?.[1]), css: img.clientWidth }));
      assert.ok(natural >= 2 * css, `banner photo ${natural} px for ${css} CSS px`);

      // A detail page's address starts with its list's.
      for (const [module, list] of [["newest", home.sale], ["rental", home.rent]]) {
        const block = page.locator(`[data-module=${module}]`);
        const links = await block.locator(".listing-cards__link").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
        assert.equal(links.length, 4, `${module}: four listings`);
        for (const href of links) assert.ok(href.startsWith(list) && /\/\d+\/$/.test(href), `${module}: ${href} is a detail page`);
        assert.equal(await block.locator(".module__all a").getAttribute("href"), list);
        // One row: the cards side by side, scrolling sideways, the first one whole on the screen.
        const boxes = await block.locator(".listing-cards__card").evaluateAll((cards) => cards.map((c) => c.getBoundingClientRect().toJSON()));
        assert.equal(new Set(boxes.map((b) => Math.round(b.top))).size, 1, `${module}: one row`);
        assert.ok(boxes[0].left >= 0 && boxes[0].right <= 390, `${module}: the first card fits the screen`);
      }

      const valuation = await page.locator("[data-module=valuation] .module-card").boundingBox();
      const next = await page.locator("[data-module=valuation] + .modules__item").boundingBox();
      assert.ok(valuation && next && valuation.y + valuation.height <= next.y, `valuation card ends (${valuation?.y + valuation?.height}) before the next module (${next?.y})`);
      await assertAccessible(page, `${lang} home at 390 px`);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}
