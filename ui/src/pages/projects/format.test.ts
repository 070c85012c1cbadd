import i18next, { type TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import en from "../../locales/en/projects.json";
import fr from "../../locales/fr/projects.json";
import nl from "../../locales/nl/projects.json";
import { formatDelivery, formatList, formatNumber, intlLocale, priceRange } from "./format";

function tFor(lang: "en" | "nl" | "fr"): TFunction<"projects"> {
  const instance = i18next.createInstance();
  void instance.init({ lng: lang, resources: { en: { projects: en }, nl: { projects: nl }, fr: { projects: fr } }, ns: ["projects"], defaultNS: "projects", initAsync: false, interpolation: { escapeValue: false } });
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

describe("Intl formats", () => {
  it("maps each language to its Belgian (or British) locale", () => {
    expect(["nl", "fr", "en", "de", "xx"].map(intlLocale)).toEqual(["nl-BE", "fr-BE", "en-GB", "de-BE", "nl-BE"]);
  });

  it("writes numbers and lists the visitor's way", () => {
    expect(formatNumber(1250.5, "nl")).toBe("1.250,5");
    expect(formatNumber(1250.5, "en")).toBe("1,250.5");
    expect(formatNumber(92, "de")).toBe("92");
    expect(formatList(["Appartement", "Penthouse", "Woning"], "nl")).toBe("Appartement, Penthouse en Woning");
    expect(formatList(["Wohnung", "Penthouse"], "de")).toBe("Wohnung und Penthouse");
  });
});
