// Moving around: the language switcher keeps the page, and the main menu,
// breadcrumb and footer links navigate inside the app (no full reload) while
// heading, <title> and lang follow.
import { test } from "node:test";
import assert from "node:assert/strict";
import { baseURL, browser, declinedConsent, openPage, withBrowser } from "./support.mjs";
import { localize, pageData, siteData, visibleHeadings, visit } from "./site.mjs";

const site = await siteData();

withBrowser();

/** Opens a page, marks its window and counts document loads, so a test can tell a client-side navigation from a reload. */
async function openTracked(path, options = {}) {
  const opened = await openPage(browser, { storage: declinedConsent, ...options });
  const documents = [];
  opened.page.on("request", (req) => {
    if (req.resourceType() === "document") documents.push(req.url());
  });
  await visit(opened.page, path);
  await opened.page.evaluate(() => {
    window.__e2eSameDocument = true;
  });
  documents.length = 0;
  return { ...opened, documents };
}

/** Waits for the client-side navigation to `path` to show `data` and checks it did not reload the document. */
async function assertArrived(tracked, path, lang, { headingIsTitle = true } = {}) {
  const { page, documents } = tracked;
  await page.waitForURL((url) => decodeURIComponent(url.pathname) === path);
  const data = await pageData(path);
  await page.waitForFunction(
    (title) => document.title === title && !document.querySelector('main[aria-busy="true"], .page-loading') && document.querySelector("main h1"),
    data.documentTitle,
  );
  if (headingIsTitle) {
    // A heading other than the page title is reported by the assertion below rather than waited for.
    await page
      .waitForFunction((title) => document.querySelector("main h1")?.textContent?.trim() === title, data.title, { timeout: 3000 })
      .catch(() => {});
  }
  const headings = await visibleHeadings(page);
  assert.equal(headings.length, 1, `${path}: one visible h1`);
  if (headingIsTitle) assert.equal(headings[0].trim(), data.title, `${path}: heading`);
  assert.equal(await page.evaluate(() => document.documentElement.lang), lang, `${path}: html lang`);
  assert.equal(await page.evaluate(() => window.__e2eSameDocument === true), true, `${path}: loaded without a reload`);
  assert.deepEqual(documents, [], `${path}: no document request`);
  return data;
}

