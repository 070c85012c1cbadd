import i18next, { type TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import de from "../../locales/de/projects.json";
import en from "../../locales/en/projects.json";
import fr from "../../locales/fr/projects.json";
import nl from "../../locales/nl/projects.json";
import { formatDelivery, formatList, formatNumber, priceRange } from "./format";

function tFor(lang: "en" | "nl" | "fr" | "de"): TFunction<"projects"> {
  const instance = i18next.createInstance();
  void instance.init({ lng: lang, resources: { en: { projects: en }, nl: { projects: nl }, fr: { projects: fr }, de: { projects: de } }, ns: ["projects"], defaultNS: "projects", initAsync: false, interpolation: { escapeValue: false } });
  return instance.getFixedT(lang, "projects");
}

describe("priceRange", () => {
  it.each([
    ["en", "€ 189.000", "€ 349.000", "from € 189.000 to € 349.000"],
    ["en", "€ 189.000", "", "from € 189.000"],
    ["en", "", "€ 349.000", "up to € 349.000"],
    ["en", "", "", "Price on request"],
    ["en", "€ 189.000", "€ 189.000", "€ 189.000"],
    ["nl", "€ 189.000", "€ 349.000", "van € 189.000 tot € 349.000"],
    ["nl", "€ 189.000", "", "vanaf € 189.000"],
    ["nl", "", "", "Prijs op aanvraag"],
  ] as const)("%s %j–%j reads %j", (lang, min, max, want) => {
    expect(priceRange(tFor(lang), min, max)).toBe(want);
  });
});

describe("formatDelivery", () => {
  it.each([
    ["fr", "Q3 2027", "T3\u00a02027"],
    ["fr", "q1 2028", "T1\u00a02028"],
    ["fr", "T4 2026", "T4\u00a02026"],
    ["nl", "Q3 2027", "Q3\u00a02027"],
    ["en", "T2 2027", "Q2\u00a02027"],
    ["fr", "Printemps 2027", "Printemps 2027"],
    ["fr", "Q5 2027", "Q5 2027"],
  ] as const)("%s %j reads %j", (lang, delivery, want) => {
    expect(formatDelivery(tFor(lang), delivery)).toBe(want);
  });
});

describe("numbers and lists", () => {
  it("writes numbers the visitor's way, with one decimal at most", () => {
    expect(formatNumber(1250.5, "nl")).toBe("1.250,5");
    expect(formatNumber(1250.5, "en")).toBe("1,250.5");
    expect(formatNumber(92, "de")).toBe("92");
    expect(formatNumber(68.55, "fr")).toBe("68,6");
    expect(formatNumber(1250.5, "xx")).toBe("1.250,5");
  });

  // What Intl.ListFormat wrote for nl-BE, fr-BE, en-GB and de-BE (British English: no comma before "and").
  it.each([
    ["nl", ["Appartement", "Penthouse", "Woning"], "Appartement, Penthouse en Woning"],
    ["de", ["Wohnung", "Penthouse"], "Wohnung und Penthouse"],
    ["fr", ["Appartement", "Penthouse"], "Appartement et Penthouse"],
    ["en", ["Flat", "Penthouse", "House"], "Flat, Penthouse and House"],
    ["nl", ["Appartement"], "Appartement"],
    ["nl", [], ""],
  ] as const)("joins a %s list %j as %j", (lang, items, want) => {
    expect(formatList(items, tFor(lang))).toBe(want);
  });
});
