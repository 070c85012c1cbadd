// Favourites without an account, and sharing a listing, on a phone: hearts
// on the list's cards and on a detail page, the header's count, the
// favourites page with each listing's state now, removal, a reload, another
// tab, axe; the share links where the browser has no share sheet, the copy
// confirmation, and the share sheet where it has one.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { assertAccessible, declinedConsent, launch, openPage, testInTurn } from "./support.mjs";
import { detailPath, localize, siteData, unexpected, visit } from "./site.mjs";
import { available as isAvailable, listings } from "./platform-data.mjs";

const phone = { width: 390, height: 844 };
const nlListings = listings("nl");
// Available, for sale, with a published price: the one whose saved price the test changes.
const available = nlListings.find((p) => p.Goal === 0 && isAvailable(p) && p.PublishPrice && !p.ProjectID && !p.PriceUnit);

const texts = {
  nl: {
    heart: /^Bewaren als favoriet: /,
    header: (n) => (n ? `Favorieten (${n})` : "Favorieten"),
    remove: /^Verwijderen: /,
    count: (n) => (n === 1 ? "1 favoriet" : `${n} favorieten`),
    gone: "Niet meer beschikbaar",
    changed: "Prijs gewijzigd",
    available: "Beschikbaar",
    share: "Delen",
    whatsapp: "Delen via WhatsApp",
    facebook: "Delen op Facebook",
    email: "Versturen per e-mail",
    copy: "Link kopiëren",
    copied: "De link is gekopieerd.",
  },
  fr: {
    heart: /^Ajouter aux favoris\s:\s/,
    header: (n) => (n ? `Favoris (${n})` : "Favoris"),
    remove: /^Retirer\s:\s/,
    count: (n) => (n === 1 ? "1 favori" : `${n} favoris`),
    gone: "Plus disponible",
    changed: "Prix modifié",
    available: "Disponible",
    share: "Partager",
    whatsapp: "Partager sur WhatsApp",
    facebook: "Partager sur Facebook",
    email: "Envoyer par e-mail",
    copy: "Copier le lien",
    copied: "Le lien a été copié.",
  },
};

let browser;
let site;
before(async () => {
  browser = await launch();
  site = await siteData();
});
after(() => browser?.close());

const headerLink = (page) => page.locator(".header-favourites");

async function expectHeader(page, lang, n) {
  await page.waitForFunction(
    ([name]) => document.querySelector(".header-favourites")?.getAttribute("aria-label") === name,
    [texts[lang].header(n)],
  );
  const badge = page.locator(".header-favourites__count");
  if (n) assert.equal(await badge.textContent(), String(n));
  else assert.equal(await badge.count(), 0);
}

for (const lang of ["nl", "fr"]) {
  const x = texts[lang];

  testInTurn(lang, 1, `${lang}: two favourites from the list and a detail page, counted in the header, listed, one removed, kept on reload`, async () => {
    const { context, page, problems } = await openPage(browser, { ...phone, storage: declinedConsent, locale: `${lang}-BE` });
    try {
      await visit(page, localize(site, "/for-sale/", lang));
      await expectHeader(page, lang, 0);
      const cards = page.locator(".property-card");
      await cards.nth(1).waitFor();
      const first = cards.first();
      const firstTitle = (await first.locator(".property-card__link").innerText()).replace(/\s+/g, " ").trim();
      const heart = first.getByRole("button", { name: x.heart });
      assert.equal(await heart.getAttribute("aria-pressed"), "false");
      await heart.click();
      assert.equal(await heart.getAttribute("aria-pressed"), "true");
      await expectHeader(page, lang, 1);

      // The second card's listing, saved from its own page.
      const href = await cards.nth(1).locator(".property-card__link").getAttribute("href");
      await visit(page, href);
      const detailHeart = page.locator(".property-share").getByRole("button", { name: x.heart });
      await detailHeart.click();
      assert.equal(await detailHeart.getAttribute("aria-pressed"), "true");
      const detailTitle = await page.locator("main h1").innerText();
      await expectHeader(page, lang, 2);

      await headerLink(page).click();
      await page.waitForURL((u) => decodeURIComponent(u.pathname) === localize(site, "/favourites/", lang));
      const items = page.locator(".favourite");
      await page.getByRole("heading", { level: 2, name: x.count(2) }).waitFor();
      assert.equal(await items.count(), 2);
      // Newest first; each with its state once the server answered.
      await page.locator(".favourite__state").nth(1).waitFor();
      assert.equal((await items.first().locator(".favourite__title").innerText()).trim(), detailTitle.trim());
      assert.equal((await items.nth(1).locator(".favourite__title").innerText()).trim(), firstTitle);
      assert.equal(await headerLink(page).getAttribute("aria-current"), "page");
      await assertAccessible(page, `${lang} favourites`);

      await items.first().getByRole("button", { name: x.remove }).click();
      await page.getByRole("heading", { level: 2, name: x.count(1) }).waitFor();
      assert.equal(await items.count(), 1);
      await expectHeader(page, lang, 1);
      assert.ok(await page.locator(".favourites-page__count").evaluate((h) => h === document.activeElement), "focus on the list's heading");

      await page.reload();
      await page.getByRole("heading", { level: 2, name: x.count(1) }).waitFor();
      assert.equal((await items.first().locator(".favourite__title").innerText()).trim(), firstTitle);
      await expectHeader(page, lang, 1);

      // Another tab follows (the storage event).
      const other = await context.newPage();
      await visit(other, localize(site, "/favourites/", lang));
      await expectHeader(other, lang, 1);
      await items.first().getByRole("button", { name: x.remove }).click();
      await expectHeader(other, lang, 0);
      await other.locator(".favourites-page__empty").waitFor();
      await other.close();
      assert.deepEqual(unexpected(problems), []);
    } finally {
      await context.close();
    }
  });
}

