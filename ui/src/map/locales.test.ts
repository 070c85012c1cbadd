import { describe, expect, it } from "vitest";
import de from "../locales/de/map.json";
import en from "../locales/en/map.json";
import fr from "../locales/fr/map.json";
import nl from "../locales/nl/map.json";

// French has a plural form for large round numbers ("1 000 000 de biens") the others lack.
const keys = (texts: Record<string, string>) => Object.keys(texts).filter((k) => !k.endsWith("_many")).sort();

describe("map texts", () => {
  it.each([
    ["nl", nl],
    ["fr", fr],
    ["de", de],
  ])("%s has the same keys as en", (_lang, texts) => {
    expect(keys(texts)).toEqual(keys(en));
  });

  it.each([
    ["en", en],
    ["nl", nl],
    ["fr", fr],
    ["de", de],
  ])("%s has no empty text", (_lang, texts) => {
    for (const text of Object.values(texts)) expect(text.trim()).not.toBe("");
  });
});
