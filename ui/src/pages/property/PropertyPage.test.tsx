import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PageData, PropertyDetail } from "../../lib/api/types";
import { calculatorRates } from "../../features/calculator/__fixtures__/rates";
import { propertyFr, propertyNl } from "../__fixtures__/pages";
import { site } from "../__fixtures__/site";
import { PropertyPage } from "./PropertyPage";
import { renderDetail } from "./testing";

const withProperty = (page: PageData, change: Partial<PropertyDetail>, extra: Partial<PageData> = {}): PageData => ({
  ...page,
  ...extra,
  property: { ...page.property!, ...change },
});

// The energy of a Flemish E: the server sets the renovation notice (listing.RenovationObligation).
const flemishE: PropertyDetail["energy"] = {
  ...propertyNl.property!.energy,
  region: "flanders",
  imagePath: "/images/epc/flanders/e.png",
  renovationNotice: true,
};

const h2s = () => screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);

/** The value a description list gives for a label. */
function valueOf(label: string): string | null {
  const term = screen.getAllByText(label, { selector: "dt" })[0];
  return term?.nextElementSibling?.textContent ?? null;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("PropertyPage: a price that went down", () => {
  it("strikes the previous price through beside the current one and names it for screen readers", () => {
    const page = withProperty(propertyNl, { badge: "priceDrop", previousPrice: 259000, previousPriceText: "€ 259.000" });
    const { container } = renderDetail(<PropertyPage site={site} page={page} />, "nl");
    const previous = container.querySelector(".property-facts__price del");
    expect(previous?.textContent).toBe("Vorige prijs: € 259.000");
    expect(previous?.querySelector(".visually-hidden")?.textContent).toBe("Vorige prijs: ");
  });

  it("states none without one", () => {
    const { container } = renderDetail(<PropertyPage site={site} page={propertyNl} />, "nl");
    expect(container.querySelector("del")).toBeNull();
  });
});

describe("PropertyPage in Dutch (a filled sale listing)", () => {
  it("opens with title, type in town, status, banner, price, reference and key figures", () => {
    renderDetail(<PropertyPage site={site} page={propertyNl} />, "nl");
    expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual(["Chalet te koop in Bouillon"]);
    expect(screen.getByText("Chalet te Bouillon")).toBeTruthy();
    expect(screen.getByText("Beschikbaar").className).toContain("property-facts__status--available");
    expect(screen.getByText("Nieuw")).toBeTruthy();
    expect(screen.getAllByText("€ 245.000").length).toBeGreaterThan(0);
    // 245,000 € over 96 m² of living space.
    expect(screen.getByText("€ 2.552 per m² bewoonbaar")).toBeTruthy();
    expect(screen.getByText("Ref. 4512")).toBeTruthy();
    const figures = within(screen.getByRole("list", { name: "Kerncijfers" }))
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(figures).toEqual(["2 slaapkamers", "1 badkamer", "96 m² bewoonbaar", "1.250 m² grond", "EPB E"]);
  });

  it.each([
    ["a rental", { goal: "rent" as const }],
    ["a 'from' price", { price: { ...propertyNl.property!.price, startingFrom: true } }],
    ["no living surface", { surfaces: { ground: 1250 } }],
  ])("gives no price per m² for %s", (_case, change) => {
    renderDetail(<PropertyPage site={site} page={withProperty(propertyNl, change)} />, "nl");
    expect(screen.queryByText(/per m²/)).toBeNull();
  });

  it("gives the price per m² in the page's language", () => {
    renderDetail(<PropertyPage site={site} page={withProperty(propertyFr, { status: "available" })} />, "fr");
    expect(document.querySelector(".property-facts__per-m2")?.textContent).toMatch(/^2\u202f552\s€ par m² habitable$/);
  });

  it("shows the description once, without repeating the title paragraph", () => {
    renderDetail(<PropertyPage site={site} page={propertyNl} />, "nl");
    const description = screen.getByRole("region", { name: "Beschrijving" });
    expect(within(description).getAllByRole("paragraph").map((p) => p.textContent)).toEqual([
      "Gezellig chalet met zicht op de Semois, twee slaapkamers en een ruime tuin.",
      "Op wandelafstand van het centrum van Bouillon.",
    ]);
  });

  it("groups the fields under h2 headings in reading order, formatted for nl-BE", () => {
    renderDetail(<PropertyPage site={site} page={propertyNl} />, "nl");
    expect(h2s()).toEqual([
      "Beschrijving",
      "Prijs en kosten",
      "Oppervlaktes",
      "Indeling",
      "Energie",
      "Stedenbouw en juridische info",
      "Comfort en uitrusting",
      "Beschikbaarheid",
      "Documenten",
      "Ligging",
      "Interesse in dit pand?",
      "Uw contactpersoon",
      "Delen en afdrukken",
      "Gelijkaardige panden",
    ]);
    expect(valueOf("Ereloon notaris")).toBe("€ 2.150,50");
    expect(valueOf("Kadastraal inkomen")).toBe("€ 1.250");
    expect(valueOf("Grondoppervlakte")).toBe("1.250 m²");
    expect(valueOf("Gevelbreedte")).toBe("9,5 m");
    expect(valueOf("Bebouwing")).toBe("Open bebouwing");
    expect(valueOf("Bouwjaar")).toBe("1985");
    expect(valueOf("Rechterlijke beslissing")).toBe("In behandeling");
    expect(valueOf("Oeverzone")).toBe("Nee");
    expect(valueOf("Verwarming")).toBe("Stookolie");
    const comfort = screen.getByRole("region", { name: "Comfort en uitrusting" });
    expect(within(comfort).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["Waterleiding", "Tuin", "Kelder"]);
    // Unfilled fields leave no row behind.
    expect(screen.queryByText("Badkamers", { selector: "dt" })).not.toBeNull();
    expect(screen.queryByText("Douchekamers", { selector: "dt" })).toBeNull();
    expect(screen.queryByText("Lijfrente")).toBeNull();
  });

  it("shows the EPC label image and the certificate, and no renovation duty for a Walloon E", () => {
    renderDetail(<PropertyPage site={site} page={propertyNl} />, "nl");
    // Walloon: an EPB in Dutch, in its figures, image, row and document alike.
    const img = screen.getByRole("img", { name: "EPB-label E" });
    expect(screen.getByText("EPB-label", { selector: "dt" })).toBeTruthy();
    expect([img.getAttribute("src"), img.getAttribute("width"), img.getAttribute("height")]).toEqual(["/images/epc/wallonia/e.png", "240", "96"]);
    expect(valueOf("Primair energieverbruik")).toBe("390 kWh/m² per jaar");
    expect(valueOf("Totaal energieverbruik")).toBe("37.440 kWh per jaar");
    expect(valueOf("Geldig tot")).toBe("16/3/2028");
    expect(screen.queryByRole("heading", { level: 3, name: "Renovatieverplichting" })).toBeNull();
    expect(screen.queryByText(/renoveren/)).toBeNull();
  });

  it("states the Flemish renovation duty (5 years) when the server says it applies", () => {
    renderDetail(<PropertyPage site={site} page={withProperty(propertyNl, { energy: flemishE })} />, "nl");
    expect(screen.getByRole("heading", { level: 3, name: "Renovatieverplichting" })).toBeTruthy();
    // Flemish: an EPC in Dutch, on the figures, the image, the row and the certificate document.
    expect(screen.getByRole("img", { name: "EPC-label E" })).toBeTruthy();
    expect(screen.getByText("EPC-label", { selector: "dt" })).toBeTruthy();
    expect(screen.getByText("EPC E")).toBeTruthy();
    const docs = screen.getByRole("region", { name: "Documenten" });
    expect(within(docs).getByRole("link", { name: /^EPC-certificaat/ })).toBeTruthy();
    expect(screen.getByText(/^In Vlaanderen .* binnen 5 jaar na de aankoop renoveren tot minstens label D/)).toBeTruthy();
  });

  it("links the documents and asks the agency for them by e-mail naming the reference", () => {
    renderDetail(<PropertyPage site={site} page={propertyNl} />, "nl");
    const docs = screen.getByRole("region", { name: "Documenten" });
    expect(within(docs).getByRole("link", { name: /EPB-certificaat/ }).getAttribute("href")).toBe("/demo/documents/4512/epb.pdf");
    expect(within(docs).getByRole("button", { name: "Documenten aanvragen" }).getAttribute("aria-haspopup")).toBe("dialog");
    expect(within(docs).queryByRole("link", { name: "Documenten aanvragen" })).toBeNull();
  });

  it("shows the address, what is nearby (nearest first) and the agent with tel: and mailto: links", () => {
    renderDetail(<PropertyPage site={site} page={propertyNl} />, "nl");
    const place = screen.getByRole("region", { name: "Ligging" });
    expect(within(place).getByText("Rue de la Maladrerie 12, 6830 Bouillon")).toBeTruthy();
    expect(within(place).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["Basisschool350 m", "Supermarkt1,2 km"]);
    const agent = screen.getByRole("region", { name: "Uw contactpersoon" });
    expect(within(agent).getByText("Sophie Lambert")).toBeTruthy();
    expect(within(agent).getByRole("link", { name: "0475 12 34 56" }).getAttribute("href")).toBe("tel:+32475123456");
    expect(within(agent).getByRole("link", { name: "sophie@ardenne-immo.be" }).getAttribute("href")).toBe("mailto:sophie@ardenne-immo.be");
  });

  it("copies the link with a polite confirmation, offers 'send to a friend' and prints", async () => {
    const user = userEvent.setup();
    const print = vi.spyOn(window, "print").mockImplementation(() => undefined);
    renderDetail(<PropertyPage site={site} page={propertyNl} />, "nl");
    const url = "http://localhost:8080/nl/te-koop/bouillon/chalet-met-zicht-op-de-semois/4512/";
    await user.click(screen.getByRole("button", { name: "Link kopiëren" }));
    expect(await navigator.clipboard.readText()).toBe(url);
    const status = screen.getByRole("status");
    expect(status.getAttribute("aria-live")).toBe("polite");
    expect(status.textContent).toBe("De link is gekopieerd.");
    expect(screen.getByRole("button", { name: "Naar een vriend sturen" }).getAttribute("aria-haspopup")).toBe("dialog");
    await user.click(screen.getByRole("button", { name: "Afdrukken" }));
    expect(print).toHaveBeenCalledOnce();
    // Without the Web Share API there is no share button.
    expect(screen.queryByRole("button", { name: "Delen" })).toBeNull();
  });

  it("offers the Web Share API where the browser has it", async () => {
    const user = userEvent.setup();
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "share", { value: share, configurable: true });
    try {
      renderDetail(<PropertyPage site={site} page={propertyNl} />, "nl");
      await user.click(await screen.findByRole("button", { name: "Delen" }));
      expect(share).toHaveBeenCalledWith({ title: "Chalet te koop in Bouillon", url: "http://localhost:8080/nl/te-koop/bouillon/chalet-met-zicht-op-de-semois/4512/" });
    } finally {
      delete (navigator as { share?: unknown }).share;
    }
  });

  it("ends with the agency's contact, the page's address and, once printed, a QR code to it", async () => {
    const { container } = renderDetail(<PropertyPage site={site} page={propertyNl} />, "nl");
    const foot = container.querySelector(".property-print-agency")!;
    expect(foot.querySelector("p")!.textContent).toBe("Ardenne Immo · Grand-Rue 24/1, 6800 Libramont-Chevigny · 061 23 45 67 · info@ardenne-immo.be");
    const url = foot.querySelector(".property-print-agency__url")!.textContent!;
    expect(url).toBe(`${site.baseUrl.replace(/\/$/, "")}${propertyNl.path}`);
    // Made for paper only: nothing until the page is printed.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(foot.querySelector(".property-print-agency__qr")).toBeNull();
    window.dispatchEvent(new Event("beforeprint"));
    const qr = await vi.waitFor(
      () => {
        const img = foot.querySelector<HTMLImageElement>(".property-print-agency__qr");
        if (!img) throw new Error("no QR code yet");
        return img;
      },
      { timeout: 3000 },
    );
    expect(qr.alt).toBe(`QR-code naar ${url}`);
    expect(decodeURIComponent(qr.getAttribute("src")!.replace("data:image/svg+xml,", ""))).toMatch(/^<svg[^>]*>.*<\/svg>$/s);
  });

  it("draws the QR code as printing starts once a key or pointer press has fetched its code", async () => {
    const { container } = renderDetail(<PropertyPage site={site} page={propertyNl} />, "nl");
    window.dispatchEvent(new KeyboardEvent("keydown", { key: "Control" }));
    await import("uqr");
    await new Promise((resolve) => setTimeout(resolve, 0));
    window.dispatchEvent(new Event("beforeprint"));
    // No wait: beforeprint's handlers are the last word before the sheet is laid out.
    expect(container.querySelector(".property-print-agency__qr")).not.toBeNull();
  });

  it("lists similar listings as links, with the status of those no longer available", () => {
    renderDetail(<PropertyPage site={site} page={propertyNl} />, "nl");
    const similar = screen.getByRole("region", { name: "Gelijkaardige panden" });
    expect(within(similar).getByRole("link", { name: "Chalet te Alle" }).getAttribute("href")).toBe("/nl/te-koop/alle/chalet-in-het-groen/4513/");
    expect(within(similar).getByText("€ 199.000")).toBeTruthy();
    expect(within(similar).getByText("Verkocht")).toBeTruthy();
  });

  it("puts the acquisition-cost calculator below the price group when the site has rates", () => {
    const { container } = renderDetail(<PropertyPage site={{ ...site, calculator: calculatorRates }} page={propertyNl} />, "nl");
    const calculator = container.querySelector(".property-page__calculator");
    expect(calculator).not.toBeNull();
    expect(calculator!.previousElementSibling!.classList.contains("property-group--price")).toBe(true);
    expect(within(calculator as HTMLElement).getByRole("heading", { level: 2 })).toBeTruthy();
  });

  it("gives the calculator the listing's notary fee, so both show the same figure at the asking price", () => {
    const { container } = renderDetail(<PropertyPage site={{ ...site, calculator: calculatorRates }} page={propertyNl} />, "nl");
    const listed = valueOf("Ereloon notaris");
    const line = container.querySelector('.calculator tr[data-line="notaryFee"]')!;
    expect(line.querySelector("td")!.textContent).toBe(listed);
    expect(line.querySelector(".calculator__explain")!.textContent).toBe("Zoals het kantoor voor dit pand opgeeft, bij de vraagprijs.");
    expect(container.querySelector('.calculator tr[data-line="notaryVat"] td')!.textContent).toBe(valueOf("Btw op het ereloon van de notaris"));
  });

  it("has no calculator for a rental, nor without rates", () => {
    const rent = withProperty(propertyNl, { goal: "rent" });
    const { container, unmount } = renderDetail(<PropertyPage site={{ ...site, calculator: calculatorRates }} page={rent} />, "nl");
    expect(container.querySelector(".property-page__calculator")).toBeNull();
    unmount();
    renderDetail(<PropertyPage site={site} page={propertyNl} />, "nl");
    expect(document.querySelector(".property-page__calculator")).toBeNull();
  });
});

