// axe-core on the not-found page (in the default language: its structure is
// that of every language's, whose texts routes.test.mjs checks), with the cookie
// dialog closed, then on home with the dialog open (both of its views) and at
// 375 px with the mobile menu open: no serious or critical violation. One page
// of every other kind is checked by the route sweep (routes.test.mjs).
import { test } from "node:test";
import assert from "node:assert/strict";
import { assertAccessible, browser, declinedConsent, openPage, withBrowser } from "./support.mjs";
import { siteData, unexpected, visit } from "./site.mjs";

const site = await siteData();

withBrowser();

// The other kinds of page are checked where the route sweep visits them (routes.test.mjs, axeSample).
test("axe: the not-found page", async () => {
  const lang = site.defaultLanguage;
  const { context, page, problems } = await openPage(browser, { storage: declinedConsent, locale: `${lang}-BE` });
  try {
    const path = `/${lang}/bestaat-niet/`;
    await visit(page, path, { waitUntil: "load" });
    await assertAccessible(page, path);
    const documentURL = new URL(path, page.url()).href;
    assert.deepEqual(unexpected(problems, `status of 404 (Not Found) @ ${documentURL}`), [], `${path}: console`);
  } finally {
    await context.close();
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
