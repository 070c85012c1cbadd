import { describe, expect, it } from "vitest";
import de from "../locales/de/map.json";
import en from "../locales/en/map.json";
import fr from "../locales/fr/map.json";
import nl from "../locales/nl/map.json";

type Texts = { [key: string]: string | Texts };

/** Every text with its dotted key: the detail map's texts sit under "detail". */
const flat = (texts: Texts, prefix = ""): [string, string][] =>
  Object.entries(texts).flatMap(([k, v]) => (typeof v === "string" ? [[prefix + k, v] as [string, string]] : flat(v, `${prefix}${k}.`)));

// French has a plural form for large round numbers ("1 000 000 de biens") the others lack.
const keys = (texts: Texts) =>
  flat(texts)
    .map(([k]) => k)
    .filter((k) => !k.endsWith("_many"))
    .sort();

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
    for (const [, text] of flat(texts)) expect(text.trim()).not.toBe("");
  });
});
