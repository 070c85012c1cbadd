// The property detail page against the demo agency: the listings of each
// state of the spec, chosen from the platform JSON, in Dutch and French;
// the printed brochure; axe; the 404 answer, and the 410 of a listing that
// a sync of the test's own server no longer finds on its platform.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { assertAccessible, declinedConsent, launch, openPage } from "./support.mjs";
import { pageData, siteData, unexpected, visit } from "./site.mjs";
import { copyDemoDataset, startEstate } from "./own-server.mjs";

const platform = new URL("../../testdata/platform/", import.meta.url);
const listings = (lang) => JSON.parse(readFileSync(new URL(`GetProperty/${lang}.json`, platform), "utf8"));

// The platform's StatusID: 1 available, 2 option, 3 sold, 4 rented. Goal 0 is a sale, anything else a rental.
const plain = (p) => !p.ProjectID && !p.PriceUnit;
const pick = {
  available: (p) => p.Goal === 0 && p.StatusID === 1 && p.PublishPrice && p.PublishAddress && plain(p) && ["E", "F"].includes(p.EPCLabelText),
  sold: (p) => p.Goal === 0 && p.StatusID === 3 && p.PublishPrice && plain(p),
  rented: (p) => p.Goal !== 0 && p.StatusID === 4 && p.PublishPrice && plain(p),
  priceOnRequest: (p) => p.StatusID === 1 && !p.PublishPrice && p.PublishAddress,
  addressHidden: (p) => p.StatusID === 1 && !p.PublishAddress && p.PublishPrice && plain(p),
  projectUnit: (p) => Boolean(p.ProjectID),
};

const nl = listings("nl");
const chosen = Object.fromEntries(Object.entries(pick).map(([k, f]) => [k, nl.find(f)]));

// What a visitor must read, per language; the amounts are formatted here, independently of the server.
const texts = {
  nl: {
    status: { available: "Beschikbaar", sold: "Verkocht", rented: "Verhuurd", option: "In optie" },
    sold: "Dit pand is verkocht",
    rented: "Het pand dat u zocht, is verhuurd",
    onRequest: "Prijs op aanvraag",
    addressOnRequest: "Het exacte adres delen wij u graag mee op aanvraag.",
    renovation: "binnen 5 jaar",
    noDocuments: "Geen documenten",
    request: "Documenten aanvragen",
    reference: (id) => `Ref. ${id}`,
    projectLink: (name) => `Nieuwbouw: dit pand maakt deel uit van het project ${name}`,
    copy: "Link kopiëren",
    copied: "De link is gekopieerd.",
    price: (p) => (p.Goal === 0 ? `€ ${p.Price.toLocaleString("nl-BE")}` : `€ ${p.Price.toLocaleString("nl-BE")} / maand`),
  },
  fr: {
    status: { available: "Disponible", sold: "Vendu", rented: "Loué", option: "Sous option" },
    sold: "Ce bien est vendu",
    rented: "Le bien que vous avez demandé a été loué",
    onRequest: "Prix sur demande",
    addressOnRequest: "L'adresse exacte vous sera communiquée sur demande.",
    renovation: "dans les 5 ans",
    noDocuments: "Aucun document",
    request: "Demander les documents",
    reference: (id) => `Réf. ${id}`,
    projectLink: (name) => `Neuf : ce bien fait partie du projet ${name}`,
    copy: "Copier le lien",
    copied: "Le lien a été copié.",
    price: (p) => (p.Goal === 0 ? `${p.Price.toLocaleString("fr-BE")} €` : `${p.Price.toLocaleString("fr-BE")} € / mois`),
  },
};

const squash = (s) => s.replace(/\s+/g, " ").trim();

/** The public path of a listing in a language: /property/{id}/ redirects to the default language, its alternates give the others. */
async function detailPath(id, lang) {
  const first = await pageData(`/property/${id}/`);
  assert.ok(first.redirect, `/property/${id}/ redirects`);
  const data = await pageData(first.redirect);
  const alternate = data.alternates.find((a) => a.lang === lang);
  assert.ok(alternate, `${id} has a ${lang} page`);
  return alternate.path;
}

