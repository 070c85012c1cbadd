import { describe, expect, it } from "vitest";
import { projectTexts } from "./testing";

function keys(tree: object, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    v !== null && typeof v === "object" ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

// French has a plural form for large round numbers ("1 000 000 de projets") the others lack.
const withoutMany = (list: string[]) => list.filter((k) => !k.endsWith("_many")).sort();

describe("projects texts", () => {
  const english = withoutMany(keys(projectTexts.en));

  it.each(["nl", "fr", "de"] as const)("%s has the same keys as en", (lang) => {
    expect(withoutMany(keys(projectTexts[lang]))).toEqual(english);
  });

  it.each(Object.entries(projectTexts))("%s has no empty text", (_lang, texts) => {
    for (const key of keys(texts)) expect(key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], texts)).not.toBe("");
  });

  it("names every unit status", () => {
    for (const status of ["available", "option", "sold", "rented"]) expect(english).toContain(`status.${status}`);
  });
});
