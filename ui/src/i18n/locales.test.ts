import type { ResourceKey } from "i18next";
import { describe, expect, it } from "vitest";
import { pluralRules } from "../format";
import { namespaces } from "./namespaces";

// Every language the configuration accepts has bundled texts, and the app
// loads no fallback language (namespaces.ts): a key one language lacks would
// show as its name. This holds each file to the keys of every other.
const files = import.meta.glob<ResourceKey>("../locales/*/*.json", { import: "default", eager: true });
const languages = ["nl", "fr", "en", "de"] as const;
const pluralSuffix = /_(zero|one|two|few|many|other)$/;

function keys(tree: object, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    v !== null && typeof v === "object" ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

function file(lang: string, ns: string): object {
  const texts = files[`../locales/${lang}/${ns}.json`];
  if (!texts) throw new Error(`no ${ns} texts for ${lang}`);
  return texts as object;
}

function texts(lang: string, ns: string): string[] {
  return keys(file(lang, ns));
}

/** The keys with their plural suffix taken off: languages differ in their plural forms, not in their texts. */
function base(list: string[]): string[] {
  return [...new Set(list.map((k) => k.replace(pluralSuffix, "")))].sort();
}

describe.each(namespaces)("the %s texts", (ns) => {
  const expected = base(languages.flatMap((lang) => texts(lang, ns)));

  it.each(languages)("exist in %s for every key", (lang) => {
    expect(base(texts(lang, ns))).toEqual(expected);
  });

  it.each(languages)("are never empty in %s", (lang) => {
    const tree = file(lang, ns);
    const empty = texts(lang, ns).filter((key) => String(key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], tree)).trim() === "");
    expect(empty).toEqual([]);
  });

  it.each(languages)("have in %s every plural form the language's rules choose", (lang) => {
    const categories = pluralRules(lang)?.resolvedOptions().pluralCategories ?? [];
    const own = texts(lang, ns);
    const plurals = base(own.filter((k) => pluralSuffix.test(k)));
    const missing = plurals.flatMap((k) => categories.map((c) => `${k}_${c}`)).filter((k) => !own.includes(k));
    expect(missing).toEqual([]);
  });
});
