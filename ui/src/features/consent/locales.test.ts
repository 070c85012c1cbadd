import { describe, expect, it } from "vitest";
import { OPTION_IDS } from "./machine";
import { consentResources } from "./testSupport";

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

function leaves(value: unknown): unknown[] {
  if (typeof value !== "object" || value === null) return [value];
  return Object.values(value).flatMap(leaves);
}

describe("consent texts", () => {
  const english = keys(consentResources.en).sort();

  it("describe every toggle", () => {
    for (const option of OPTION_IDS) {
      expect(english).toContain(`options.${option}.label`);
      expect(english).toContain(`options.${option}.description`);
    }
  });

  it.each(Object.entries(consentResources))("exist in full for %s", (_, texts) => {
    expect(keys(texts).sort()).toEqual(english);
    for (const text of leaves(texts)) {
      expect(typeof text).toBe("string");
      expect((text as string).trim()).not.toBe("");
    }
  });
});
