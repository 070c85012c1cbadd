import { describe, expect, it } from "vitest";
import { epcLabelText, formatters } from "./format";

describe("format", () => {
  // Amounts read as the server's price text ("€ 245.000", listing.FormatEuro): a plain space after € in Dutch.
  it("formats euros with cents only when there are any", () => {
    expect(formatters("nl").money(245000)).toBe("€ 245.000");
    expect(formatters("nl").money(2150.5)).toBe("€ 2.150,50");
    expect(formatters("fr").money(245000)).toBe(`245${"\u202f"}000${"\u00a0"}€`);
    expect(formatters("en").money(1250)).toBe("€1,250");
    expect(formatters("de").money(850.05)).toBe(`850,05${"\u00a0"}€`);
  });

  it("formats numbers with two decimals at most", () => {
    expect(formatters("de").number(9.5)).toBe("9,5");
    expect(formatters("en").number(1250)).toBe("1,250");
    expect(formatters("fr").number(1250.125)).toBe(`1${"\u202f"}250,13`);
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
