import { describe, expect, it } from "vitest";
import { propertyTexts } from "./testing";

function keys(tree: object, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    v !== null && typeof v === "object" ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

// French has a plural form for large round numbers the others lack.
const withoutMany = (list: string[]) => list.filter((k) => !k.endsWith("_many")).sort();

describe("property texts", () => {
  const english = withoutMany(keys(propertyTexts.en));

  it.each(["nl", "fr", "de"] as const)("%s has the same keys as en", (lang) => {
    expect(withoutMany(keys(propertyTexts[lang]))).toEqual(english);
  });

  it.each(Object.entries(propertyTexts))("%s has no empty text", (_lang, texts) => {
    for (const key of keys(texts)) expect(key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], texts)).not.toBe("");
  });

  // The seed's German text said 6 years: the Flemish rule is 5, in every language.
  it("says 5 years for the renovation duty in every language", () => {
    expect(propertyTexts.en.energy.renovation.text).toContain("within 5 years");
    expect(propertyTexts.nl.energy.renovation.text).toContain("binnen 5 jaar");
    expect(propertyTexts.fr.energy.renovation.text).toContain("dans les 5 ans");
    expect(propertyTexts.de.energy.renovation.text).toContain("innerhalb von 5 Jahren");
  });
});
