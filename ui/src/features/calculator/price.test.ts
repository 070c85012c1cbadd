import { describe, expect, it } from "vitest";
import { checkPrice, parsePrice, priceBounds } from "./price";

describe("parsePrice", () => {
  it.each([
    ["350000", 350_000],
    ["350.000", 350_000],
    ["350 000", 350_000],
    ["350\u202f000", 350_000],
    ["350'000", 350_000],
    ["€ 350.000,00", 350_000],
    ["350.000 €", 350_000],
    ["350000 EUR", 350_000],
    ["350000.5", 350_000],
    ["-5", -5],
    ["\u22125", -5],
    ["- 350.000", -350_000],
    ["", null],
    ["abc", null],
    ["5-", null],
    ["12a", null],
    ["1e6", null],
    ["€", null],
  ])("reads %j as %j", (text, price) => {
    expect(parsePrice(text)).toBe(price);
  });
});

describe("checkPrice", () => {
  it.each([
    ["", { state: "empty" }],
    ["  ", { state: "empty" }],
    ["€ ", { state: "empty" }],
    ["350.000", { state: "valid", price: 350_000 }],
    [String(priceBounds.min), { state: "valid", price: priceBounds.min }],
    [String(priceBounds.max), { state: "valid", price: priceBounds.max }],
    // Typing on cannot mend these: they are refused at once.
    ["-5", { state: "refused", problem: "range", early: true }],
    ["0", { state: "refused", problem: "range", early: true }],
    [String(priceBounds.max + 1), { state: "refused", problem: "range", early: true }],
    ["abc", { state: "refused", problem: "invalid", early: true }],
    ["35O000", { state: "refused", problem: "invalid", early: true }],
    // So many digits that the number is Infinity.
    ["9".repeat(400), { state: "refused", problem: "invalid", early: true }],
    // "35" may be the start of 350000: refused, but only said once the visitor leaves the field.
    ["35", { state: "refused", problem: "range", early: false }],
    [String(priceBounds.min - 1), { state: "refused", problem: "range", early: false }],
  ])("checks %j", (text, check) => {
    expect(checkPrice(text)).toEqual(check);
  });
});
