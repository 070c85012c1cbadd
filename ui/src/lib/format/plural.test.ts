import { describe, expect, it, vi } from "vitest";
import fixture from "./testdata/plurals.json";
import { pluralCategory, pluralRules } from "./plural";

// The same table ui/e2e/plurals.test.mjs checks Chromium's Intl.PluralRules against.
const langs = ["en", "nl", "fr", "de"] as const;

describe("pluralCategory", () => {
  it("covers 0 to 200, decimals, negatives, large numbers and strings", () => {
    const ns = fixture.cases.map((c) => c.n);
    for (let n = 0; n <= 200; n++) expect(ns).toContain(n);
    expect(ns).toEqual(expect.arrayContaining([0.5, 1.5, 1.0005, -1, 1000000, 1e15, "1.0", "NaN"]));
  });

  it.each(langs)("gives the fixture's category of every number in %s", (lang) => {
    const wrong = fixture.cases
      .filter((c) => pluralCategory(lang, c.n) !== c[lang] || pluralRules(lang)?.select(Number(c.n)) !== c[lang])
      .map((c) => `${JSON.stringify(c.n)}: ${pluralCategory(lang, c.n)}, want ${c[lang]}`);
    expect(wrong).toEqual([]);
  });

  it("needs no Intl", () => {
    vi.stubGlobal("Intl", undefined);
    try {
      const wrong = fixture.cases.flatMap((c) => langs.filter((lang) => pluralCategory(lang, c.n) !== c[lang]).map((lang) => `${lang} ${c.n}`));
      expect(wrong).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("reads a regional code by its language, and i18next's dev language as English", () => {
    expect(pluralCategory("fr-BE", 1000000)).toBe("many");
    expect(pluralCategory("nl_BE", 1)).toBe("one");
    expect(pluralCategory("dev", 1)).toBe("one");
  });

  it("has no rules for other languages", () => {
    expect(pluralCategory("es", 1)).toBeUndefined();
    expect(pluralRules("pl")).toBeUndefined();
  });

  it.each([
    [1, "one"],
    [2, "two"],
    [3, "few"],
    [4, "other"],
    [11, "other"],
    [21, "one"],
    [102, "two"],
    [113, "other"],
  ] as const)("English ordinal %i is %s", (n, want) => {
    expect(pluralCategory("en", n, "ordinal")).toBe(want);
  });
});

describe("pluralRules", () => {
  it.each([
    ["en", "cardinal", ["one", "other"]],
    ["fr", "cardinal", ["one", "many", "other"]],
    ["nl", "cardinal", ["one", "other"]],
    ["de", "cardinal", ["one", "other"]],
    ["en", "ordinal", ["one", "two", "few", "other"]],
  ] as const)("%s %s categories are %j, as Intl.PluralRules lists them", (lang, type, want) => {
    const options = pluralRules(lang, type)!.resolvedOptions();
    expect([...options.pluralCategories].sort()).toEqual([...want].sort());
    expect(options.pluralCategories.slice().sort()).toEqual([...new Intl.PluralRules(lang, { type }).resolvedOptions().pluralCategories].sort());
    expect(options.type).toBe(type);
  });
});