let browser;
let site;
before(async () => {
  browser = await launch();
  site = await siteData();
});
after(async () => {
  await browser?.close();
});

async function openDetail(id, lang) {
  const opened = await openPage(browser, { storage: declinedConsent, locale: lang === "fr" ? "fr-BE" : "nl-BE" });
  const path = await detailPath(id, lang);
  const response = await visit(opened.page, path);
  await opened.page.locator(".property-facts").waitFor();
  return { ...opened, path, response, data: await pageData(path) };
}

for (const lang of ["nl", "fr"]) {
  const x = texts[lang];
  const own = listings(lang);
  const record = (p) => own.find((o) => o.ID === p.ID);

  test(`${lang}: an available sale shows status, price, reference, EPC with the renovation notice and documents`, async () => {
    const p = record(chosen.available);
    const { context, page, problems, response, data } = await openDetail(p.ID, lang);
    try {
      assert.equal(response.status(), 200);
      assert.equal(await page.locator("main h1").textContent(), data.title);
      assert.equal(await page.locator(".property-facts__status").textContent(), x.status.available);
      assert.equal(squash(await page.locator(".property-facts__amount").innerText()), squash(x.price(p)));
      assert.equal(await page.locator(".property-facts__ref").textContent(), x.reference(p.ID));
      assert.equal(await page.locator(".property-state").count(), 0);
      const epc = page.locator(".property-energy__image");
      assert.equal(await epc.getAttribute("width"), "240");
      assert.match(await epc.getAttribute("alt"), new RegExp(`${p.EPCLabelText}$`));
      await epc.scrollIntoViewIfNeeded();
      assert.ok(await epc.evaluate((img) => img.decode().then(() => img.naturalWidth > 0)), "the EPC image loads");
      assert.match(await page.locator(".property-energy__notice").textContent(), new RegExp(x.renovation));
      const docs = page.locator(".property-documents__link");
      assert.equal(await docs.count(), p.Documents.length);
      // The documents are asked for with a form in a dialog (property-forms.test.mjs).
      assert.equal(await page.getByRole("button", { name: x.request }).getAttribute("aria-haspopup"), "dialog");
      if (site.calculator) assert.equal(await page.locator(".calculator input").first().inputValue(), String(p.Price));
      // The street of a published address is shown.
      assert.match(await page.locator(".property-location__address").textContent(), new RegExp(p.Street));
      assert.deepEqual(unexpected(problems), []);
    } finally {
      await context.close();
    }
  });

  test(`${lang}: a sold listing says so`, async () => {
    const p = record(chosen.sold);
    const { context, page, problems } = await openDetail(p.ID, lang);
    try {
      assert.equal(await page.locator(".property-facts__status").textContent(), x.status.sold);
      assert.equal(await page.locator(".property-state__title").textContent(), x.sold);
      assert.equal(squash(await page.locator(".property-facts__amount").innerText()), squash(x.price(p)));
      assert.equal(await page.locator(".calculator").count(), 0, "no calculator on a sold listing");
      assert.deepEqual(unexpected(problems), []);
    } finally {
      await context.close();
    }
  });

  test(`${lang}: a rented listing says so, with its monthly rent`, async () => {
    const p = record(chosen.rented);
    const { context, page, problems } = await openDetail(p.ID, lang);
    try {
      assert.equal(await page.locator(".property-facts__status").textContent(), x.status.rented);
      assert.equal(await page.locator(".property-state__title").textContent(), x.rented);
      assert.equal(squash(await page.locator(".property-facts__amount").innerText()), squash(x.price(p)));
      assert.deepEqual(unexpected(problems), []);
    } finally {
      await context.close();
    }
  });

  test(`${lang}: a price on request says so, and the calculator waits for a typed price`, async () => {
    const p = record(chosen.priceOnRequest);
    const { context, page, problems } = await openDetail(p.ID, lang);
    try {
      assert.equal(squash(await page.locator(".property-facts__amount").innerText()), x.onRequest);
      assert.equal(await page.getByText(String(p.Price.toLocaleString(`${lang}-BE`))).count(), 0, "the amount is not published");
      if (site.calculator) {
        const price = page.locator(".calculator input").first();
        assert.equal(await price.inputValue(), "");
      }
      assert.deepEqual(unexpected(problems), []);
    } finally {
      await context.close();
    }
  });

  test(`${lang}: a listing whose address is not published shows no street`, async () => {
    const p = record(chosen.addressHidden);
    const { context, page, problems } = await openDetail(p.ID, lang);
    try {
      const main = await page.locator("main").innerText();
      assert.ok(p.Street && !main.includes(p.Street), `the street "${p.Street}" is not on the page`);
      assert.equal(squash(await page.locator(".property-location__address").innerText()), `${p.Zip} ${p.City}`);
      assert.equal(await page.locator(".property-location__hidden").textContent(), x.addressOnRequest);
      assert.deepEqual(unexpected(problems), []);
    } finally {
      await context.close();
    }
  });

  test(`${lang}: a unit of a new-build project links to its project, whose units table links back`, async () => {
    assert.ok(chosen.projectUnit, "the demo agency lists a project unit as a property");
    const p = record(chosen.projectUnit);
    const project = JSON.parse(readFileSync(new URL(`GetProject/${lang}.json`, platform), "utf8"))
      .find((pr) => pr.ID === p.ProjectID);
    const { context, page, problems } = await openDetail(p.ID, lang);
    try {
      const line = page.locator(".property-facts__project");
      assert.equal(await line.textContent(), x.projectLink(project.Name));
      await line.getByRole("link", { name: project.Name }).click();
      await page.getByRole("heading", { level: 1, name: project.Name }).waitFor();
      const unit = project.Units.find((u) => u.ID === p.ID);
      await page.getByRole("rowheader", { name: unit.Name }).getByRole("link").click();
      await page.waitForURL((url) => url.pathname.endsWith(`/${p.ID}/`));
      assert.deepEqual(unexpected(problems), []);
    } finally {
      await context.close();
    }
  });
}