describe("PropertyPage in French (a sold listing with little filled in)", () => {
  it("says the property is sold and hides every empty group", () => {
    renderDetail(<PropertyPage site={{ ...site, calculator: calculatorRates }} page={propertyFr} />, "fr");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Chalet à vendre à Bouillon");
    expect(screen.getByText("Chalet à Bouillon")).toBeTruthy();
    expect(screen.getByText("Vendu").className).toContain("property-facts__status--sold");
    expect(screen.getByText("Ce bien est vendu")).toBeTruthy();
    expect(screen.getByText("Réf. 4512")).toBeTruthy();
    expect(screen.getByText("Aucune photo n'a été trouvée")).toBeTruthy();
    expect(h2s()).toEqual([
      "Description",
      "Prix et frais",
      "Surfaces",
      "Agencement",
      "Documents",
      "Localisation",
      "Ce bien vous intéresse\u202f?",
      "Votre contact",
      "Partager et imprimer",
    ]);
    expect(valueOf("Surface habitable")).toBe("96 m²");
    // A sold listing cannot be bought: no calculator.
    expect(document.querySelector(".property-page__calculator")).toBeNull();
  });

  it("has 'Aucun document' and still a request form", () => {
    renderDetail(<PropertyPage site={site} page={propertyFr} />, "fr");
    const docs = screen.getByRole("region", { name: "Documents" });
    expect(within(docs).getByText("Aucun document")).toBeTruthy();
    expect(within(docs).getByRole("button", { name: "Demander les documents" })).toBeTruthy();
  });

  it("shows no street when the address is not published, and the agency as contact", () => {
    renderDetail(<PropertyPage site={site} page={propertyFr} />, "fr");
    const place = screen.getByRole("region", { name: "Localisation" });
    expect(within(place).getByText("6830 Bouillon")).toBeTruthy();
    expect(within(place).getByText("L'adresse exacte vous sera communiquée sur demande.")).toBeTruthy();
    const contact = screen.getByRole("region", { name: "Votre contact" });
    expect(within(contact).getByText("Ardenne Immo")).toBeTruthy();
    expect(within(contact).getByRole("link", { name: "061 23 45 67" }).getAttribute("href")).toBe("tel:+3261234567");
    expect(within(contact).getByText("Grand-Rue 24/1, 6800 Libramont-Chevigny")).toBeTruthy();
  });

  it("formats for fr-BE and words the renovation notice in French", () => {
    const page = withProperty(propertyFr, {
      status: "available",
      surfaces: { ground: 1250 },
      energy: flemishE,
    });
    renderDetail(<PropertyPage site={site} page={page} />, "fr");
    expect(valueOf("Superficie du terrain")).toBe(`1${"\u202f"}250 m²`);
    expect(screen.getByRole("img", { name: "Label PEB (EPC) E" })).toBeTruthy();
    expect(screen.getByText(/^En Flandre, .* au moins le label D dans les 5 ans/)).toBeTruthy();
    expect(screen.queryByText("Ce bien est vendu")).toBeNull();
  });
});

