// The new-build projects against the demo agency: the list shows as many
// projects as the platform JSON holds, a detail shows its units table with
// the sold units, an unknown project answers 404 saying no construction was
// found, the table scrolls inside its own region on a phone, and axe passes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { assertAccessible, browser, declinedConsent, openPage, testInTurn, withBrowser } from "./support.mjs";
import { localize, pageData, siteData, unexpected, visibleHeadings, visit } from "./site.mjs";
import { projects, status } from "./platform-data.mjs";

// A unit's Status is a property's: 2 sold, 4 rented.
const isSold = (unit) => unit.Status === status.sold || unit.Status === status.rented;

const site = await siteData();
const locales = { nl: "nl-BE", fr: "fr-BE" };
const texts = {
  nl: { sold: "Verkocht", caption: (name) => `Wooneenheden van ${name}`, noConstruction: "Er werd geen nieuwbouwproject gevonden." },
  fr: { sold: "Vendu", caption: (name) => `Lots de ${name}`, noConstruction: "Aucun projet neuf n'a été trouvé." },
};

withBrowser();

const cards = (page) => page.locator(".projects-page__list > li");

for (const lang of ["nl", "fr"]) {
  testInTurn(lang, 0, `${lang}: the project list shows every demo project and passes axe`, async () => {
    const { context, page, problems } = await openPage(browser, { storage: declinedConsent, locale: locales[lang] });
    try {
      const demo = projects(lang);
      assert.ok(demo.length > 0, "the demo agency has projects");
      const list = localize(site, "/projects/", lang);
      await visit(page, list, { waitUntil: "load" });
      assert.equal(await cards(page).count(), demo.length);
      for (const project of demo) {
        const link = page.getByRole("link", { name: project.Name, exact: true });
        assert.equal(await link.count(), 1, `a link to ${project.Name}`);
        assert.match(await link.getAttribute("href"), new RegExp(`^${list}[^/]+/${project.ID}/$`));
      }
      for (const img of await page.locator(".projects-page__list img").all()) {
        assert.ok(Number(await img.getAttribute("width")) > 0 && Number(await img.getAttribute("height")) > 0, "images reserve their box");
      }
      await assertAccessible(page, list);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  testInTurn(lang, 1, `${lang}: a project's page shows its units table with the sold units and passes axe`, async () => {
    const { context, page, problems } = await openPage(browser, { storage: declinedConsent, locale: locales[lang] });
    try {
      const [project] = projects(lang);
      await visit(page, localize(site, "/projects/", lang));
      await page.getByRole("link", { name: project.Name, exact: true }).click();
      await page.waitForURL(new RegExp(`/${project.ID}/$`));
      await page.getByRole("heading", { level: 1, name: project.Name }).waitFor();
      assert.deepEqual(await visibleHeadings(page), [project.Name]);

      const caption = texts[lang].caption(project.Name);
      const table = page.getByRole("table", { name: caption });
      const rows = table.locator("tbody tr");
      assert.equal(await rows.count(), project.Units.length);
      assert.deepEqual(await table.locator("tbody th[scope=row]").allTextContents(), project.Units.map((u) => u.Name));
      const statuses = await rows.locator("td:last-child").allTextContents();
      assert.equal(statuses.filter((s) => s === texts[lang].sold).length, project.Units.filter(isSold).length);
      assert.equal(await page.getByRole("region", { name: caption }).count(), 1, "the table scrolls in a region named by its caption");
      assert.equal(await page.locator(".project-documents li").count(), project.Documents.length);

      await assertAccessible(page, page.url());
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  testInTurn(lang, 2, `${lang}: an unknown project answers 404 and says no construction was found`, async () => {
    const { context, page, problems } = await openPage(browser, { storage: declinedConsent, locale: locales[lang] });
    try {
      const path = `${localize(site, "/projects/", lang)}onbekend/999999/`;
      const data = await pageData(path);
      assert.equal(data.status, 404);
      assert.equal(data.view, "project");
      const response = await visit(page, path);
      assert.equal(response.status(), 404);
      await page.getByText(texts[lang].noConstruction, { exact: true }).waitFor();
      assert.deepEqual(await visibleHeadings(page), [data.title]);
      assert.equal(await page.locator(`main a[href="${localize(site, "/projects/", lang)}"]`).count(), 1, "a link to the list");
      await assertAccessible(page, path);
      // Chromium reports the document's own 404 as a console error; that one is the point of the test.
      assert.deepEqual(unexpected(problems, `status of 404 (Not Found) @ ${new URL(path, page.url()).href}`), []);
    } finally {
      await context.close();
    }
  });
}

test("on a phone the units read as stacked cards: nothing scrolls sideways, every price and status in view", async () => {
  const { context, page, problems } = await openPage(browser, { storage: declinedConsent, width: 375, height: 740 });
  try {
    const [project] = projects("nl");
    const list = await pageData(localize(site, "/projects/", "nl"));
    const card = list.projects.find((p) => p.id === project.ID);
    await visit(page, card.url);
    const region = page.getByRole("region", { name: texts.nl.caption(project.Name) });
    const { scrollWidth, clientWidth } = await region.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
    assert.ok(scrollWidth <= clientWidth + 1, `the units fit the phone (${scrollWidth} in ${clientWidth})`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.equal(overflow, 0, "the page itself does not scroll sideways");
    await assertAccessible(page, `${card.url} (phone)`);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("printed, a project's page keeps the whole units table in view", async () => {
  const { context, page, problems } = await openPage(browser, { storage: declinedConsent });
  try {
    const [project] = projects("fr");
    const list = await pageData(localize(site, "/projects/", "fr"));
    await visit(page, list.projects.find((p) => p.id === project.ID).url, { waitUntil: "load" });
    await page.emulateMedia({ media: "print" });
    const region = page.getByRole("region", { name: texts.fr.caption(project.Name) });
    assert.equal(await region.evaluate((el) => getComputedStyle(el).overflowX), "visible");
    assert.equal(await page.locator("header.header, .header").first().isVisible(), false, "the site header is left out");
    const pdf = await page.pdf({ format: "A4", printBackground: false });
    assert.ok(pdf.length > 1000);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
