// The legal mentions of issue 32 against the demo agency: a detail page of
// each region (Walloon 4003, Flemish 4059, Brussels 4060, Luxembourg 4061)
// in Dutch and French shows its block under the energy section with the
// texts written out, a rental (4114) states its monthly charges beside the
// rent on the detail and on its result card, a new build says whether VAT is
// included, and axe finds nothing serious in the block. The expected texts
// are written here, independently of the locales.
import { test } from "node:test";
import assert from "node:assert/strict";
import { assertAccessible, browser, declinedConsent, openPage, withBrowser } from "./support.mjs";
import { detailPath, pageData, unexpected, visit } from "./site.mjs";
import { available, listings } from "./platform-data.mjs";

withBrowser();

const NNBSP = "\u202f";
const NBSP = "\u00a0";
const squash = (s) => s.replace(/\s+/g, " ").trim();

// Per listing and language: the block's heading and rows [term, definition] that must be there, in this order.
const expected = {
  4003: {
    nl: {
      title: "Wettelijke vermeldingen (Wallonië)",
      rows: [
        ["EPB-klasse", "C"],
        ["Primair energieverbruik", "210 kWh/m²·jaar"],
        ["Totaal primair energieverbruik", "30.450 kWh/jaar"],
      ],
    },
    fr: {
      title: "Mentions légales (Wallonie)",
      rows: [
        ["Classe PEB", "C"],
        ["Consommation d'énergie primaire", "210 kWh/m².an"],
        ["Consommation totale d'énergie primaire", `30${NNBSP}450 kWh/an`],
      ],
    },
  },
  4059: {
    nl: {
      title: "Wettelijke vermeldingen (Vlaanderen)",
      rows: [
        ["EPC-kengetal (energiescore)", "310 kWh/m²·jaar"],
        ["EPC-label", "D"],
        ["Stedenbouwkundige vergunning", "Vergunning voor stedenbouwkundige handelingen uitgereikt (Vg)"],
        ["Bestemming", "Woongebied met landelijk karakter (WgLk)"],
        ["Dagvaarding of herstelvordering", "Geen rechterlijke beslissing of maatregel opgelegd (Gmo)"],
        ["Voorkooprecht", "Geen voorkooprecht (GVkr)"],
        ["Verkavelingsvergunning", "Geen verkavelingsvergunning (GVv)"],
        ["P-score (perceel)", "C (middelgrote overstromingskans)"],
        ["G-score (gebouw)", "A (geen of zeer kleine overstromingskans)"],
      ],
    },
    fr: {
      title: "Mentions légales (Flandre)",
      rows: [
        ["Consommation d'énergie (EPC)", "310 kWh/m².an"],
        ["Label PEB (EPC)", "D"],
        ["Permis d'urbanisme", "Permis d'urbanisme délivré (Vg)"],
        ["Affectation urbanistique", "Zone d'habitat à caractère rural (WgLk)"],
        ["Citation ou action en réparation", "Aucune décision judiciaire ni mesure imposée (Gmo)"],
        ["Droit de préemption", "Aucun droit de préemption (GVkr)"],
        ["Permis d'urbanisation", "Aucun permis d'urbanisation (GVv)"],
        ["Score P (parcelle)", "C (risque d'inondation moyen)"],
        ["Score G (bâtiment)", "A (risque d'inondation nul ou très faible)"],
      ],
    },
  },
  4060: {
    nl: {
      title: "Wettelijke vermeldingen (Brussel)",
      rows: [
        ["EPB-klasse", "D"],
        ["Primair energieverbruik", "180 kWh/m²·jaar"],
        ["CO₂-uitstoot", "38 kg CO₂/m²·jaar"],
      ],
    },
    fr: {
      title: "Mentions légales (Bruxelles)",
      rows: [
        ["Classe PEB", "D"],
        ["Consommation d'énergie primaire", "180 kWh/m².an"],
        ["Émissions de CO₂", "38 kg CO₂/m².an"],
      ],
    },
  },
  4061: {
    nl: {
      title: "Wettelijke vermeldingen (Luxemburg)",
      rows: [
        ["Energie-efficiëntieklasse", "D"],
        ["Warmte-isolatieklasse", "E"],
      ],
    },
    fr: {
      title: "Mentions légales (Luxembourg)",
      rows: [
        ["Classe de performance énergétique", "D"],
        ["Classe d'isolation thermique", "E"],
      ],
    },
  },
};

const charges = { nl: `+ € 60 kosten per maand`, fr: `+ 60${NBSP}€ de charges par mois` };
const priceNotes = {
  nl: { vatExcluded: "Prijs exclusief btw", vatIncluded: "Prijs inclusief btw", registrationExcluded: "Prijs exclusief registratierechten" },
  fr: { vatExcluded: "Prix hors TVA", vatIncluded: "Prix TVA comprise", registrationExcluded: "Prix hors droits d'enregistrement" },
};

