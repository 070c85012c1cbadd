import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { OpeningHours } from "../../lib/api/types";
import { officeFr, officeNl } from "../__fixtures__/pages";
import { renderWith, testI18n } from "../__fixtures__/render";
import { site } from "../__fixtures__/site";
import { dayName, slotsOf } from "./hours";
import { defineStubAltcha, renderForm } from "../../features/forms/testing";
import { OfficePage } from "./OfficePage";

vi.mock("../../features/forms/altchaWidget", () => ({ loadAltcha: async () => defineStubAltcha() }));

function rowsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => [...row.querySelectorAll("th, td")].map((cell) => [...cell.childNodes].map((n) => n.textContent).join(" | ")));
}

describe("OfficePage", () => {
  it("shows the agency's details with phone and email links", () => {
    renderWith(<OfficePage site={site} page={officeNl} />, "nl");
    const details = screen.getByRole("region", { name: "Contactgegevens" });
    expect(within(details).getByText("Ardenne Immo")).toBeTruthy();
    expect(within(details).getByText("Grand-Rue 24/1")).toBeTruthy();
    expect(within(details).getByText("6800 Libramont-Chevigny")).toBeTruthy();
    expect(within(details).queryByText("België")).toBeNull();
    expect(within(details).getByRole("link", { name: "061 23 45 67" }).getAttribute("href")).toBe("tel:+3261234567");
    expect(within(details).getByRole("link", { name: "info@ardenne-immo.be" }).getAttribute("href")).toBe("mailto:info@ardenne-immo.be");
  });

  it("states the agency's legal mentions in full", () => {
    renderWith(<OfficePage site={site} page={officeNl} />, "nl");
    const legal = screen.getByRole("region", { name: "Wettelijke vermeldingen" });
    const facts = within(legal)
      .getAllByRole("term")
      .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(facts).toEqual([
      ["Vennootschap", "Ardenne Immo SRL"],
      ["Beroepstitel", "Erkend vastgoedmakelaar-bemiddelaar"],
      ["BIV-erkenningsnummer", "IPI 512.345"],
      ["Land van erkenning", "België"],
      ["Ondernemingsnummer (KBO)", "0712.345.678"],
      ["Btw-nummer", "BE 0712.345.678"],
      ["Toezichthoudende autoriteit", "Beroepsinstituut van Vastgoedmakelaars (BIV)Luxemburgstraat 16B, 1000 Brussel"],
      ["Beroepsaansprakelijkheid en borgstelling", "AXA Belgium, polisnr. 730.390.160"],
      ["Deontologie", "Onderworpen aan de deontologische code van het BIV (opent in een nieuw tabblad)"],
    ]);
    const code = within(legal).getByRole("link", { name: /deontologische code van het BIV/ });
    expect(code.getAttribute("href")).toBe("https://www.biv.be/plichtenleer");
    expect(code.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("states them in French", () => {
    renderWith(<OfficePage site={site} page={officeFr} />, "fr");
    const legal = screen.getByRole("region", { name: "Mentions légales" });
    expect(within(legal).getByText("Agent immobilier intermédiaire agréé")).toBeTruthy();
    expect(within(legal).getByText("Belgique")).toBeTruthy();
    expect(within(legal).getByText("Institut professionnel des agents immobiliers (IPI)")).toBeTruthy();
    expect(within(legal).getByText("rue du Luxembourg 16B, 1000 Bruxelles")).toBeTruthy();
    expect(within(legal).getByText("AXA Belgium, police n° 730.390.160")).toBeTruthy();
    expect(within(legal).getByRole("link", { name: /Soumis au code de déontologie de l'IPI/ }).getAttribute("href")).toBe("https://www.ipi.be/");
  });

  it("renders the page's own text", () => {
    renderWith(<OfficePage site={site} page={officeNl} />, "nl");
    expect(screen.getByText(/vlak bij het station/)).toBeTruthy();
  });

  it("lists the opening hours for every day in Dutch", () => {
    renderWith(<OfficePage site={site} page={officeNl} />, "nl");
    const table = screen.getByRole("table", { name: "Openingsuren" });
    expect(rowsOf(table)).toEqual([
      ["Maandag", "09:00 – 12:30 | 13:30 – 18:00"],
      ["Dinsdag", "09:00 – 12:30 | 13:30 – 18:00"],
      ["Woensdag", "09:00 – 12:30 | 13:30 – 18:00"],
      ["Donderdag", "09:00 – 12:30 | 13:30 – 18:00"],
      ["Vrijdag", "09:00 – 12:30 | 13:30 – 18:00"],
      ["Zaterdag", "10:00 – 12:00 (op afspraak)"],
      ["Zondag", "Gesloten"],
    ]);
    expect(within(table).getAllByRole("rowheader")).toHaveLength(7);
  });

  it("lists the opening hours in French", () => {
    renderWith(<OfficePage site={site} page={officeFr} />, "fr");
    const table = screen.getByRole("table", { name: "Heures d'ouverture" });
    const rows = rowsOf(table);
    expect(rows[0]).toEqual(["Lundi", "09:00 – 12:30 | 13:30 – 18:00"]);
    expect(rows[5]).toEqual(["Samedi", "10:00 – 12:00 (sur rendez-vous)"]);
    expect(rows[6]).toEqual(["Dimanche", "Fermé"]);
  });

  it("shows a slot without times as by appointment", () => {
    const hours: OpeningHours[] = [{ days: ["we"], opens: "", closes: "", byAppointment: true }];
    renderWith(<OfficePage site={{ ...site, agency: { ...site.agency, openingHours: hours } }} page={officeNl} />, "nl");
    const rows = rowsOf(screen.getByRole("table"));
    expect(rows[2]).toEqual(["Woensdag", "Op afspraak"]);
    expect(rows[0]).toEqual(["Maandag", "Gesloten"]);
  });

  it("links the location to OpenStreetMap in a new tab", () => {
    renderWith(<OfficePage site={site} page={officeFr} />, "fr");
    const location = screen.getByRole("region", { name: "Comment nous trouver" });
    expect(within(location).getByText("Grand-Rue 24/1")).toBeTruthy();
    const link = within(location).getByRole("link", { name: "Ouvrir dans OpenStreetMap (s'ouvre dans un nouvel onglet)" });
    expect(link.getAttribute("href")).toBe("https://www.openstreetmap.org/?mlat=49.9208&mlon=5.3794#map=16/49.9208/5.3794");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("has a contact block leading to the localized valuation page", () => {
    renderWith(<OfficePage site={site} page={officeFr} />, "fr");
    const contact = screen.getByRole("region", { name: "Contactez-nous" });
    expect(within(contact).getByRole("link", { name: "061 23 45 67" })).toBeTruthy();
    expect(within(contact).getByRole("link", { name: "Demander une expertise gratuite" }).getAttribute("href")).toBe(
      "/fr/expertise-gratuite/",
    );
  });
});

describe("opening hours helpers", () => {
  it.each([
    ["mo", "nl", "Maandag"],
    ["su", "fr", "Dimanche"],
    ["we", "de", "Mittwoch"],
    ["sa", "en", "Saturday"],
  ] as const)("dayName(%s) on a %s page", (day, lang, want) => {
    expect(dayName(day, testI18n(lang).getFixedT(lang, "pages"))).toBe(want);
  });

  it("sorts a day's slots by opening time", () => {
    const hours: OpeningHours[] = [
      { days: ["mo"], opens: "14:00", closes: "18:00", byAppointment: false },
      { days: ["mo", "tu"], opens: "09:00", closes: "12:00", byAppointment: false },
    ];
    expect(slotsOf("mo", hours).map((s) => s.opens)).toEqual(["09:00", "14:00"]);
    expect(slotsOf("tu", hours)).toHaveLength(1);
    expect(slotsOf("su", hours)).toEqual([]);
  });
});

describe("OfficePage forms", () => {
  it("nl: a question form and a newsletter sign-up, each in its own region", () => {
    renderForm(<OfficePage site={site} page={officeNl} />, "nl");
    const question = screen.getByRole("region", { name: "Stel ons een vraag" });
    expect(within(question).getByLabelText(/^Uw vraag/)).toBeTruthy();
    expect(within(question).getByRole("group", { name: "Uw gegevens" })).toBeTruthy();
    const newsletter = screen.getByRole("region", { name: "Onze nieuwsbrief" });
    expect(within(newsletter).getAllByRole("textbox").map((i) => i.getAttribute("name"))).toEqual(["firstName", "lastName", "email"]);
    expect(within(newsletter).getByRole("button", { name: "Inschrijven" })).toBeTruthy();
  });

  it("fr: the newsletter sign-up requires an e-mail and the privacy statement, not a name", async () => {
    renderForm(<OfficePage site={site} page={officeFr} />, "fr");
    const newsletter = screen.getByRole("region", { name: "Notre newsletter" });
    const user = userEvent.setup();
    await user.click(within(newsletter).getByRole("button", { name: "S'inscrire" }));
    expect(await within(newsletter).findByText("Ce champ est obligatoire.")).toBeTruthy();
    expect(within(newsletter).getByText("Cochez cette case pour continuer.")).toBeTruthy();
    expect(within(newsletter).getByLabelText(/^Prénom/).getAttribute("aria-invalid")).toBeNull();
    // The question form next to it is left alone.
    const question = screen.getByRole("region", { name: "Posez-nous une question" });
    expect(within(question).queryByRole("alert")?.textContent ?? "").toBe("");
  });
});
