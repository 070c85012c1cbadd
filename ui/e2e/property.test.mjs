// The property detail page against the demo agency: the listings of each
// state of the spec, chosen from the platform JSON, each in Dutch or French
// (they take turns, support.mjs testInTurn);
// the acquisition-cost calculator; the printed brochure; axe; the 404
// answer; and, on servers of the tests' own, the 410 of a listing that a sync
// no longer finds on its platform and the Flemish renovation duty (the demo
// agency is Walloon).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { assertAccessible, browser, declinedConsent, openPage, testInTurn, withBrowser } from "./support.mjs";
import { detailPath, pageData, siteData, unexpected, visit } from "./site.mjs";
import { copyDemoDataset, startEstate } from "./own-server.mjs";
import { available, documentsOf, listings, projects, rows, status, writeRows } from "./platform-data.mjs";

// The platform's Status: 1 on the market (the demo's Marquee 3 'Optie' under option), 2 sold, 4 rented.
// Goal 0 is a sale, anything else a rental.
const plain = (p) => !p.ProjectID && !p.PriceUnit;
const pick = {
  available: (p) => p.Goal === 0 && available(p) && p.PublishPrice && p.PublishAddress && plain(p) && ["E", "F"].includes(p.EPCLabelText),
  // Available, banner 'new', a published price: everything a withdrawn listing must stop stating.
  newOnOffer: (p) => p.Goal === 0 && available(p) && p.Marquee === 1 && p.PublishPrice && plain(p),
  sold: (p) => p.Goal === 0 && p.Status === status.sold && p.PublishPrice && plain(p),
  rented: (p) => p.Goal !== 0 && p.Status === status.rented && p.PublishPrice && plain(p),
  priceOnRequest: (p) => available(p) && !p.PublishPrice && p.PublishAddress,
  addressHidden: (p) => available(p) && !p.PublishAddress && p.PublishPrice && plain(p),
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
    renovation: "In Vlaanderen moet wie vanaf 2023 een woning met EPC-label E of F koopt, ze binnen 5 jaar",
    notaryFee: "Ereloon notaris",
    notaryStated: "Zoals het kantoor voor dit pand opgeeft, bij de vraagprijs.",
    priceRange: "Vul een prijs in tussen € 1.000 en € 100.000.000.",
    fixPrice: "Verbeter de prijs om de kosten te zien.",
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
    renovation: "En Flandre, quiconque achète à partir de 2023 un logement avec un label PEB E ou F doit le rénover",
    notaryFee: "Honoraires du notaire",
    notaryStated: "Montant indiqué par l'agence pour ce bien, au prix demandé.",
    priceRange: "Indiquez un prix entre 1 000 € et 100 000 000 €.",
    fixPrice: "Corrigez le prix pour voir les frais.",
    noDocuments: "Aucun document",
    request: "Demander les documents",
    reference: (id) => `Réf. ${id}`,
    projectLink: (name) => `Neuf\u00a0: ce bien fait partie du projet ${name}`,
    copy: "Copier le lien",
    copied: "Le lien a été copié.",
    price: (p) => (p.Goal === 0 ? `${p.Price.toLocaleString("fr-BE")} €` : `${p.Price.toLocaleString("fr-BE")} € / mois`),
  },
};

const squash = (s) => s.replace(/\s+/g, " ").trim();

const site = await siteData();