async function openDetail(id, lang) {
  const opened = await openPage(browser, { storage: declinedConsent, locale: lang === "fr" ? "fr-BE" : "nl-BE" });
  const path = await detailPath(id, lang);
  await visit(opened.page, path);
  return { ...opened, path, data: await pageData(path) };
}

/** The section the heading names, and its rows as [term, definition]. */
async function blockRows(page, title) {
  const section = page.getByRole("region", { name: title, exact: true });
  await section.waitFor();
  const rows = await section.locator("dl > div").evaluateAll((divs) => divs.map((d) => [d.querySelector("dt").innerText, d.querySelector("dd").innerText]));
  // squash: innerText keeps the narrow no-break spaces of French numbers, which the expectations compare as spaces.
  return { section, rows: rows.map(([dt, dd]) => [squash(dt), squash(dd)]) };
}

for (const id of Object.keys(expected)) {
  for (const lang of ["nl", "fr"]) {
    test(`${lang}: listing ${id} shows its region's legal mentions under the energy section, written out`, async () => {
      const { context, page, problems, data } = await openDetail(id, lang);
      try {
        const want = expected[id][lang];
        const { section, rows } = await blockRows(page, want.title);
        for (const row of want.rows) assert.ok(rows.some((r) => r[0] === squash(row[0]) && r[1] === squash(row[1])), `${id} ${lang}: ${JSON.stringify(row)} in ${JSON.stringify(rows)}`);
        // In the server's order, and one row per row of the page data.
        assert.equal(rows.length, data.property.mentions.rows.length);
        const order = want.rows.map((w) => rows.findIndex((r) => r[0] === squash(w[0])));
        assert.deepEqual(order, [...order].sort((a, b) => a - b), "rows in the server's order");
        // Right after the energy section.
        const previous = await section.evaluate((el) => el.previousElementSibling?.className ?? "");
        assert.match(previous, /property-energy/);
        // Visible on paper too.
        await page.emulateMedia({ media: "print" });
        assert.ok(await section.isVisible(), "the legal mentions are printed");
        assert.deepEqual(unexpected(problems), []);
      } finally {
        await context.close();
      }
    });
  }
}

for (const lang of ["nl", "fr"]) {
  test(`${lang}: the Brussels rental 4114 states its monthly charges beside the rent, on the detail and on its card`, async () => {
    const { context, page, problems, data } = await openDetail(4114, lang);
    try {
      assert.equal(squash(await page.locator(".property-facts__charges").innerText()), squash(charges[lang]));
      const price = squash(await page.locator(".property-facts__price").innerText());
      assert.ok(price.includes(squash(data.property.priceText)) && price.endsWith(squash(charges[lang])), price);
      // Its card in the rental list, found by its town.
      const list = lang === "nl" ? "/nl/te-huur/" : "/fr/a-louer/";
      await visit(page, `${list}?city=${encodeURIComponent(data.property.city)}`);
      const card = page.locator(".property-card").filter({ has: page.locator(`a[href="${data.path}"]`) });
      await card.waitFor();
      assert.equal(squash(await card.locator(".property-card__charges").innerText()), squash(charges[lang]));
      assert.deepEqual(unexpected(problems), []);
    } finally {
      await context.close();
    }
  });
}

test("nl and fr: a new build's price says whether VAT is included", async () => {
  const unit = listings("nl").find((p) => p.ProjectID && p.Goal === 0 && available(p) && p.PublishPrice);
  assert.ok(unit, "the demo has a project unit for sale with a price");
  for (const lang of ["nl", "fr"]) {
    const { context, page, problems, data } = await openDetail(unit.ID, lang);
    try {
      const note = data.property.mentions?.priceNote;
      assert.ok(note, `${unit.ID} has a price note`);
      assert.equal(await page.locator(".property-facts__price-note").innerText(), priceNotes[lang][note]);
      assert.deepEqual(unexpected(problems), []);
    } finally {
      await context.close();
    }
  }
});

test("axe: no serious or critical violation in the Flemish legal mentions, nl and fr", async () => {
  for (const lang of ["nl", "fr"]) {
    const { context, page, problems } = await openDetail(4059, lang);
    try {
      await page.locator(".legal-mentions").scrollIntoViewIfNeeded();
      await page.waitForLoadState("networkidle");
      await assertAccessible(page, `the ${lang} detail page of 4059`, { include: ".legal-mentions" });
      assert.deepEqual(unexpected(problems), []);
    } finally {
      await context.close();
    }
  }
});
