// The detail page on a phone (390×844), each flow in Dutch or French (they
// take turns, support.mjs testInTurn): the first photo
// within the first screen, the contact bar at the bottom (when it shows, what
// it calls, what it steps aside for), a 'price reduced' listing's previous
// price struck through (on a server of the test's own whose sync sees the
// drop), and a project's units readable without sideways scrolling.
import { test } from "node:test";
import assert from "node:assert/strict";
import { assertAccessible, browser, declinedConsent, openPage, testInTurn, withBrowser } from "./support.mjs";
import { pageData, siteData, unexpected, visit } from "./site.mjs";
import { copyDemoDataset, startEstate } from "./own-server.mjs";
import { rows, status, writeRows } from "./platform-data.mjs";

const phone = { width: 390, height: 844 };
const locales = { nl: "nl-BE", fr: "fr-BE" };
const texts = {
  nl: { ask: "Informatie aanvragen", previous: (amount) => `Vorige prijs: ${amount}` },
  fr: { ask: "Demander des informations", previous: (amount) => `Prix précédent : ${amount}` },
};

// The demo's stone house in Chassepierre: available, priced, with photos and the three request buttons.
const house = 4030;

const site = await siteData();

withBrowser();

/** The public path of a listing or project in a language, from the server's alternates. */
async function pathIn(path, lang, base) {
  const data = await pageData(path, base);
  const target = data.redirect ? await pageData(data.redirect, base) : data;
  const alternate = target.alternates.find((a) => a.lang === lang);
  assert.ok(alternate, `${path} has a ${lang} page`);
  return alternate.path;
}

const bar = (page) => page.locator(".phone-bar");

/** Scrolls until the page's own request buttons have gone up out of view. */
async function scrollPastRequests(page) {
  await page.evaluate(() => {
    const box = document.querySelector(".property-requests").getBoundingClientRect();
    window.scrollTo(0, window.scrollY + box.bottom + 40);
  });
}

for (const lang of ["nl", "fr"]) {
  testInTurn(lang, 0, `${lang}: the first photo is within the first screen, under title and price, and stays the preloaded one`, async () => {
    const { context, page, problems } = await openPage(browser, { ...phone, storage: declinedConsent, locale: locales[lang] });
    try {
      await visit(page, await pathIn(`/property/${house}/`, lang));
      const photo = page.locator(".photo-gallery__main-img");
      const box = await photo.boundingBox();
      assert.ok(box && box.y >= 0 && box.y + box.height <= phone.height, `photo box ${JSON.stringify(box)}`);
      const price = await page.locator(".property-facts__price").boundingBox();
      assert.ok(price && price.y + price.height <= box.y, "title and price come before the photo");
      assert.equal(await photo.getAttribute("fetchpriority"), "high");
      const preload = page.locator('link[rel="preload"][as="image"]');
      assert.equal(await preload.getAttribute("imagesrcset"), await photo.getAttribute("srcset"), "the head preloads the photo shown");
      assert.equal(await preload.getAttribute("imagesizes"), await photo.getAttribute("sizes"));
      assert.deepEqual(unexpected(problems), []);
    } finally {
      await context.close();
    }
  });

  testInTurn(lang, 1, `${lang}: the contact bar shows from the first screen, calls in place and steps aside for the request buttons, the dialog and form fields`, async () => {
    const { context, page, problems } = await openPage(browser, { ...phone, storage: declinedConsent, locale: locales[lang] });
    try {
      await visit(page, await pathIn(`/property/${house}/`, lang));
      await bar(page).waitFor({ state: "visible" });
      const first = await bar(page).boundingBox();
      assert.ok(first.y >= 0 && first.y + first.height <= phone.height, `on the first screen: ${JSON.stringify(first)}`);

      // Beside the page's own request buttons it would only repeat them.
      await page.locator(".property-requests").scrollIntoViewIfNeeded();
      await bar(page).waitFor({ state: "hidden" });
      await scrollPastRequests(page);
      await bar(page).waitFor({ state: "visible" });
      const call = bar(page).locator('a[href^="tel:"]');
      assert.equal(await call.getAttribute("target"), null, "a tel: link opens the phone, not a tab");
      const agent = await page.locator(".property-agent__link[href^='tel:']").getAttribute("href");
      assert.equal(await call.getAttribute("href"), agent, "the bar calls the number the page shows");
      assert.ok(site.agency.whatsappHref.startsWith("https://wa.me/"), "the demo agency has a WhatsApp number");
      assert.equal(await bar(page).locator(`a[href="${site.agency.whatsappHref}"]`).count(), 1);

      // Nothing of the page, the footer's last line included, hides under the bar.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await bar(page).waitFor({ state: "visible" });
      const barTop = (await bar(page).boundingBox()).y;
      const footerBottom = await page.evaluate(() => {
        const footer = document.querySelector("footer.footer");
        const last = [...footer.querySelectorAll("*")].filter((e) => e.getClientRects().length && e.textContent.trim()).at(-1);
        return last.getBoundingClientRect().bottom;
      });
      assert.ok(footerBottom <= barTop, `footer's last line ends at ${footerBottom}, the bar starts at ${barTop}`);

      await scrollPastRequests(page);
      await bar(page).waitFor({ state: "visible" });
      await assertAccessible(page, `${lang} detail with the contact bar`);
      const ask = bar(page).getByRole("button");
      await ask.click();
      const dialog = page.getByRole("dialog", { name: texts[lang].ask });
      await dialog.waitFor();
      await bar(page).waitFor({ state: "hidden" });
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      await bar(page).waitFor({ state: "visible" });
      assert.equal(await ask.evaluate((b) => b === document.activeElement), true, "the focus is back on 'ask'");

      // A focused form field (the calculator's price) has the screen to itself.
      const field = page.locator(".property-page__calculator input").first();
      await field.focus();
      await bar(page).waitFor({ state: "hidden" });
      await field.blur();
      await bar(page).waitFor({ state: "visible" });
      assert.deepEqual(unexpected(problems), []);
    } finally {
      await context.close();
    }
  });
}

