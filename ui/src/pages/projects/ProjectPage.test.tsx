import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { site } from "../__fixtures__/site";
import { detailFr, detailNl, unknownProject } from "./__fixtures__";
import { ProjectPage } from "./ProjectPage";
import { renderProjects } from "./testing";

const siteWithProjects = {
  ...site,
  routes: [...site.routes, { internal: "/projects/", paths: { nl: "/nl/nieuwbouw/", fr: "/fr/neuf/" } }],
};

// What each cell says as a table: the column names a phone's stacked rows repeat in each cell are hidden from screen readers.
const cellTexts = (row: HTMLElement) =>
  Array.from(row.querySelectorAll("th, td"), (c) => {
    const cell = c.cloneNode(true) as HTMLElement;
    cell.querySelectorAll('[aria-hidden="true"].project-units__label').forEach((label) => label.remove());
    return cell.textContent;
  });

describe("ProjectPage in nl", () => {
  it("shows the project's heading, facts, description, photo, documents and contact", () => {
    renderProjects(<ProjectPage site={siteWithProjects} page={detailNl} />, "nl", detailNl.path);
    expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual(["Residentie Semois"]);
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "Foto's van Residentie Semois",
      "Beschrijving",
      "Video",
      "Wooneenheden",
      "Documenten",
      "Meer informatie",
    ]);

    const facts = screen.getByLabelText("Kerngegevens");
    expect(facts.tagName).toBe("DL");
    expect(facts.textContent).toContain("van € 189.000 tot € 379.000");
    expect(facts.textContent).toContain("Q3\u00a02027");
    expect(facts.textContent).toContain("Appartement en Penthouse");
    expect(facts.textContent).toContain("Quai des Saulx 14, 6830 Bouillon");
    expect(facts.textContent).not.toContain("Exacte ligging op aanvraag");
    expect(facts.textContent).toContain("PRJ-2026-01");
    expect(screen.getByRole("link", { name: "Bekijk de prijslijst" }).getAttribute("href")).toBe("/demo/documents/p7001/prijslijst.pdf");

    expect(screen.getByText("Ondergrondse parking, lift en fietsenberging.").tagName).toBe("P");
    const photo = screen.getByRole("img", { name: "Gebouw" });
    expect(photo.getAttribute("width")).toBe("1600");
    expect(photo.getAttribute("height")).toBe("1067");
    expect(screen.getByRole("button", { name: "Foto 1 van 2: Gebouw" })).toBeTruthy();
    expect(screen.getByRole("button", { name: /^Video afspelen/ })).toBeTruthy();

    const documents = screen.getByRole("region", { name: "Documenten" });
    expect(within(documents).getAllByRole("link").map((a) => a.textContent)).toEqual(["Prijslijst (pdf)", "Lastenboek (pdf)"]);

    const contact = screen.getByRole("region", { name: "Meer informatie" });
    expect(contact.textContent).toContain("Sophie Lambert");
    expect(within(contact).getByRole("link", { name: "0475 12 34 56" }).getAttribute("href")).toBe("tel:+32475123456");
    expect(contact.textContent).toContain("Ardenne Immo");
    expect(contact.textContent).toContain("Grand-Rue 24/1");
    expect(within(contact).getByRole("link", { name: "info@ardenne-immo.be" }).getAttribute("href")).toBe("mailto:info@ardenne-immo.be");
    expect(screen.queryByText("Uitverkocht")).toBeNull();
  });

  it("lists the units in a captioned table with row and column headers, statuses and unit links", () => {
    renderProjects(<ProjectPage site={siteWithProjects} page={detailNl} />, "nl", detailNl.path);
    const table = screen.getByRole("table", { name: "Wooneenheden van Residentie Semois" });
    const scroller = screen.getByRole("region", { name: "Wooneenheden van Residentie Semois" });
    expect(scroller.getAttribute("tabindex")).toBe("0");
    expect(scroller.contains(table)).toBe(true);

    const headers = within(table).getAllByRole("columnheader");
    expect(headers.map((h) => h.textContent)).toEqual(["Eenheid", "Verdieping", "Slaapkamers", "Oppervlakte (m²)", "Prijs", "Status"]);
    for (const h of headers) expect(h.getAttribute("scope")).toBe("col");

    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(4);
    for (const row of rows) expect(within(row).getByRole("rowheader").getAttribute("scope")).toBe("row");
    expect(cellTexts(rows[0]!)).toEqual(["A1", "Gelijkvloers", "2", "92", "€ 239.000", "Verkocht"]);
    expect(within(rows[0]!).getByRole("link", { name: "A1" }).getAttribute("href")).toBe("/nl/te-koop/bouillon/appartement-a1/700101/");
    expect(cellTexts(rows[1]!)).toEqual(["A2", "Gelijkvloers", "1", "68,5", "€ 189.000", "Beschikbaar"]);
    expect(within(rows[1]!).queryByRole("link")).toBeNull();
    expect(cellTexts(rows[2]!).at(-1)).toBe("In optie");
    expect(cellTexts(rows[3]!)).toEqual(["P1", "–niet opgegeven", "–niet opgegeven", "1.135", "Op aanvraag", "Beschikbaar"]);
  });
});