test("nl: copy link confirms politely and copies the canonical address", async () => {
  const { context, page, problems, path } = await openDetail(chosen.available.ID, "nl");
  try {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(page.url()).origin });
    await page.getByRole("button", { name: texts.nl.copy }).click();
    await page.locator(".property-share__message").filter({ hasText: texts.nl.copied }).waitFor();
    const canonical = new URL(path, site.baseUrl).href;
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), canonical);
    assert.deepEqual(unexpected(problems), []);
  } finally {
    await context.close();
  }
});

test("print: a brochure of at most two pages with photo, price and contact, without the site's chrome", async () => {
  const { context, page, problems } = await openDetail(chosen.available.ID, "nl");
  try {
    await page.locator(".photo-gallery__main-img").evaluate((img) => img.decode());
    await page.emulateMedia({ media: "print" });
    for (const hidden of [".header", ".footer", ".breadcrumb", ".property-share", ".property-similar", ".detail-map", ".calculator"]) {
      const el = page.locator(hidden).first();
      if ((await el.count()) > 0) assert.equal(await el.isVisible(), false, `${hidden} is hidden on paper`);
    }
    for (const shown of ["main h1", ".photo-gallery__main-img", ".property-facts__price", ".property-facts__figures", ".property-page__description", ".property-agent"]) {
      assert.ok(await page.locator(shown).first().isVisible(), `${shown} is printed`);
    }
    const agency = await page.locator(".property-print-agency").innerText();
    for (const part of [site.agency.name, site.agency.phone, site.agency.email]) assert.ok(agency.includes(part), `the brochure names ${part}`);
    const shot = await page.screenshot({ fullPage: true });
    assert.ok(shot.length > 10_000, "the print screenshot has content");
    writeFileSync(join(tmpdir(), "estate-property-print.png"), shot);
    const pdf = await page.pdf({ format: "A4", printBackground: false });
    // Chromium's PDF holds one /Type /Page object per page, and their number as the /Pages tree's /Count.
    const pages = (pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? []).length;
    assert.equal(pdf.toString("latin1").match(/\/Count (\d+)/)?.[1], String(pages));
    assert.ok(pages >= 1 && pages <= 2, `the brochure has ${pages} pages`);
    assert.deepEqual(unexpected(problems), []);
  } finally {
    await context.close();
  }
});

