import { afterEach, describe, expect, it, vi } from "vitest";
import cases from "../../../../testdata/format/cases.json";
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

// The server's JavaScript engine has no Intl, and toLocale* there is not the browsers'.
describe("without Intl", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("gives every case's text", () => {
    vi.stubGlobal("Intl", undefined);
    const got = [
      ...cases.euro.map((c) => [formatEuro(num(c.amount), c.lang), c.want]),
      ...cases.date.map((c) => [formatDate(c.input), c.want]),
      ...cases.number.map((c) => [formatNumber(num(c.value), c.lang, c.maximumFractionDigits), c.want]),
      ...cases.percent.map((c) => [formatPercent(c.ratio, c.lang, c.maximumFractionDigits), c.want]),
    ];
    expect(got.filter(([text, want]) => text !== want)).toEqual([]);
  });

  it("is not written with Intl, toLocale* or localeCompare", () => {
    const sources = import.meta.glob<string>(["./*.ts", "!./*.test.ts"], { query: "?raw", import: "default", eager: true });
    expect(Object.keys(sources).length).toBeGreaterThan(5);
    for (const [file, source] of Object.entries(sources)) {
      const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
      expect(code, file).not.toMatch(/\bIntl\b|toLocale|localeCompare/);
    }
  });
});

describe("formatDate", () => {
  it.each(["2026-02-29", "2026-13-01", "2026-00-10", "5/1/2026", "2026-1-5", "tomorrow"])("gives nothing for %j", (input) => {
    expect(formatDate(input)).toBe("");
  });
});
