import { describe, expect, it } from "vitest";
import { epcLabelText, formatters, localeOf } from "./format";

describe("format", () => {
  it.each([
    ["nl", "nl-BE"],
    ["fr", "fr-BE"],
    ["de", "de-BE"],
    ["en", "en-GB"],
  ])("%s reads numbers as %s", (lang, locale) => {
    expect(localeOf(lang)).toBe(locale);
  });

  it("formats euros with cents only when there are any", () => {
    expect(formatters("nl").money(245000)).toBe("€\u00a0245.000");
    expect(formatters("nl").money(2150.5)).toBe("€\u00a02.150,50");
    expect(formatters("fr").money(245000)).toBe(`245${"\u202f"}000${"\u00a0"}€`);
    expect(formatters("de").number(9.5)).toBe("9,5");
    expect(formatters("en").number(1250)).toBe("1,250");
  });

  it.each([
    ["a_plus", "", "A+"],
    ["a_plusplus", "", "A++"],
    ["e_sub", "", "E-"],
    ["b", "", "B"],
    ["b", "B", "B"],
    ["", "A", "A"],
  ])("label %s / %s reads %s", (label, text, want) => {
    expect(epcLabelText(label, text)).toBe(want);
  });
});