describe("PropertyPage states", () => {
  it.each([
    ["nl", "Het pand dat u zocht, is verhuurd"],
    ["fr", "Le bien que vous avez demandé a été loué"],
    ["en", "The property you requested has been rented"],
    ["de", "Die von Ihnen gesuchte Immobilie ist vermietet"],
  ])("%s: a rented listing says so", (lang, text) => {
    renderDetail(<PropertyPage site={site} page={withProperty(propertyNl, { goal: "rent", status: "rented" }, { lang })} />, lang);
    expect(screen.getByText(text)).toBeTruthy();
  });

  it.each([
    ["nl", "Dit pand is verkocht"],
    ["en", "Property Sold"],
    ["de", "Diese Immobilie ist verkauft"],
  ])("%s: a sold listing says so", (lang, text) => {
    renderDetail(<PropertyPage site={site} page={withProperty(propertyNl, { status: "sold" }, { lang })} />, lang);
    expect(screen.getByText(text)).toBeTruthy();
  });

  it.each([
    ["nl", "Nieuwbouw: dit pand maakt deel uit van een project"],
    ["fr", "Neuf : ce bien fait partie d'un projet"],
  ])("%s: a unit of a new-build project says so", (lang, text) => {
    renderDetail(<PropertyPage site={site} page={withProperty(propertyNl, { projectId: 7001 }, { lang })} />, lang);
    expect(screen.getByText(text)).toBeTruthy();
  });

  it.each([
    ["nl", "/nl/nieuwbouw/residentie-semois/7001/", "Nieuwbouw: dit pand maakt deel uit van het project Residentie Semois"],
    ["fr", "/fr/neuf/residence-semois/7001/", "Neuf\u00a0: ce bien fait partie du projet Résidence Semois"],
  ])("%s: a unit links to its project", (lang, url, text) => {
    const name = lang === "nl" ? "Residentie Semois" : "Résidence Semois";
    const { container } = renderDetail(
      <PropertyPage site={site} page={withProperty(propertyNl, { projectId: 7001, project: { name, url } }, { lang })} />,
      lang,
    );
    expect(container.querySelector(".property-facts__project")?.textContent).toBe(text);
    expect(screen.getByRole("link", { name }).getAttribute("href")).toBe(url);
  });

  it("an option is a badge, without a notice", () => {
    const { container } = renderDetail(<PropertyPage site={site} page={withProperty(propertyNl, { status: "option" })} />, "nl");
    expect(screen.getByText("In optie").className).toContain("property-facts__status--option");
    expect(container.querySelector(".property-state")).toBeNull();
  });

  // As the server sends it (site.PropertyView.withdraw): no price, no banner, no availability.
  const withdrawn = (lang: string) =>
    withProperty(
      propertyNl,
      { withdrawn: true, status: "withdrawn", priceText: "", price: { amount: null, published: false, startingFrom: false, text: "" }, marquee: 0, marqueeName: "", costs: {}, availability: "" },
      { status: 410, lang },
    );

  it.each([
    ["nl", "Dit pand wordt niet langer aangeboden", ["Deze panden kunnen u interesseren", "Uw contactpersoon"]],
    ["fr", "Ce bien n'est plus proposé", ["Ces biens pourraient vous intéresser", "Votre contact"]],
  ])("%s: a withdrawn listing (410) states only that, then the similar listings", (lang, title, headings) => {
    const { container } = renderDetail(<PropertyPage site={site} page={withdrawn(lang)} />, lang);
    expect(screen.getByText(title)).toBeTruthy();
    expect(h2s()).toEqual(headings);
    const similar = within(screen.getByRole("region", { name: headings[0] })).getAllByRole("link");
    expect(similar.map((a) => a.getAttribute("href"))).toEqual(propertyNl.similar!.map((c) => c.url));
    const facts = container.querySelector(".property-facts")!;
    expect(facts.querySelector(".property-facts__status, .property-facts__banner, .property-facts__price")).toBeNull();
    expect(screen.queryByRole("region", { name: "Documenten" })).toBeNull();
  });

  it("never shows an availability badge, banner or price above a withdrawn state, whatever the data says", () => {
    const { container } = renderDetail(<PropertyPage site={site} page={withProperty(propertyNl, { withdrawn: true }, { status: 410 })} />, "nl");
    const facts = container.querySelector(".property-facts")!;
    expect(facts.textContent).not.toContain("Beschikbaar");
    expect(facts.textContent).not.toContain("Nieuw");
    expect(facts.textContent).not.toContain("245.000");
    expect(screen.getByText("Dit pand wordt niet langer aangeboden")).toBeTruthy();
  });

  it("falls back to the page title without a property", () => {
    renderDetail(<PropertyPage site={site} page={{ ...propertyNl, property: undefined }} />, "nl");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Chalet te koop in Bouillon");
  });

  // The seed's German text said 6 years; the Flemish rule is 5, and every
  // language must state the same rule.
  it.each([
    ["nl", /^In Vlaanderen .* binnen 5 jaar na de aankoop/],
    ["fr", /^En Flandre, .* dans les 5 ans qui suivent/],
    ["en", /^In Flanders, .* within 5 years of the purchase/],
    ["de", /^In Flandern .* innerhalb von 5 Jahren nach dem Kauf/],
  ] as const)("%s: the renovation notice states the 5-year rule", (lang, text) => {
    renderDetail(<PropertyPage site={site} page={withProperty(propertyNl, { energy: flemishE }, { lang })} />, lang);
    expect(screen.getByText(text)).toBeTruthy();
  });
});