describe("ProjectPage in fr", () => {
  it("shows a sold-out project without its street, documents or agent", () => {
    renderProjects(<ProjectPage site={siteWithProjects} page={detailFr} />, "fr", detailFr.path);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Résidence Semois");
    expect(screen.getByText("Tout vendu")).toBeTruthy();
    expect(screen.getByText("Tous les lots de ce projet sont vendus.")).toBeTruthy();

    const facts = screen.getByLabelText("En bref");
    expect(facts.textContent).toContain("de 189 000 € à 379 000 €");
    expect(facts.textContent).toContain("Appartement et Penthouse");
    expect(facts.textContent).toContain("6830 Bouillon");
    expect(facts.textContent).toContain("Adresse exacte sur demande");
    expect(document.body.textContent).not.toContain("Quai des Saulx");
    expect(screen.queryByRole("link", { name: "Consulter la liste de prix" })).toBeNull();

    const table = screen.getByRole("table", { name: "Lots de Résidence Semois" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((r) => cellTexts(r).at(-1))).toEqual(["Vendu", "Vendu"]);
    // fr-BE groups thousands with a narrow no-break space.
    expect(cellTexts(rows[1]!)[3]).toBe("1\u202f250,5");

    expect(screen.getByText("Aucune photo n'a été trouvée")).toBeTruthy();
    expect(within(screen.getByRole("region", { name: "Documents" })).getByText("Aucun document")).toBeTruthy();
    const contact = screen.getByRole("region", { name: "Plus d'informations" });
    expect(contact.textContent).not.toContain("Votre contact");
    expect(contact.textContent).toContain("Ardenne Immo");
  });

  it("contracts de with the article of the project's name and writes the delivery quarter as T1–T4", () => {
    const jardins = {
      ...detailFr,
      title: "Les Jardins de Libramont",
      project: { ...detailFr.project!, name: "Les Jardins de Libramont", delivery: "Q1 2028", photos: detailNl.project!.photos },
    };
    renderProjects(<ProjectPage site={siteWithProjects} page={jardins} />, "fr", jardins.path);
    expect(screen.getByRole("heading", { level: 2, name: "Photos des Jardins de Libramont" })).toBeTruthy();
    expect(screen.getByRole("table", { name: "Lots des Jardins de Libramont" })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/de Les|Q1/);
    expect(screen.getByLabelText("En bref").textContent).toContain("T1\u00a02028");
  });
});

describe("an unknown project", () => {
  it.each([
    ["nl", "Er werd geen nieuwbouwproject gevonden.", "Alle nieuwbouwprojecten", "/nl/nieuwbouw/"],
    ["fr", "Aucun projet neuf n'a été trouvé.", "Tous nos projets neufs", "/fr/neuf/"],
  ] as const)("says no construction was found in %s and links to the list", (lang, message, linkText, href) => {
    const page = unknownProject(lang);
    renderProjects(<ProjectPage site={siteWithProjects} page={page} />, lang, page.path);
    expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual([page.title]);
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.getByRole("link", { name: linkText }).getAttribute("href")).toBe(href);
    expect(screen.getByRole("link", { name: lang === "nl" ? "Naar de startpagina" : "Retour à l'accueil" }).getAttribute("href")).toBe(`/${lang}/`);
    expect(screen.queryByRole("table")).toBeNull();
  });
});