withBrowser();

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

  testInTurn(lang, 0, `${lang}: an available sale shows status, price, reference, EPC and documents, and no Flemish renovation duty in Wallonia`, async () => {
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
      // The demo agency is Walloon: its E and F labels oblige nobody to renovate (the Flemish case is tested below).
      assert.equal(data.property.energy.region, "wallonia");
      assert.equal(await page.locator(".property-energy__notice").count(), 0, "no renovation notice in Wallonia");
      const docs = page.locator(".property-documents__link");
      assert.equal(await docs.count(), documentsOf(p, lang).length);
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

  testInTurn(lang, 1, `${lang}: a sold listing says so`, async () => {
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

  testInTurn(lang, 2, `${lang}: a rented listing says so, with its monthly rent`, async () => {
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

  testInTurn(lang, 3, `${lang}: a price on request says so, and the calculator waits for a typed price`, async () => {
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

  testInTurn(lang, 4, `${lang}: a listing whose address is not published shows no street`, async () => {
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

  testInTurn(lang, 5, `${lang}: a unit of a new-build project links to its project, whose units table links back`, async () => {
    assert.ok(chosen.projectUnit, "the demo agency lists a project unit as a property");
    const p = record(chosen.projectUnit);
    const project = projects(lang).find((pr) => pr.ID === p.ProjectID);
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

  testInTurn(lang, 6, `${lang}: the calculator refuses a price of −5 beside the field and shows no total`, async () => {
    assert.ok(site.calculator, "the demo configuration has site.calculator");
    const p = record(chosen.available);
    const { context, page, problems } = await openDetail(p.ID, lang);
    try {
      const calculator = page.locator(".calculator");
      const price = calculator.getByRole("textbox");
      assert.ok(await calculator.locator(".calculator__table").isVisible(), "the asking price is costed");
      await price.fill("");
      await price.pressSequentially("-5");
      const error = calculator.locator(".calculator__error");
      assert.equal(squash(await error.innerText()), squash(x.priceRange));
      assert.equal(await price.getAttribute("aria-invalid"), "true");
      assert.ok((await price.getAttribute("aria-describedby")).split(" ").includes(await error.getAttribute("id")), "the message describes the field");
      assert.equal(await calculator.locator(".calculator__table").count(), 0, "no cost table");
      assert.equal(await calculator.locator(".calculator__summary").textContent(), x.fixPrice);
      await price.fill(String(p.Price));
      await calculator.locator(".calculator__table").waitFor();
      assert.equal(await price.getAttribute("aria-invalid"), null);
      assert.equal(await error.count(), 0);
      assert.deepEqual(unexpected(problems), []);
    } finally {
      await context.close();
    }
  });

  testInTurn(lang, 7, `${lang}: the calculator and the listing give the same notary fee at the asking price, and the agency's is labelled`, async () => {
    assert.ok(site.calculator, "the demo configuration has site.calculator");
    const p = record(chosen.available);
    assert.ok(p.NotaryFee > 0, "the demo listing states a notary fee");
    const { context, page, problems } = await openDetail(p.ID, lang);
    try {
      const listed = page.locator(".property-group--price .property-group__row--notaryFee .property-group__value");
      assert.equal(await page.locator(".property-group--price .property-group__row--notaryFee .property-group__label").textContent(), x.notaryFee);
      const line = page.locator('.calculator tr[data-line="notaryFee"]');
      assert.equal(squash(await line.locator("td").innerText()), squash(await listed.innerText()));
      assert.equal(await line.locator(".calculator__explain").textContent(), x.notaryStated);
      // Another price: the scale's estimate, which names the agency's figure instead of contradicting it silently.
      const price = page.locator(".calculator").getByRole("textbox");
      await price.fill(String(p.Price + 100_000));
      await page.locator('.calculator tr[data-line="notaryFee"] .calculator__explain').filter({ hasNotText: x.notaryStated }).waitFor();
      assert.ok(squash(await line.locator(".calculator__explain").innerText()).includes(squash(await listed.innerText())), "the estimate names the agency's figure");
      assert.deepEqual(unexpected(problems), []);
    } finally {
      await context.close();
    }
  });
}

test("renovation duty: a Flemish E or F states it, in nl and fr; a Walloon one does not", async () => {
  // A server of the test's own: one Walloon E listing moves to Ghent, where its
  // 450 kWh/m² is an E of the Flemish scale.
  const sourceDir = copyDemoDataset();
  const flemish = nl.find((p) => p.ID !== chosen.available.ID && p.Goal === 0 && available(p) && plain(p) && p.EPCLabelText === "E");
  assert.ok(flemish, "the demo has a second available E");
  for (const lang of ["nl", "fr"]) {
    const moved = rows(lang, sourceDir).map((p) =>
      p.ID === flemish.ID ? { ...p, Zip: "9000", City: lang === "nl" ? "Gent" : "Gand", EnergyPerformance: 450 } : p,
    );
    writeRows(lang, sourceDir, moved);
  }
  const estate = await startEstate({ sourceDir });
  try {
    for (const lang of ["nl", "fr"]) {
      for (const [id, region, notice] of [
        [flemish.ID, "flanders", true],
        [chosen.available.ID, "wallonia", false],
      ]) {
        const detail = await pageData((await pageData(`/property/${id}/`, estate.base)).redirect, estate.base);
        const path = detail.alternates.find((a) => a.lang === lang).path;
        const { context, page, problems } = await openPage(browser, { storage: declinedConsent, locale: `${lang}-BE`, base: estate.base });
        try {
          await visit(page, path);
          const data = await pageData(path, estate.base);
          assert.equal(data.property.energy.region, region, `${id} lies in ${region}`);
          assert.equal(data.property.energy.label, "e");
          const image = page.locator(".property-energy__image");
          assert.equal(await image.getAttribute("src"), `/images/epc/${region}/e.png`);
          await image.scrollIntoViewIfNeeded(); // a lazy image loads, so decodes, only near the viewport
          assert.ok(await image.evaluate((img) => img.decode().then(() => img.naturalWidth > 0)), "the region's E image loads");
          const notices = page.locator(".property-energy__notice");
          if (notice) {
            assert.ok(squash(await notices.innerText()).includes(texts[lang].renovation), `${lang} ${id}: the Flemish notice`);
          } else {
            assert.equal(await notices.count(), 0, `${lang} ${id}: no notice in ${region}`);
          }
          assert.deepEqual(unexpected(problems), []);
        } finally {
          await context.close();
        }
      }
    }
  } finally {
    await estate.stop();
  }
});

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
    // The QR code is made for paper only, as printing starts.
    await page.locator(".property-print-agency__qr").evaluate((img) => img.decode());
    for (const hidden of [".header", ".footer", ".breadcrumb", ".property-share", ".property-similar", ".detail-map", ".calculator"]) {
      const el = page.locator(hidden).first();
      if ((await el.count()) > 0) assert.equal(await el.isVisible(), false, `${hidden} is hidden on paper`);
    }
    for (const shown of ["main h1", ".photo-gallery__main-img", ".property-facts__price", ".property-facts__figures", ".property-page__description", ".property-agent"]) {
      assert.ok(await page.locator(shown).first().isVisible(), `${shown} is printed`);
    }
    const agency = await page.locator(".property-print-agency").innerText();
    for (const part of [site.agency.name, site.agency.phone, site.agency.email]) assert.ok(agency.includes(part), `the brochure names ${part}`);
    // The page's address, written and as a QR code, and the agency's logo.
    const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
    assert.equal(await page.locator(".property-print-agency__url").innerText(), canonical);
    const qr = page.locator(".property-print-agency__qr");
    assert.ok(await qr.isVisible(), "the QR code is printed");
    assert.match(await qr.getAttribute("src"), /^data:image\/svg\+xml,/);
    assert.ok(await qr.evaluate((img) => img.complete && img.naturalWidth > 0), "the QR code draws");
    assert.ok(await page.locator(".property-print-agency__logo").isVisible(), "the logo is printed");
    // Up to four photos: the first and three of the gallery's thumbnails.
    const thumbs = await page.locator(".photo-gallery__thumb-img").evaluateAll((imgs) => [imgs.length, imgs.filter((i) => i.getBoundingClientRect().width > 0 && i.complete && i.naturalWidth > 0).length]);
    assert.ok(thumbs[0] >= 1, "the listing has more than one photo");
    assert.equal(thumbs[1], Math.min(3, thumbs[0]), "up to three more photos are printed, loaded");
    const legal = page.locator(".property-group--legal");
    if ((await legal.count()) > 0) assert.ok(await legal.isVisible(), "the planning and legal information is printed");
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

test("410: a listing the platform no longer lists answers Gone, states only that, with similar listings, in nl and fr", async () => {
  // A server of the test's own: the listing leaves its copy of the platform's
  // data, and a full sync withdraws it. It was available, 'new' and priced:
  // none of that may stand above "no longer offered".
  const sourceDir = copyDemoDataset();
  const estate = await startEstate({ sourceDir });
  try {
    const gone = chosen.newOnOffer;
    assert.ok(gone, "the demo has an available listing with the banner 'new' and a price");
    // /property/{id}/ leads to the default language; the alternates give the others.
    const detail = await pageData((await pageData(`/property/${gone.ID}/`, estate.base)).redirect, estate.base);
    const paths = Object.fromEntries(detail.alternates.map((a) => [a.lang, a.path]));
    assert.ok(paths.nl && paths.fr && paths.nl !== paths.fr, `detail paths ${JSON.stringify(paths)}`);
    for (const lang of ["nl", "fr"]) {
      writeRows(lang, sourceDir, rows(lang, sourceDir).filter((p) => p.ID !== gone.ID));
    }
    await estate.run("sync", "--full");

    for (const lang of ["nl", "fr"]) {
      const { context, page, problems } = await openPage(browser, { storage: declinedConsent, locale: `${lang}-BE`, base: estate.base });
      try {
        const response = await visit(page, paths[lang]);
        assert.equal(response.status(), 410, `${paths[lang]}`);
        const title = JSON.parse(readFileSync(new URL(`../src/locales/${lang}/property.json`, import.meta.url), "utf8")).states.withdrawn.title;
        assert.equal(await page.locator(".property-state__title").textContent(), title);
        await page.locator(".listing-cards__link").first().waitFor();
        // Its state, and no availability badge, banner or price.
        const facts = page.locator(".property-facts");
        assert.equal(await facts.locator(".property-facts__status, .property-facts__banner, .property-facts__price").count(), 0);
        const record = listings(lang).find((p) => p.ID === gone.ID);
        const line = squash(await facts.locator(".property-facts__line").innerText());
        for (const text of [texts[lang].status.available, record.MarqueeName, squash(texts[lang].price(record))]) {
          assert.ok(!line.includes(text), `the 410 page still states "${text}"`);
        }
        // Anywhere on the page but the similar listings' own prices.
        const page410 = await page.locator("main").evaluate((main) => {
          const copy = main.cloneNode(true);
          copy.querySelector(".property-similar")?.remove();
          return copy.textContent;
        });
        assert.ok(!squash(page410).includes(squash(texts[lang].price(record))), "no price on the page");
        // Nor does what the server sends with it: page data, JSON-LD, Open Graph.
        const data = await pageData(paths[lang], estate.base);
        assert.equal(data.property.status, "withdrawn");
        assert.equal(data.property.priceText, "");
        assert.equal(data.property.price.amount, null);
        assert.equal(data.property.marqueeName, "");
        assert.equal(await page.locator('meta[property="og:type"]').getAttribute("content"), "website");
        const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
        assert.ok(ld.every((json) => !json.includes('"Offer"') && !json.includes(String(record.Price))), "no offer in JSON-LD");
        // The similar listings stay, each a link to a listing on offer.
        assert.ok(data.similar.length > 0 && data.similar.every((c) => c.id !== gone.ID));
        assert.equal(await page.locator(".listing-cards__link").count(), data.similar.length);
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
