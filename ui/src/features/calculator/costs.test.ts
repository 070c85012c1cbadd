import { describe, expect, it } from "vitest";
import { acquisitionCosts, isCalculatorRegion, slidingScale, type StatedNotary } from "./costs";
import { priceBounds } from "./price";
import { calculatorRates } from "./__fixtures__/rates";
import type { CalculatorRegion, Situation } from "../../lib/api/calculatorRates";

const rates = calculatorRates;
const amounts = (price: number, region: CalculatorRegion, situation: Situation) =>
  Object.fromEntries(acquisitionCosts({ price, region, situation }, rates).lines.map((l) => [l.key, l.amount]));

describe("notary fee scale (KB 16 Dec 1950, sales)", () => {
  it.each([
    [0, 0],
    [1_000, 45.6],
    [7_500, 342],
    [17_500, 627],
    [30_000, 912],
    [45_495, 1176.9645],
    [64_095, 1389.0045],
    [250_095, 2449.2045],
    [350_095, 2506.2045],
    [1_000_000, 2876.65035],
  ])("at %i € is %f €", (price, fee) => {
    expect(slidingScale(price, rates.notary.brackets)).toBeCloseTo(fee, 6);
  });

  it("is continuous across a bracket edge", () => {
    const below = slidingScale(45_495, rates.notary.brackets);
    const above = slidingScale(45_496, rates.notary.brackets);
    expect(above - below).toBeCloseTo(0.0114, 8);
  });
});

describe("registration duty and VAT by region and situation", () => {
  it.each<[CalculatorRegion, Situation, number, string, number]>([
    ["flanders", "onlyHome", 300_000, "registration", 6_000],
    ["flanders", "onlyHome", 150_000, "registration", 3_000],
    ["flanders", "other", 300_000, "registration", 36_000],
    ["flanders", "other", 150_000, "registration", 18_000],
    ["wallonia", "onlyHome", 300_000, "registration", 9_000],
    ["wallonia", "onlyHome", 1_000_000, "registration", 30_000],
    ["wallonia", "other", 300_000, "registration", 37_500],
    ["brussels", "onlyHome", 150_000, "registration", 0],
    ["brussels", "onlyHome", 200_000, "registration", 0],
    ["brussels", "onlyHome", 200_001, "registration", 0],
    ["brussels", "onlyHome", 300_000, "registration", 12_500],
    ["brussels", "onlyHome", 600_000, "registration", 50_000],
    ["brussels", "onlyHome", 600_001, "registration", 75_000],
    ["brussels", "other", 200_000, "registration", 25_000],
    ["brussels", "other", 600_000, "registration", 75_000],
    ["flanders", "newBuild", 300_000, "vat", 63_000],
    ["wallonia", "newBuild", 300_000, "vat", 63_000],
    ["brussels", "newBuild", 400_000, "vat", 84_000],
  ])("%s, %s, %i €: %s %i €", (region, situation, price, key, amount) => {
    const lines = amounts(price, region, situation);
    expect(lines[key]).toBe(amount);
  });

  it("charges no registration duty on a new build, only VAT", () => {
    const keys = acquisitionCosts({ price: 300_000, region: "flanders", situation: "newBuild" }, rates).lines.map((l) => l.key);
    expect(keys).toEqual(["vat", "notaryFee", "notaryVat", "adminCosts"]);
  });

  it.each([
    [600_000, true],
    [600_001, false],
    [200_000, true],
  ])("marks whether the Brussels abatement applies at %i €", (price, applied) => {
    const [line] = acquisitionCosts({ price, region: "brussels", situation: "onlyHome" }, rates).lines;
    expect(line?.abatement).toEqual({ amount: 200_000, maxPrice: 600_000, applied });
    expect(line?.rate).toBe(0.125);
  });

  it("has no abatement outside Brussels' only-home situation", () => {
    for (const [region, situation] of [
      ["flanders", "onlyHome"],
      ["wallonia", "onlyHome"],
      ["brussels", "other"],
    ] as const) {
      expect(acquisitionCosts({ price: 300_000, region, situation }, rates).lines[0]?.abatement).toBeUndefined();
    }
  });
});

