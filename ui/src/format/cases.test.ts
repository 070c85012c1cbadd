import { describe, expect, it } from "vitest";
import cases from "../../../testdata/format/cases.json";
import { formatDate, formatEuro, formatNumber, formatPercent } from ".";

// testdata/format/cases.json is shared with listing/format_cases_test.go: the
// euro and date cases are what the Go formatters write too.

/** JSON has no NaN or Infinity: the table spells them as strings, which Number() reads. */
const num = (v: number | string) => Number(v);

describe("shared formatting cases", () => {
  it.each(cases.euro.map((c) => [c.amount, c.lang, c.want] as const))("formatEuro(%s, %j) is %j", (amount, lang, want) => {
    expect(formatEuro(num(amount), lang)).toBe(want);
  });

  it.each(cases.date.map((c) => [c.input, c.want] as const))("formatDate(%j) is %j", (input, want) => {
    expect(formatDate(input)).toBe(want);
  });

  it.each(cases.number.map((c) => [c.value, c.lang, c.maximumFractionDigits, c.want] as const))(
    "formatNumber(%s, %j, %i) is %j",
    (value, lang, digits, want) => {
      expect(formatNumber(num(value), lang, digits)).toBe(want);
    },
  );

  it.each(cases.percent.map((c) => [c.ratio, c.lang, c.maximumFractionDigits, c.want] as const))(
    "formatPercent(%s, %j, %i) is %j",
    (ratio, lang, digits, want) => {
      expect(formatPercent(ratio, lang, digits)).toBe(want);
    },
  );
});

describe("formatDate", () => {
  it.each(["2026-02-29", "2026-13-01", "2026-00-10", "5/1/2026", "2026-1-5", "tomorrow"])("gives nothing for %j", (input) => {
    expect(formatDate(input)).toBe("");
  });
});
