// The header's quick search against the demo agency: by reference, by town
// name, by postcode and with a typo, with the keyboard only; the result
// opens the detail page or the list filtered to the town.
import { test } from "node:test";
import assert from "node:assert/strict";
import { assertAccessible, browser, declinedConsent, openPage, testInTurn, withBrowser } from "./support.mjs";
import { visit } from "./site.mjs";
import { listings } from "./platform-data.mjs";

const details = listings;

withBrowser();

async function openSearch(page) {
  await page.getByRole("button", { name: "Zoeken" }).click();
  const box = page.getByRole("combobox", { name: "Zoek op referentie, gemeente of postcode" });
  assert.equal(await box.evaluate((el) => el === document.activeElement), true);
  return box;
}

test("by reference: the property comes first with its thumbnail, a 100-character text and 'Ref: id'", async () => {
  const { context, page, problems } = await openPage(browser, { storage: declinedConsent });
  try {
    const p = details("nl")[0];
    await visit(page, "/nl/ons-kantoor/");
    const box = await openSearch(page);
    const started = Date.now();
    await box.fill(String(p.ID));
    const option = page.getByRole("option", { name: new RegExp(`Ref: ${p.ID}`) });
    await option.waitFor();
    const tookMs = Date.now() - started;
    assert.ok(tookMs < 2000, `results after ${tookMs} ms`);
    const text = await option.locator(".quick-search__desc").textContent();
    assert.ok([...text].length <= 101, text);
    assert.equal(await option.locator("img").count(), 1);
    await assertAccessible(page, "quick search open");
    await box.press("ArrowDown");
    await box.press("Enter");
    await page.waitForURL(new RegExp(`/${p.ID}/$`));
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

for (const [label, typed, town] of [
  ["town name", "bouillon", "Bouillon"],
  ["postcode", "6830", "Bouillon"],
  ["typo", "bouilon", "Bouillon"],
]) {
  test(`by ${label}: Enter on the town opens the list filtered to it`, async () => {
    const { context, page, problems } = await openPage(browser, { storage: declinedConsent });
    try {
      await visit(page, "/nl/ons-kantoor/");
      const box = await openSearch(page);
      await box.fill(typed);
      const option = page.getByRole("group", { name: "Gemeenten" }).getByRole("option", { name: new RegExp(`\\d{4} ${town}`) });
      await option.waitFor();
      const id = await option.getAttribute("id");
      for (let i = 0; i < 12; i++) {
        if ((await box.getAttribute("aria-activedescendant")) === id) break;
        await box.press("ArrowDown");
      }
      assert.equal(await box.getAttribute("aria-activedescendant"), id);
      await box.press("Enter");
      await page.waitForURL(/\/nl\/te-koop\/\?city=Bouillon$/);
      await page.locator(".search-results__count").filter({ hasText: /\d/ }).waitFor();
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}

const phone = {
  nl: { open: "Zoeken", label: "Zoek op referentie, gemeente of postcode", towns: "Gemeenten", list: "/nl/te-koop/", none: "Er werden geen resultaten gevonden voor uw zoekopdracht." },
  fr: { open: "Rechercher", label: "Rechercher par référence, commune ou code postal", towns: "Communes", list: "/fr/a-vendre/", none: "Aucun résultat n'a été trouvé pour votre recherche." },
};

for (const [lang, x] of Object.entries(phone)) {
  testInTurn(lang, 1, `${lang} at 390×844: a typed town comes first and Enter opens its list; text that matches nothing says so`, async () => {
    const { context, page, problems } = await openPage(browser, { storage: declinedConsent, width: 390, height: 844, locale: lang === "fr" ? "fr-BE" : "nl-BE" });
    try {
      await visit(page, `/${lang}/`);
      await page.getByRole("button", { name: x.open, exact: true }).click();
      const box = page.getByRole("combobox", { name: x.label });
      await box.fill("zzqqxx");
      const none = page.locator(".quick-search__none");
      await none.waitFor();
      assert.equal(await none.textContent(), x.none);
      assert.ok(await none.isVisible());

      await box.fill("Bouillon");
      const groups = page.getByRole("listbox").getByRole("group");
      await groups.first().getByRole("option").first().waitFor();
      assert.equal(await groups.first().getAttribute("aria-labelledby").then((id) => page.locator(`[id="${id}"]`).textContent()), x.towns);
      await box.press("Enter");
      await page.waitForURL(new RegExp(`${x.list}\\?city=Bouillon$`));
      await page.locator(".search-results__count").filter({ hasText: /\d/ }).waitFor();
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}