test("nl and fr: a listing gone from the platform keeps its saved title, a repriced one shows its old price", async () => {
  const path = await detailPath(available.ID, "nl");
  const saved = [
    { id: 987654321, url: "/nl/te-koop/nergens/villa/987654321/", title: "Villa die verdween", price: 300000, priceText: "€ 300.000", photo: null, savedAt: "2026-11-01T10:00:00.000Z" },
    { id: available.ID, url: path, title: "Bewaard pand", price: available.Price + 12345, priceText: "€ 999.999", photo: null, savedAt: "2026-11-01T09:00:00.000Z" },
  ];
  for (const lang of ["nl", "fr"]) {
    const x = texts[lang];
    const { context, page, problems } = await openPage(browser, {
      ...phone,
      storage: { ...declinedConsent, favourites: JSON.stringify(saved) },
      locale: `${lang}-BE`,
    });
    try {
      await visit(page, localize(site, "/favourites/", lang));
      await expectHeader(page, lang, 2);
      const items = page.locator(".favourite");
      await items.nth(1).locator(".favourite__state").waitFor();
      const gone = items.first();
      assert.equal((await gone.locator(".favourite__title").innerText()).trim(), "Villa die verdween");
      assert.equal(await gone.locator(".favourite__title a").count(), 0, "no link to a page that is gone");
      assert.equal((await gone.locator(".favourite__state").innerText()).trim(), x.gone);
      const repriced = items.nth(1);
      assert.equal((await repriced.locator(".favourite__state").innerText()).trim(), x.available);
      const price = await repriced.locator(".favourite__price").innerText();
      // The saved price in the page's language: as saved in Dutch, the amount written again in French.
      const was = lang === "nl" ? "€ 999.999" : `${String(available.Price + 12345).replace(/\B(?=(\d{3})+$)/g, "\u202f")}\u00a0€`;
      assert.ok(price.includes(x.changed) && price.includes(was), price);
      const link = await repriced.locator(".favourite__title a").getAttribute("href");
      assert.ok(decodeURIComponent(link).startsWith(`/${lang}/`), link);
      await assertAccessible(page, `${lang} favourites with states`);
      assert.deepEqual(unexpected(problems), []);
    } finally {
      await context.close();
    }
  }
});

for (const lang of ["nl", "fr"]) {
  const x = texts[lang];

  testInTurn(lang, 0, `${lang}: without a share sheet, WhatsApp, Facebook and e-mail links, and a confirmed copy`, async () => {
    // Its own page: the init script stays with the context.
    const { context, page, problems } = await openPage(browser, { ...phone, storage: declinedConsent, locale: `${lang}-BE`, fresh: true });
    try {
      await context.addInitScript(() => {
        delete Navigator.prototype.share;
      });
      const path = await detailPath(available.ID, lang);
      await visit(page, path);
      const canonical = new URL(path, site.baseUrl).href;
      const share = page.locator(".property-share");
      await share.getByRole("link", { name: x.whatsapp }).waitFor();
      assert.equal(await share.getByRole("button", { name: x.share, exact: true }).count(), 0);

      const wa = share.getByRole("link", { name: x.whatsapp });
      const waHref = new URL(await wa.getAttribute("href"));
      assert.equal(waHref.origin, "https://wa.me");
      assert.ok(waHref.searchParams.get("text").endsWith(canonical), waHref.href);
      assert.equal(await wa.getAttribute("target"), "_blank");

      const fb = new URL(await share.getByRole("link", { name: x.facebook }).getAttribute("href"));
      assert.equal(fb.origin + fb.pathname, "https://www.facebook.com/sharer/sharer.php");
      assert.equal(fb.searchParams.get("u"), canonical);

      const mail = share.getByRole("link", { name: x.email });
      const mailHref = await mail.getAttribute("href");
      assert.ok(mailHref.startsWith("mailto:?subject="), mailHref);
      assert.ok(decodeURIComponent(mailHref).includes(canonical), mailHref);
      assert.equal(await mail.getAttribute("target"), null, "a mailto: link opens no tab");

      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(page.url()).origin });
      await share.getByRole("button", { name: x.copy }).click();
      await share.locator(".property-share__message").filter({ hasText: x.copied }).waitFor();
      assert.ok(await share.locator(".property-share__message").isVisible());
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), canonical);
      assert.deepEqual(unexpected(problems), []);
    } finally {
      await context.close();
    }
  });

  testInTurn(lang, 1, `${lang}: with a share sheet, it gets the listing's title and address`, async () => {
    // Its own page: the init script stays with the context.
    const { context, page, problems } = await openPage(browser, { ...phone, storage: declinedConsent, locale: `${lang}-BE`, fresh: true });
    try {
      await context.addInitScript(() => {
        Navigator.prototype.share = function (data) {
          window.__shared = data;
          return Promise.resolve();
        };
      });
      const path = await detailPath(available.ID, lang);
      await visit(page, path);
      const share = page.locator(".property-share");
      await share.getByRole("button", { name: x.share, exact: true }).click();
      const shared = await page.waitForFunction(() => window.__shared).then((h) => h.jsonValue());
      assert.equal(shared.url, new URL(path, site.baseUrl).href);
      assert.equal(shared.title, await page.locator("main h1").innerText());
      assert.equal(await share.getByRole("link", { name: x.whatsapp }).count(), 0);
      assert.deepEqual(unexpected(problems), []);
    } finally {
      await context.close();
    }
  });
}
