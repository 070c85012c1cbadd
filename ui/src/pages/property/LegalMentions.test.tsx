import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PageData, PropertyDetail } from "../../lib/api/types";
import { brusselsSale, flemishSale, luxembourgSale, newBuildSale, walloonSale } from "../__fixtures__/mentions";
import { propertyFr, propertyNl } from "../__fixtures__/pages";
import { site } from "../__fixtures__/site";
import { PropertyPage } from "./PropertyPage";
import { renderDetail } from "./testing";

const NNBSP = "\u202f";
const NBSP = "\u00a0";

const withProperty = (page: PageData, change: Partial<PropertyDetail>): PageData => ({ ...page, property: { ...page.property!, ...change } });

/** The legal mentions section, found by its heading's name. */
function block(name: string): HTMLElement {
  return screen.getByRole("region", { name });
}

/** The rows of a description list as [term, definition] pairs. */
function rows(section: HTMLElement): [string, string][] {
  return Array.from(section.querySelectorAll("dl > div")).map((row) => [
    row.querySelector("dt")?.textContent ?? "",
    row.querySelector("dd")?.textContent ?? "",
  ]);
}

describe("LegalMentions: a Flemish sale", () => {
  it("lists the EPC, the planning codes written out with the code beside, the flood scores and asbestos not communicated (nl)", () => {
    renderDetail(<PropertyPage site={site} page={withProperty(propertyNl, { mentions: flemishSale })} />, "nl");
    const section = block("Wettelijke vermeldingen (Vlaanderen)");
    expect(rows(section)).toEqual([
      ["EPC-kengetal (energiescore)", "245 kWh/m²·jaar"],
      ["EPC-label", "C"],
      ["Unieke code van het EPC", "20240315-0001234-01"],
      ["Stedenbouwkundige vergunning", "Vergunning voor stedenbouwkundige handelingen uitgereikt (Vg)"],
      ["Bestemming", "Woongebied met landelijk karakter (WgLk)"],
      ["Dagvaarding of herstelvordering", "Geen dagvaarding uitgebracht (GDv)"],
      ["Voorkooprecht", "Geen voorkooprecht (GVkr)"],
      // No code recognised: the platform's words as they are.
      ["Verkavelingsvergunning", "Zie stedenbouwkundig uittreksel"],
      ["P-score (perceel)", "A (geen of zeer kleine overstromingskans)"],
      ["G-score (gebouw)", "C (middelgrote overstromingskans)"],
      ["Asbestattest", "Niet meegedeeld"],
    ]);
    // The label in the scale's colour, the code in small type.
    expect(within(section).getByText("C").className).toContain("property-card__epc--c");
    expect(within(section).getByText("(Vg)").tagName).toBe("SMALL");
  });

  it("writes the same in French", () => {
    renderDetail(<PropertyPage site={site} page={withProperty(propertyFr, { mentions: flemishSale })} />, "fr");
    const section = block("Mentions légales (Flandre)");
    const values = Object.fromEntries(rows(section));
    expect(values["Consommation d'énergie (EPC)"]).toBe("245 kWh/m².an");
    expect(values["Permis d'urbanisme"]).toBe("Permis d'urbanisme délivré (Vg)");
    expect(values["Affectation urbanistique"]).toBe("Zone d'habitat à caractère rural (WgLk)");
    expect(values["Droit de préemption"]).toBe("Aucun droit de préemption (GVkr)");
    expect(values["Score P (parcelle)"]).toBe("A (risque d'inondation nul ou très faible)");
    expect(values["Attestation amiante"]).toBe("Non communiqué");
  });

  it("gives an asbestos certificate with its date", () => {
    const mentions = { ...flemishSale, rows: [{ rule: "flanders.asbestos", field: "asbestos", value: "Asbestattest: asbestveilig", date: "12/3/2024" }] };
    renderDetail(<PropertyPage site={site} page={withProperty(propertyNl, { mentions })} />, "nl");
    expect(rows(block("Wettelijke vermeldingen (Vlaanderen)"))).toEqual([["Asbestattest", "Asbestattest: asbestveilig, opgemaakt op 12/3/2024"]]);
  });

  it("takes out of the legal group what the block shows", () => {
    const { container } = renderDetail(<PropertyPage site={site} page={withProperty(propertyNl, { mentions: flemishSale })} />, "nl");
    const group = container.querySelector(".property-group--legal");
    // The fixture's permit is in the block now; its flood zone and riparian zone are not.
    expect(group?.textContent).not.toContain("Vergunning verkregen");
    expect(group?.textContent).toContain("Niet overstromingsgevoelig");
  });
});

