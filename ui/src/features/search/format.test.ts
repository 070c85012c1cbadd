import i18next from "i18next";
import { describe, expect, it } from "vitest";
import de from "../../locales/de/search.json";
import en from "../../locales/en/search.json";
import fr from "../../locales/fr/search.json";
import nl from "../../locales/nl/search.json";
import { facetValueText, paginationText } from "./format";

const texts = { en, nl, fr, de };

function tFor(lang: keyof typeof texts) {
  const instance = i18next.createInstance();
  void instance.init({
    lng: lang,
    resources: { [lang]: { search: texts[lang] } },
    ns: ["search"],
    defaultNS: "search",
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance.getFixedT(lang, "search");
}

describe("paginationText", () => {
  it.each([
    ["en", 1, 5, 58, "page 1 of 5 [58 objects]"],
    ["en", 1, 1, 1, "page 1 of 1 [1 object]"],
    ["en", 1, 0, 0, "page 1 of 1 [0 objects]"],
    ["nl", 2, 5, 58, "pagina 2 van 5 [58 panden]"],
    ["nl", 1, 1, 1, "pagina 1 van 1 [1 pand]"],
    ["fr", 3, 5, 58, "page 3 de 5 [58 biens]"],
    ["fr", 1, 1, 1, "page 1 de 1 [1 bien]"],
    ["de", 5, 5, 58, "Seite 5 von 5 [58 Objekte]"],
    ["de", 1, 1, 1, "Seite 1 von 1 [1 Objekt]"],
    ["nl", 1, 105, 1250, "pagina 1 van 105 [1.250 panden]"],
  ] as const)("%s: page %i of %i, %i", (lang, page, pages, count, want) => {
    expect(paginationText(tFor(lang), page, pages, count)).toBe(want);
  });
});

describe("facetValueText", () => {
  it("translates features and writes EPC labels as printed", () => {
    const t = tFor("fr");
    expect(facetValueText(t, "features", "garden")).toBe("Jardin");
    expect(facetValueText(t, "features", "sauna")).toBe("sauna");
    expect(facetValueText(t, "epcLabel", "a_plus")).toBe("A+");
    expect(facetValueText(t, "city", "Bouillon")).toBe("Bouillon");
  });
});

function keys(tree: object, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === "object" ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

describe("search texts", () => {
  const base = (list: string[]) => list.filter((k) => !k.endsWith("_many")).sort();
  it.each(["nl", "fr", "de"] as const)("%s has the keys of en", (lang) => {
    expect(base(keys(texts[lang]))).toEqual(base(keys(texts.en)));
  });
});
