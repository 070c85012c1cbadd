import { describe, expect, it } from "vitest";
import { plainDecimal, toDecimal } from "./decimal";
import { formatNumber, formatPercent, groupThousands } from "./number";

// Beyond the shared table: the helpers write what Intl wrote before them, over
// many numbers. Node's Intl is ICU, as Chromium's, Firefox's and Safari's are.
const locales = { nl: "nl-BE", fr: "fr-BE", en: "en-GB", de: "de-BE" } as const;

/** A small seeded generator (mulberry32): the same numbers on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Numbers of every size a page shows, with ties (x.5, x.005) that test the rounding. */
function numbers(count: number): number[] {
  const next = random(15);
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const magnitude = 10 ** Math.floor(next() * 10 - 3);
    const value = next() * magnitude;
    const tie = Math.round(next() * 100000) / 1000 + 0.0005;
    out.push(i % 3 === 0 ? tie : i % 3 === 1 ? value : -value);
  }
  return out;
}

describe("formatNumber", () => {
  it.each(Object.entries(locales))("writes %s as Intl.NumberFormat(%s) does", (lang, locale) => {
    const wrong: string[] = [];
    for (const digits of [0, 1, 2, 3]) {
      const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: digits });
      for (const n of numbers(500)) {
        const want = intl.format(n).replace(/^-0$/, "0"); // no "-0" (see cases.json)
        if (formatNumber(n, lang, digits) !== want) wrong.push(`${n} (${digits}): ${formatNumber(n, lang, digits)}, want ${want}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it.each(Object.entries(locales))("writes percentages in %s as Intl.NumberFormat(%s) does", (lang, locale) => {
    const intl = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 3 });
    const wrong = numbers(500)
      .map((n) => n / 100)
      .filter((r) => formatPercent(r, lang, 3) !== intl.format(r).replace(/^-(?=0\D*$)/, ""))
      .map((r) => `${r}: ${formatPercent(r, lang, 3)}, want ${intl.format(r)}`);
    expect(wrong).toEqual([]);
  });
});

describe("toDecimal", () => {
  it.each([
    [1.005, 2, 0, "1.01"],
    [0.5, 0, 0, "1"],
    [9.9995, 3, 0, "10"],
    [1e21, 0, 0, "1000000000000000000000"],
    [1.5e-7, 3, 0, "0"],
    [5e-7, 6, 0, "0.000001"],
    [0.07, 3, 2, "7"],
    [-0.0001, 3, 0, "0"],
    [-1234.5, 1, 0, "-1234.5"],
  ])("%s to %i decimals, scaled by 10^%i, is %s", (value, digits, scale, want) => {
    const d = toDecimal(value, digits, scale);
    expect((d.negative ? "-" : "") + d.integer + (d.fraction ? `.${d.fraction}` : "")).toBe(want);
  });

  it("writes plain digits", () => {
    expect(plainDecimal(1e21, 0)).toBe("1000000000000000000000");
    expect(plainDecimal(1.0005, 3)).toBe("1.001");
  });
});

describe("groupThousands", () => {
  it.each([
    ["0", "0"],
    ["999", "999"],
    ["1000", "1.000"],
    ["123456", "123.456"],
    ["1234567", "1.234.567"],
  ])("%s is %s", (digits, want) => {
    expect(groupThousands(digits, ".")).toBe(want);
  });
});
