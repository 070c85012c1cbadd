// axe-core on one page of every kind in every enabled language, with the
// cookie dialog closed, then on home with the dialog open (both of its views)
// and at 375 px with the mobile menu open: no serious or critical violation.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { assertAccessible, browser, declinedConsent, openPage, withBrowser } from "./support.mjs";
import { localize, siteData, sitemapPaths, unexpected, visit } from "./site.mjs";

const site = await siteData();
const sitemap = await sitemapPaths();

withBrowser();

function firstUnder(template) {
  const prefix = template.split("{")[0];
  const path = sitemap.find((p) => p.startsWith(prefix) && p !== prefix);
  assert.ok(path, `a page under ${prefix} in the sitemap`);
  return path;
}

function pagesToCheck(lang) {
  const l = (internal) => localize(site, internal, lang);
  const stat = site.routes.find((r) => r.internal === "/stat/{stat}/");
  return [
    l("/"),
    l("/for-sale/"),
    l("/for-rent/"),
    l("/office/"),
    l("/guestbook/"),
    l("/disclaimer/"),
    l("/privacy-statement/"),
    l("/cookie-policy/"),
    l("/services/sale/"),
    l("/stat/{stat}/").replace("{stat}", stat.params.stat[0]),
    firstUnder(l("/testimonials/{slug}/")),
    l("/login/"),
    l("/demand-register/"),
    l("/contact-demand/"),
    l("/feedback/{form}/").replace("{form}", "contact-me"),
    firstUnder(l("/for-sale/")),
    `/${lang}/bestaat-niet/`,
  ];
}

// One browser context per language side by side: axe is the slow part and waits on nothing else.
describe("axe: every kind of page", { concurrency: site.languages.length }, () => {
  for (const lang of site.languages) {
    test(lang, async (t) => {
      const { context, page, problems } = await openPage(browser, { storage: declinedConsent, locale: `${lang}-BE` });
      try {
        for (const path of pagesToCheck(lang)) {
          await t.test(path, async () => {
            const before = problems.length;
            await visit(page, path, { waitUntil: "load" });
            await assertAccessible(page, path);
            const documentURL = new URL(path, page.url()).href;
            assert.deepEqual(unexpected(problems.slice(before), `status of 404 (Not Found) @ ${documentURL}`), [], `${path}: console`);
          });
        }
      } finally {
        await context.close();
      }
    });
  }
});

test("axe: home with the cookie dialog open, first view and settings", async () => {
  const { context, page, problems } = await openPage(browser);
  try {
    await visit(page, "/nl/", { waitUntil: "load" });
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await assertAccessible(page, "home, cookie dialog");
    await dialog.getByRole("button", { name: "Instellingen wijzigen" }).click();
    await page.getByRole("switch").first().waitFor();
    await assertAccessible(page, "home, cookie settings");
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("axe: home at 375 px with the mobile menu open", async () => {
  const { context, page, problems } = await openPage(browser, { storage: declinedConsent, width: 375, height: 812 });
  try {
    await visit(page, "/nl/", { waitUntil: "load" });
    await assertAccessible(page, "home at 375 px");
    const toggle = page.getByRole("button", { name: "Menu" });
    await toggle.click();
    await page.getByRole("navigation", { name: "Sitemenu" }).waitFor();
    await assertAccessible(page, "home at 375 px, menu open");
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