test("the switcher lists the enabled languages as upper-case codes", async () => {
  const { context, page, problems } = await openPage(browser, { storage: declinedConsent });
  try {
    await visit(page, "/nl/");
    const switcher = page.getByRole("navigation", { name: "Kies uw taal" });
    const codes = await switcher.getByRole("link").allTextContents();
    assert.deepEqual(codes.map((c) => c.trim()), site.languages.map((l) => l.toUpperCase()));
    assert.equal(await switcher.locator('[aria-current="true"]').textContent(), "NL");
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("the switcher keeps the page: office nl → fr", async () => {
  const tracked = await openTracked(localize(site, "/office/", "nl"));
  try {
    await tracked.page.getByRole("navigation", { name: "Kies uw taal" }).getByRole("link").filter({ hasText: "FR" }).click();
    const target = localize(site, "/office/", "fr");
    assert.equal(target, "/fr/notre-agence/");
    await assertArrived(tracked, target, "fr");
    // The shell's own texts follow the language too.
    await tracked.page.getByRole("navigation", { name: "Choisissez votre langue" }).waitFor();
    assert.deepEqual(tracked.problems, []);
  } finally {
    await tracked.context.close();
  }
});

test("the switcher keeps the page: a property stays the same property", async () => {
  const res = await fetch(new URL("/1/indexes/properties_nl/query", baseURL), {
    method: "POST",
    body: JSON.stringify({ params: "hitsPerPage=1" }),
  });
  assert.ok(res.ok, `properties_nl query: ${res.status}`);
  const [hit] = (await res.json()).hits;
  assert.ok(hit?.url, "a property with a url");
  const tracked = await openTracked(hit.url);
  try {
    const nl = await pageData(hit.url);
    const fr = nl.alternates.find((a) => a.lang === "fr");
    assert.ok(fr, "the property has a French address");
    await tracked.page.getByRole("navigation", { name: "Kies uw taal" }).getByRole("link").filter({ hasText: "FR" }).click();
    // Whether a property's heading is its title is the route sweep's concern (routes.test.mjs).
    const data = await assertArrived(tracked, fr.path, "fr", { headingIsTitle: false });
    assert.match(fr.path, new RegExp(`^/fr/(a-vendre|a-louer)/.*/${hit.id}/$`));
    assert.equal(data.property?.id, hit.id);
    assert.deepEqual(tracked.problems, []);
  } finally {
    await tracked.context.close();
  }
});

test("the main menu navigates inside the app", async () => {
  const tracked = await openTracked("/nl/");
  try {
    const menu = tracked.page.getByRole("navigation", { name: "Hoofdmenu" });
    const homeTitle = await tracked.page.title();
    await menu.getByRole("link", { name: "Te koop", exact: true }).click();
    const data = await assertArrived(tracked, localize(site, "/for-sale/", "nl"), "nl");
    assert.notEqual(data.documentTitle, homeTitle);
    assert.equal(await menu.getByRole("link", { name: "Te koop", exact: true }).getAttribute("aria-current"), "page");
    await menu.getByRole("link", { name: "Ons kantoor", exact: true }).click();
    await assertArrived(tracked, localize(site, "/office/", "nl"), "nl");
    // Focus moves to the new page's heading, so reading starts there.
    assert.equal(await tracked.page.evaluate(() => document.activeElement?.tagName), "H1");
    assert.deepEqual(tracked.problems, []);
  } finally {
    await tracked.context.close();
  }
});

test("the French menu reaches the apostrophe path inside the app", async () => {
  const tracked = await openTracked("/fr/", { locale: "fr-BE" });
  try {
    await tracked.page.getByRole("navigation", { name: "Menu principal" }).getByRole("link", { name: "Je m'inscris", exact: true }).click();
    await assertArrived(tracked, localize(site, "/demand-register/", "fr"), "fr");
    assert.deepEqual(tracked.problems, []);
  } finally {
    await tracked.context.close();
  }
});

test("the breadcrumb leads back up inside the app", async () => {
  const path = "/nl/testimonials/anne-dubois/";
  const data = await pageData(path);
  const tracked = await openTracked(path);
  try {
    const crumbs = tracked.page.getByRole("navigation", { name: "Kruimelpad" });
    const items = (await crumbs.getByRole("listitem").allTextContents()).map((s) => s.trim());
    assert.deepEqual(items, data.breadcrumb.map((b) => b.name));
    assert.equal(await crumbs.locator('[aria-current="page"]').textContent(), data.breadcrumb.at(-1).name);
    const parent = data.breadcrumb.at(-2);
    await crumbs.getByRole("link", { name: parent.name, exact: true }).click();
    await assertArrived(tracked, parent.path, "nl");
    assert.deepEqual(tracked.problems, []);
  } finally {
    await tracked.context.close();
  }
});

test("the footer's legal links point to the localized legal pages", async () => {
  const tracked = await openTracked("/fr/", { locale: "fr-BE" });
  try {
    const legal = tracked.page.getByRole("contentinfo").getByRole("navigation");
    const hrefs = await legal.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    const expected = ["/disclaimer/", "/privacy-statement/", "/cookie-policy/"].map((i) => localize(site, i, "fr"));
    assert.deepEqual(hrefs, expected);
    await legal.getByRole("link").nth(1).click();
    await assertArrived(tracked, expected[1], "fr");
    assert.deepEqual(tracked.problems, []);
  } finally {
    await tracked.context.close();
  }
});

// The law's mentions on every page (site.agency), in the page's language: the
// footer states them compactly, the office page in full.
for (const [lang, want] of Object.entries({
  nl: { licence: "BIV-nr. 512.345 (België)", company: "KBO 0712.345.678", insurer: "AXA Belgium (polisnr. 730.390.160)", code: "Deontologische code van het BIV", href: "https://www.biv.be/plichtenleer", legal: "Wettelijke vermeldingen" },
  fr: { licence: "IPI n° 512.345 (Belgique)", company: "BCE 0712.345.678", insurer: "AXA Belgium (police n° 730.390.160)", code: "Code de déontologie de l'IPI", href: "https://www.ipi.be/", legal: "Mentions légales" },
})) {
  test(`${lang}: the footer states the agency's BIV/IPI number, KBO/BCE number, insurer and deontology code`, async () => {
    const { context, page, problems } = await openPage(browser, { storage: declinedConsent });
    try {
      for (const path of [localize(site, "/", lang), localize(site, "/for-sale/", lang)]) {
        await visit(page, path);
        const mentions = page.getByRole("contentinfo").getByRole("list", { name: want.legal });
        // No-break spaces (n° 512.345, before the French colon) read as spaces here.
        const text = (await mentions.innerText()).replace(/\s/g, " ");
        for (const part of [want.licence, want.company, want.insurer]) assert.ok(text.includes(part), `${path}: the footer says ${part}: ${text}`);
        const code = mentions.getByRole("link", { name: new RegExp(want.code) });
        assert.equal(await code.getAttribute("href"), want.href, `${path}: the deontology code's link`);
        assert.equal(await code.getAttribute("target"), "_blank");
      }
      await visit(page, localize(site, "/office/", lang));
      const office = page.getByRole("main").getByRole("region", { name: want.legal });
      assert.ok((await office.innerText()).includes("730.390.160"), "the office page states the policy");
      assert.equal(await office.getByRole("link").getAttribute("href"), want.href);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}

test("the home search block shows the property counts", async () => {
  const { context, page, problems } = await openPage(browser, { storage: declinedConsent });
  try {
    const data = await pageData("/nl/");
    assert.ok(data.counts, "home page data carries counts");
    assert.deepEqual(data.counts, { sale: 61, rent: 15 }, "the demo agency's counts");
    await visit(page, "/nl/");
    const sale = page.locator(`.home-search a[href="${localize(site, "/for-sale/", "nl")}"]`);
    const rent = page.locator(`.home-search a[href="${localize(site, "/for-rent/", "nl")}"]`);
    assert.match(await sale.innerText(), /Te koop\s+61 panden/);
    assert.match(await rent.innerText(), /Te huur\s+15 panden/);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