test("axe: no serious or critical violation on a detail page", async () => {
  const { context, page, problems } = await openDetail(chosen.available.ID, "fr");
  try {
    await page.locator(".property-location").scrollIntoViewIfNeeded();
    await page.waitForLoadState("networkidle");
    await assertAccessible(page, "the fr detail page");
    assert.deepEqual(unexpected(problems), []);
  } finally {
    await context.close();
  }
});

test("410: a listing the platform no longer lists answers Gone, with similar listings, in nl and fr", async () => {
  // A server of the test's own: the listing leaves its copy of the platform's
  // data, and a full sync withdraws it.
  const sourceDir = copyDemoDataset();
  const estate = await startEstate({ sourceDir });
  try {
    const gone = chosen.available;
    // /property/{id}/ leads to the default language; the alternates give the others.
    const detail = await pageData((await pageData(`/property/${gone.ID}/`, estate.base)).redirect, estate.base);
    const paths = Object.fromEntries(detail.alternates.map((a) => [a.lang, a.path]));
    assert.ok(paths.nl && paths.fr && paths.nl !== paths.fr, `detail paths ${JSON.stringify(paths)}`);
    for (const lang of ["nl", "fr"]) {
      const file = join(sourceDir, "GetProperty", `${lang}.json`);
      const kept = JSON.parse(readFileSync(file, "utf8")).filter((p) => p.ID !== gone.ID);
      writeFileSync(file, JSON.stringify(kept));
    }
    await estate.run("sync", "--full");

    for (const lang of ["nl", "fr"]) {
      const { context, page, problems } = await openPage(browser, { storage: declinedConsent, locale: `${lang}-BE`, base: estate.base });
      try {
        const response = await visit(page, paths[lang]);
        assert.equal(response.status(), 410, `${paths[lang]}`);
        const title = JSON.parse(readFileSync(new URL(`../src/locales/${lang}/property.json`, import.meta.url), "utf8")).states.withdrawn.title;
        assert.equal(await page.locator(".property-state__title").textContent(), title);
        await page.locator(".property-similar__link").first().waitFor();
        assert.deepEqual(unexpected(problems, "410"), []);
      } finally {
        await context.close();
      }
    }
  } finally {
    await estate.stop();
  }
});

test("404: an unknown listing answers Not Found with the not-found view", async () => {
  const { context, page, problems } = await openPage(browser, { storage: declinedConsent });
  try {
    const response = await visit(page, "/nl/te-koop/bouillon/bestaat-niet/99999/");
    assert.equal(response.status(), 404);
    assert.ok(await page.locator(".not-found-page").isVisible());
    assert.deepEqual(unexpected(problems, "404"), []);
  } finally {
    await context.close();
  }
});

for (const [lang, path, title] of [
  ["nl", "/nl/te-koop/bouillon/bestaat-niet/99999/", "Pand niet gevonden"],
  ["fr", "/fr/a-vendre/bouillon/n-existe-pas/99999/", "Bien introuvable"],
]) {
  test(`404 ${lang}: an unknown listing says 'Property Not Found'`, async () => {
    const { context, page, problems } = await openPage(browser, { storage: declinedConsent });
    try {
      const response = await visit(page, path);
      assert.equal(response.status(), 404);
      assert.equal(await page.getByRole("heading", { level: 1 }).textContent(), title);
      assert.ok((await page.title()).startsWith(title));
      assert.deepEqual(unexpected(problems, "404"), []);
    } finally {
      await context.close();
    }
  });
}

test("375 px: no detail page scrolls sideways, whatever its photos, videos and tables", async () => {
  const { context, page } = await openPage(browser, { storage: declinedConsent, width: 375, height: 800 });
  try {
    for (const id of [chosen.available.ID, chosen.addressHidden.ID, chosen.projectUnit.ID, chosen.sold.ID]) {
      await visit(page, await detailPath(id, "nl"));
      await page.locator(".photo-gallery, .property-facts").first().waitFor();
      await page.waitForLoadState("networkidle");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.equal(overflow, 0, `${id} is ${overflow} px wider than the phone`);
    }
  } finally {
    await context.close();
  }
});