test("nl: the bar waits while the cookie choices are open, and never shows on a desktop", async () => {
  const path = await pathIn(`/property/${house}/`, "nl");
  const first = await openPage(browser, { ...phone, locale: "nl-BE" });
  try {
    await visit(first.page, path);
    const consent = first.page.locator(".consent-overlay [aria-modal=true]");
    await consent.waitFor();
    await scrollPastRequests(first.page);
    assert.equal(await bar(first.page).isVisible(), false, "hidden under the cookie dialog");
    // The choice made, the bar comes; the settings reopened from the
    // footer, it steps aside again: each a change to wait for, not a moment.
    await consent.getByRole("button", { name: "Enkel functionele cookies" }).click();
    await bar(first.page).waitFor({ state: "visible" });
    await first.page.getByRole("contentinfo").getByRole("button", { name: "Cookie-instellingen" }).click();
    await first.page.getByRole("dialog", { name: "Cookie-instellingen" }).waitFor();
    await bar(first.page).waitFor({ state: "hidden" });
  } finally {
    await first.context.close();
  }
  const desk = await openPage(browser, { width: 1366, height: 900, storage: declinedConsent, locale: "nl-BE" });
  try {
    await visit(desk.page, path);
    await desk.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    // Even in the state a phone shows it in, the desktop's style sheet
    // keeps it off the screen: the check needs no moment to wait for.
    await bar(desk.page).evaluate((el) => {
      el.hidden = false;
    });
    assert.equal(await bar(desk.page).isVisible(), false, "no bar on a desktop");
  } finally {
    await desk.context.close();
  }
});

test("a price drop seen by the sync shows the previous price struck through, in nl and fr", async () => {
  // The demo has 'price reduced' listings but no history: this server first
  // syncs a higher price, then the demo's own, as the agency would lower it.
  const sourceDir = copyDemoDataset();
  const originals = Object.fromEntries(["nl", "fr"].map((lang) => [lang, rows(lang, sourceDir)]));
  // The demo's Marquee 10 is its 'Prijsdaling' banner.
  const reduced = originals.nl.find((p) => p.Marquee === 10 && p.Status === status.active && p.Goal === 0 && p.PublishPrice && !p.ProjectID);
  assert.ok(reduced, "the demo has an available sale bannered 'price reduced'");
  const before = reduced.Price + 20000;
  for (const [lang, items] of Object.entries(originals)) {
    writeRows(lang, sourceDir, items.map((p) => (p.ID === reduced.ID ? { ...p, Price: before } : p)));
  }
  const estate = await startEstate({ sourceDir });
  try {
    for (const [lang, items] of Object.entries(originals)) writeRows(lang, sourceDir, items);
    await estate.run("sync", "--full");
    const amounts = { nl: `€ ${before.toLocaleString("nl-BE")}`, fr: `${before.toLocaleString("fr-BE")} €` };
    for (const lang of ["nl", "fr"]) {
      const { context, page, problems } = await openPage(browser, { ...phone, storage: declinedConsent, locale: locales[lang], base: estate.base });
      try {
        await visit(page, await pathIn(`/property/${reduced.ID}/`, lang, estate.base));
        const previous = page.locator(".property-facts__price del");
        const squash = (s) => s.replace(/[\s\u00a0\u202f]+/g, " ").trim();
        assert.equal(squash(await previous.textContent()), squash(texts[lang].previous(amounts[lang])));
        assert.equal(await previous.isVisible(), true);
        assert.deepEqual(unexpected(problems), []);
      } finally {
        await context.close();
      }
    }
  } finally {
    await estate.stop();
  }
});

for (const lang of ["nl", "fr"]) {
  testInTurn(lang, 1, `${lang}: a project's units show price and status on a phone without sideways scrolling`, async () => {
    const { context, page, problems } = await openPage(browser, { ...phone, storage: declinedConsent, locale: locales[lang] });
    try {
      // The demo's first project, with sold and available units; the other language from its alternates.
      const project = await pathIn("/nl/nieuwbouw/residentie-semois/7001/", lang);
      await visit(page, project);
      const rows = page.locator(".project-units__table tbody tr");
      assert.ok((await rows.count()) > 0, "the project has units");
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), "the page does not scroll sideways");
      assert.ok(await page.locator(".project-units__scroll").evaluate((e) => e.scrollWidth <= e.clientWidth), "the units do not scroll sideways");
      for (const row of await rows.all()) {
        for (const cell of [".project-units__price", ".project-units__status"]) {
          await row.locator(cell).scrollIntoViewIfNeeded();
          const box = await row.locator(cell).boundingBox();
          assert.ok(box && box.x >= 0 && box.x + box.width <= phone.width, `${cell} within the screen: ${JSON.stringify(box)}`);
        }
      }
      await assertAccessible(page, `${lang} project units on a phone`);
      assert.deepEqual(unexpected(problems), []);
    } finally {
      await context.close();
    }
  });
}
