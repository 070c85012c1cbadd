// French typography and grammar, and Dutch plurals, as a visitor reads them in
// Chromium: the French pages put a no-break space, never a plain one, before
// : ; ? ! (internal/french checks the texts themselves); a name inserted after
// « de » contracts (« Photos des Jardins de Libramont », never « de Les »); a
// delivery quarter reads T1–T4 in French; a form refused in French says so
// with the no-break space; and too many wrong logins tell a Dutch visitor to
// wait « 1 seconde », never « 1 seconden » (on a server of our own, so that
// the shared one keeps accepting logins). Texts come from the locale files.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { assertAccessible, browser, declinedConsent, openPage, withBrowser } from "./support.mjs";
import { localize, pageData, settle, siteData, sitemapPaths, visit } from "./site.mjs";
import { startEstate } from "./own-server.mjs";

const texts = (lang, ns) => JSON.parse(readFileSync(new URL(`../src/locales/${lang}/${ns}.json`, import.meta.url), "utf8"));
const validation = JSON.parse(readFileSync(new URL("../../leads/forms.json", import.meta.url), "utf8")).messages;
const site = await siteData();
// A listing for sale in French, from the sitemap.
const saleDetail = (await sitemapPaths()).find((p) => /^\/fr\/a-vendre\/.+\/\d+\/$/.test(p));

// The demo's project whose name starts with an article, and its delivery quarter.
const jardins = "Les Jardins de Libramont";
const expected = {
  nl: { photos: `Foto's van ${jardins}`, caption: `Wooneenheden van ${jardins}`, delivery: "Q1\u00a02028" },
  fr: { photos: "Photos des Jardins de Libramont", caption: "Lots des Jardins de Libramont", delivery: "T1\u00a02028" },
};

// A plain space, or none, before high punctuation that ends a phrase, in what a French reader sees.
const plainSpaceBefore = /(?:[ \t]|[\p{L}\p{N})»])[:;?!](?=\s|$)/u;

withBrowser();

/** The page's visible text, each line that breaks the rule with a little context. */
async function plainSpaces(page) {
  const text = await page.locator("body").innerText();
  return text.split("\n").filter((line) => plainSpaceBefore.test(line));
}

for (const lang of ["nl", "fr"]) {
  test(`${lang}: a project named with an article reads right, its delivery too`, async () => {
    const { context, page, problems } = await openPage(browser, { storage: declinedConsent, locale: `${lang}-BE` });
    try {
      const list = await pageData(localize(site, "/projects/", lang));
      const project = list.projects.find((p) => p.name === jardins);
      assert.ok(project, `the demo has ${jardins}`);
      await visit(page, project.url);
      await page.getByRole("heading", { level: 2, name: expected[lang].photos, exact: true }).waitFor();
      await page.getByRole("table", { name: expected[lang].caption, exact: true }).waitFor();
      const facts = page.getByLabel(texts(lang, "projects").facts.label, { exact: true });
      assert.match(await facts.innerText(), new RegExp(expected[lang].delivery));
      if (lang === "fr") {
        const body = await page.locator("body").innerText();
        assert.doesNotMatch(body, /\b[dD]e Les\b|\bQ[1-4]\b/);
        assert.deepEqual(await plainSpaces(page), []);
      }
      await assertAccessible(page, `${jardins} (${lang})`);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}

test("fr: the pages a visitor goes through put a no-break space before : ; ? !", async () => {
  const { context, page, problems } = await openPage(browser, { storage: declinedConsent, locale: "fr-BE" });
  try {
    const internals = ["/", "/for-sale/", "/office/", "/login/", "/services/sale/", "/demand-register/"];
    for (const path of [...internals.map((i) => localize(site, i, "fr")), saleDetail]) {
      await visit(page, path, { waitUntil: "load" });
      assert.deepEqual(await plainSpaces(page), [], path);
    }
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("fr: a property's page asks its question with a narrow no-break space", async () => {
  const { context, page, problems } = await openPage(browser, { storage: declinedConsent, locale: "fr-BE" });
  try {
    assert.ok(saleDetail, "a listing for sale in the sitemap");
    await visit(page, saleDetail);
    const title = texts("fr", "property").requests.title;
    assert.ok(title.endsWith("\u202f?"), "the locale writes it with U+202F");
    await page.getByRole("region", { name: title, exact: true }).waitFor();
    assert.deepEqual(await plainSpaces(page), []);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("fr: a contact form sent empty says it failed with a no-break space before the colon", async () => {
  const { context, page, problems } = await openPage(browser, { storage: declinedConsent, locale: "fr-BE" });
  try {
    const f = texts("fr", "forms");
    await visit(page, localize(site, "/office/", "fr"));
    await settle(page); // the form answers once hydrated
    const region = page.getByRole("region", { name: f.sections.siteContact.title, exact: true });
    await region.getByRole("button", { name: f.submit.default, exact: true }).click();
    const failed = validation.fr.failed;
    assert.match(failed, /\u00a0:/);
    const alert = region.getByRole("alert").filter({ hasText: failed });
    await alert.waitFor();
    assert.ok((await alert.innerText()).includes(failed), "the alert keeps the no-break space");
    await region.getByText(validation.fr.required).first().waitFor();
    assert.deepEqual(await plainSpaces(page), []);
    await assertAccessible(page, "contact form refused (fr)");
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("nl and fr: too many wrong logins say how long to wait in the right number", async () => {
  const own = await startEstate();
  try {
    // One second is singular, more are plural: never « 1 seconden » or « 1 minuten ».
    const waits = { nl: /wacht (1 seconde|([2-9]|\d\d+) seconden) voor/, fr: /patienter (1 seconde|([2-9]|\d\d+) secondes) avant/ };
    for (const lang of ["nl", "fr"]) {
      const { context, page, problems } = await openPage(browser, { storage: declinedConsent, locale: `${lang}-BE`, base: own.base });
      try {
        const a = texts(lang, "account");
        await visit(page, localize(site, "/login/", lang));
        // Each failure past the third makes the next try wait longer (1 s, 2 s, 4 s …): a few quick tries are refused.
        let refused = false;
        for (let attempt = 0; attempt < 10 && !refused; attempt++) {
          await page.getByLabel(a.form.email).fill(`${lang}@ardennes-immo.example`);
          await page.getByLabel(a.form.password, { exact: true }).fill("not-the-password");
          const answer = page.waitForResponse((r) => r.url().endsWith("/api/account/login"));
          await page.getByRole("button", { name: a.login.submit, exact: true }).click();
          refused = (await answer).status() === 429;
        }
        assert.ok(refused, "the login was throttled");
        const alert = page.getByRole("alert").filter({ hasText: waits[lang] });
        await alert.waitFor();
        assert.doesNotMatch(await alert.innerText(), /\b1 (seconden|secondes|minuten|minutes)\b/);
        if (lang === "fr") assert.deepEqual(await plainSpaces(page), []);
        assert.deepEqual(problems.filter((p) => !/ 40[1-9]|429/.test(p)), []);
      } finally {
        await context.close();
      }
    }
  } finally {
    await own.stop();
  }
});
