// Screenshots of the visitor's first screens for docs/screens/: home, list,
// list filters, map, detail, favourites and the printed brochure, at
// 390×844 and 1366×900, in nl and fr. Run by `make screens` against the demo
// agency (scripts/with-server.sh sets ESTATE_URL).
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { declinedConsent, launch } from "../e2e/support.mjs";

const out = resolve(process.argv[2] ?? "../docs/screens");
const base = process.env.ESTATE_URL ?? "http://localhost:8080";
mkdirSync(out, { recursive: true });

const sizes = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } };
const paths = {
  nl: {
    home: "/nl/",
    list: "/nl/te-koop/",
    map: "/nl/te-koop/?view=map",
    detail: "/nl/te-koop/chassepierre/stenen-woning-in-een-van-de-mooiste-dorpen-van-wallonie/4030/",
    favourites: "/nl/favorieten/",
  },
  fr: {
    home: "/fr/",
    list: "/fr/a-vendre/",
    map: "/fr/a-vendre/?view=map",
    detail: "/fr/a-vendre/chassepierre/maison-en-pierre-dans-lun-des-plus-beaux-villages-de-wallonie/4030/",
    favourites: "/fr/favoris/",
  },
};

async function settle(page) {
  await page.waitForLoadState("networkidle").catch(() => {});
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400);
}

const browser = await launch();
try {
  for (const [lang, at] of Object.entries(paths)) {
    for (const [size, viewport] of Object.entries(sizes)) {
      const context = await browser.newContext({ viewport, locale: lang === "fr" ? "fr-BE" : "nl-BE" });
      await context.addInitScript((entries) => {
        for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
      }, declinedConsent);
      const page = await context.newPage();
      const shot = async (name, suffix = `-${size}`) => {
        const file = join(out, `${name}-${lang}${suffix}.png`);
        await page.screenshot({ path: file });
        console.log(file);
      };
      for (const name of ["home", "list", "map", "detail"]) {
        await page.goto(base + at[name]);
        await settle(page);
        if (name === "map") await page.locator(".leaflet-container").waitFor();
        await shot(name);
        if (name === "list") {
          // Two hearts for the favourites page; on a phone the filters open as a sheet.
          for (const heart of (await page.locator(".search-results__item .favourite-button").all()).slice(0, 2)) await heart.click();
          if (size === "phone") {
            await page.locator(".listings-search__filters-toggle").click();
            await page.locator(".search-filters--open").waitFor();
          } else {
            await page.locator(".search-filters").scrollIntoViewIfNeeded();
          }
          await shot("list-filters");
        }
      }
      await page.goto(base + at.favourites);
      await settle(page);
      await shot("favourites");
      await page.goto(base + at.detail);
      await settle(page);
      await page.emulateMedia({ media: "print" });
      // The QR code is made for paper only, as printing starts.
      await page.locator(".property-print-agency__qr").evaluate((img) => img.decode());
      // An A4 sheet at 96 dpi: the brochure's first page.
      await page.setViewportSize({ width: 794, height: 1123 });
      await page.waitForTimeout(300);
      if (size === "desktop") await shot("brochure", "-a4");
      await context.close();
    }
  }
} finally {
  await browser.close();
}
