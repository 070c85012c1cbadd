import { describe, expect, it } from "vitest";
import { compareEpc, epcClass, epcText } from "./epc";

// Every grade listing/epc.go derives, best first.
const grades = [
  "a_plusplus", "a_plus", "a", "a_sub", "b_plus", "b", "b_sub", "c_plus", "c", "c_sub", "d_plus", "d", "d_sub",
  "e_plus", "e", "e_sub", "f_plus", "f", "f_sub", "g", "h", "i",
];

describe("EPC grades", () => {
  it.each([
    ["a_plusplus", "A++", "app"],
    ["a_plus", "A+", "ap"],
    ["a", "A", "a"],
    ["a_sub", "A-", "a"],
    ["c", "C", "c"],
    ["d_plus", "D+", "d"],
    ["f_sub", "F-", "f"],
    ["g", "G", "g"],
  ])("%s reads %s", (label, text, cls) => {
    expect(epcText(label)).toBe(text);
    expect(epcClass(label)).toBe(cls);
  });

  it("print no underscore or word for any grade the server derives", () => {
    for (const g of grades) expect(epcText(g)).toMatch(/^[A-I](\+\+|\+|-)?$/);
  });

  it("sort best first, whatever order they come in", () => {
    expect([...grades].reverse().sort(compareEpc)).toEqual(grades);
    expect(["c", "unknown", "a_plus"].sort(compareEpc)).toEqual(["a_plus", "c", "unknown"]);
  });
});