describe("LegalMentions: the other regions", () => {
  it("gives a Walloon sale's PEB class, primary and total energy, planning and flood hazard (fr)", () => {
    renderDetail(<PropertyPage site={site} page={withProperty(propertyFr, { mentions: walloonSale })} />, "fr");
    expect(rows(block("Mentions légales (Wallonie)"))).toEqual([
      ["Classe PEB", "C"],
      ["Consommation d'énergie primaire", "250 kWh/m².an"],
      ["Consommation totale d'énergie primaire", `38${NNBSP}750 kWh/an`],
      ["Affectation urbanistique", "Zone d'habitat à caractère rural"],
      ["Permis d'urbanisme", "Permis d'urbanisme délivré"],
      ["Aléa d'inondation", "Non inondable"],
    ]);
  });

  it("gives a Brussels sale's PEB class, primary energy and CO2 (nl)", () => {
    renderDetail(<PropertyPage site={site} page={withProperty(propertyNl, { mentions: brusselsSale })} />, "nl");
    expect(rows(block("Wettelijke vermeldingen (Brussel)"))).toEqual([
      ["EPB-klasse", "D"],
      ["Primair energieverbruik", "198,5 kWh/m²·jaar"],
      ["CO₂-uitstoot", "41 kg CO₂/m²·jaar"],
    ]);
  });

  it("gives Luxembourg's two passport classes (fr and de)", () => {
    const page = withProperty(propertyFr, { mentions: luxembourgSale });
    const { unmount } = renderDetail(<PropertyPage site={site} page={page} />, "fr");
    expect(rows(block("Mentions légales (Luxembourg)"))).toEqual([
      ["Classe de performance énergétique", "B"],
      ["Classe d'isolation thermique", "C"],
    ]);
    unmount();
    renderDetail(<PropertyPage site={site} page={{ ...page, lang: "de" }} />, "de");
    expect(rows(block("Gesetzliche Pflichtangaben (Luxemburg)"))).toEqual([
      ["Energieeffizienzklasse", "B"],
      ["Wärmeschutzklasse", "C"],
    ]);
  });

  it("comes right after the energy section", () => {
    renderDetail(<PropertyPage site={site} page={withProperty(propertyNl, { mentions: walloonSale })} />, "nl");
    const titles = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(titles[titles.indexOf("Energie") + 1]).toBe("Wettelijke vermeldingen (Wallonië)");
  });

  it("leaves to the block the figures it states, and keeps the energy section's others", () => {
    const energyRows = (mentions: PropertyDetail["mentions"]) => {
      const { container, unmount } = renderDetail(<PropertyPage site={site} page={withProperty(propertyNl, { mentions })} />, "nl");
      const terms = Array.from(container.querySelectorAll(".property-energy dt")).map((dt) => dt.textContent);
      const image = container.querySelector(".property-energy__image") !== null;
      unmount();
      return { terms, image };
    };
    expect(energyRows(walloonSale)).toEqual({ terms: ["CO₂-uitstoot", "Geldig tot", "Certificaatnummer"], image: true });
    expect(energyRows(brusselsSale).terms).toEqual(["Totaal energieverbruik", "Geldig tot", "Certificaatnummer"]);
    expect(energyRows(flemishSale).terms).toEqual(["Totaal energieverbruik", "CO₂-uitstoot", "Geldig tot"]);
    expect(energyRows(null).terms).toHaveLength(6);
  });

  it("has no section without mentions (another country)", () => {
    const { container } = renderDetail(<PropertyPage site={site} page={withProperty(propertyNl, { mentions: null })} />, "nl");
    expect(container.querySelector(".legal-mentions")).toBeNull();
    expect(screen.queryByText(/Wettelijke vermeldingen/)).toBeNull();
  });
});

describe("LegalMentions at the price", () => {
  const rental: Partial<PropertyDetail> = {
    goal: "rent",
    priceText: "€ 850 per maand",
    price: { amount: 850, published: true, startingFrom: false, text: "€ 850 per maand" },
    costs: { chargesRenter: 75 },
    mentions: { ...brusselsSale },
  };

  it("shows a rental's monthly charges beside the rent (nl, fr)", () => {
    const { container, unmount } = renderDetail(<PropertyPage site={site} page={withProperty(propertyNl, rental)} />, "nl");
    expect(container.querySelector(".property-facts__price")?.textContent).toBe("Prijs: € 850 per maand + € 75 kosten per maand");
    unmount();
    const fr = renderDetail(
      <PropertyPage site={site} page={withProperty(propertyFr, { ...rental, priceText: "850 € par mois" })} />,
      "fr",
    );
    expect(fr.container.querySelector(".property-facts__charges")?.textContent).toBe(`+ 75${NBSP}€ de charges par mois`);
  });

  it("shows no charges on a sale", () => {
    const { container } = renderDetail(<PropertyPage site={site} page={withProperty(propertyNl, { costs: { chargesRenter: 75 } })} />, "nl");
    expect(container.querySelector(".property-facts__charges")).toBeNull();
  });

  it("says under a new build's price whether VAT is included", () => {
    const { container, unmount } = renderDetail(<PropertyPage site={site} page={withProperty(propertyNl, { projectId: 7001, mentions: newBuildSale })} />, "nl");
    expect(container.querySelector(".property-facts__price-note")?.textContent).toBe("Prijs exclusief btw");
    unmount();
    const cases = [
      ["vatIncluded", "Prix TVA comprise"],
      ["registrationExcluded", "Prix hors droits d'enregistrement"],
    ] as const;
    for (const [priceNote, text] of cases) {
      const r = renderDetail(<PropertyPage site={site} page={withProperty(propertyFr, { mentions: { ...newBuildSale, priceNote } })} />, "fr");
      expect(r.container.querySelector(".property-facts__price-note")?.textContent).toBe(text);
      r.unmount();
    }
  });

  it("has no note without one", () => {
    const { container } = renderDetail(<PropertyPage site={site} page={withProperty(propertyNl, { mentions: brusselsSale })} />, "nl");
    expect(container.querySelector(".property-facts__price-note")).toBeNull();
  });
});