describe("total cost of purchase", () => {
  it.each<[CalculatorRegion, Situation, number, number]>([
    // duty + notary fee + its VAT + administrative costs (1,150)
    ["flanders", "onlyHome", 300_000, 6_000 + 2_478 + 520 + 1_150],
    ["flanders", "other", 300_000, 36_000 + 2_478 + 520 + 1_150],
    ["wallonia", "onlyHome", 300_000, 9_000 + 2_478 + 520 + 1_150],
    ["wallonia", "other", 300_000, 37_500 + 2_478 + 520 + 1_150],
    ["brussels", "onlyHome", 200_000, 0 + 2_164 + 454 + 1_150],
    ["brussels", "onlyHome", 600_000, 50_000 + 2_649 + 556 + 1_150],
    ["brussels", "onlyHome", 600_001, 75_000 + 2_649 + 556 + 1_150],
    ["brussels", "other", 600_000, 75_000 + 2_649 + 556 + 1_150],
    ["flanders", "newBuild", 300_000, 63_000 + 2_478 + 520 + 1_150],
  ])("%s, %s, %i €: %i € on top of the price", (region, situation, price, total) => {
    const result = acquisitionCosts({ price, region, situation }, rates);
    expect(result.total).toBe(total);
    expect(result.totalWithPrice).toBe(price + total);
    expect(result.total).toBe(result.lines.reduce((sum, l) => sum + l.amount, 0));
  });

  it("rounds each line to the euro only at the end", () => {
    const lines = amounts(45_495, "flanders", "other");
    expect(lines.notaryFee).toBe(1_177);
    // VAT on the unrounded fee (1,176.96 × 21 % = 247.16), not on 1,177
    expect(lines.notaryVat).toBe(247);
    expect(lines.registration).toBe(5_459);
  });

  it("reads its rates from the configuration it is given", () => {
    const changed = structuredClone(rates);
    changed.registration.flanders.onlyHome.rate = 0.01;
    changed.adminCosts.amount = 1_000;
    const result = acquisitionCosts({ price: 100_000, region: "flanders", situation: "onlyHome" }, changed);
    expect(result.lines.find((l) => l.key === "registration")?.amount).toBe(1_000);
    expect(result.lines.find((l) => l.key === "adminCosts")?.amount).toBe(1_000);
  });

  // It once costed −5 € as 0 € and showed a total: a price is checked first (price.ts), so one out of bounds is a bug.
  it.each([-5, 0, priceBounds.min - 1, priceBounds.max + 1, Number.NaN])("refuses to cost a price of %d €", (price) => {
    expect(() => acquisitionCosts({ price, region: "wallonia", situation: "other" }, rates)).toThrow(RangeError);
  });
});

describe("the notary's fee a listing states", () => {
  const at = (stated?: StatedNotary) => acquisitionCosts({ price: 139_000, region: "wallonia", situation: "onlyHome" }, rates, stated);

  it("replaces the scale's estimate, cents kept, and is marked as stated", () => {
    const lines = at({ fee: 1_890.5, vat: 397.01 }).lines.filter((l) => l.key.startsWith("notary"));
    expect(lines).toEqual([
      { key: "notaryFee", amount: 1_890.5, stated: true },
      { key: "notaryVat", amount: 397.01, stated: true },
    ]);
    expect(at({ fee: 1_890.5, vat: 397.01 }).total).toBeCloseTo(4_170 + 1_890.5 + 397.01 + 1_150, 6);
  });

  it("bears the notary VAT rate when the listing gives the fee without its VAT", () => {
    const vat = at({ fee: 1_890 }).lines.find((l) => l.key === "notaryVat");
    expect(vat).toEqual({ key: "notaryVat", amount: 397, rate: 0.21 });
  });

  it.each([undefined, { fee: 0 }, { fee: 0, vat: 12 }])("falls back on the legal scale without a stated fee (%j)", (stated) => {
    const fee = at(stated).lines.find((l) => l.key === "notaryFee");
    expect(fee).toEqual({ key: "notaryFee", amount: Math.round(slidingScale(139_000, rates.notary.brackets)) });
  });
});

describe("rates", () => {
  it("date every value", () => {
    const dates: string[] = [];
    for (const region of Object.values(rates.registration)) {
      for (const duty of [region.onlyHome, region.other]) {
        dates.push(duty.validFrom);
        if (duty.abatement) dates.push(duty.abatement.validFrom);
      }
    }
    dates.push(rates.newBuildVat.validFrom, rates.notary.validFrom, rates.notary.vatValidFrom, rates.adminCosts.validFrom);
    for (const date of dates) expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("has one open-ended notary bracket, last, after ascending edges", () => {
    const edges = rates.notary.brackets.map((b) => b.upTo);
    expect(edges.at(-1)).toBeUndefined();
    const closed = edges.slice(0, -1) as number[];
    expect(closed).toEqual([...closed].sort((a, b) => a - b));
  });

  it.each([
    ["flanders", true],
    ["wallonia", true],
    ["brussels", true],
    ["luxembourg", false],
    ["", false],
  ])("knows whether %j is a calculator region", (region, known) => {
    expect(isCalculatorRegion(region)).toBe(known);
  });
});
