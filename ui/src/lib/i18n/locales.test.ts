import type { ResourceKey } from "i18next";
import { describe, expect, it } from "vitest";
import { pluralRules } from "../format";
import { namespaces } from "./namespaces";

// Every language the configuration accepts has bundled texts, and the app
// loads no fallback language (namespaces.ts): a key one language lacks would
// show as its name. This holds each file to the keys of every other.
const files = import.meta.glob<ResourceKey>("../../locales/*/*.json", { import: "default", eager: true });
const languages = ["nl", "fr", "en", "de"] as const;
const pluralSuffix = /_(zero|one|two|few|many|other)$/;

/** Every text of a tree with its dotted key. */
function leaves(tree: object, prefix = ""): [string, unknown][] {
  return Object.entries(tree).flatMap(([k, v]): [string, unknown][] =>
    v !== null && typeof v === "object" ? leaves(v as object, `${prefix}${k}.`) : [[`${prefix}${k}`, v]],
  );
}

function entries(lang: string, ns: string): [string, unknown][] {
  const tree = files[`../../locales/${lang}/${ns}.json`];
  if (!tree) throw new Error(`no ${ns} texts for ${lang}`);
  return leaves(tree as object);
}

function texts(lang: string, ns: string): string[] {
  return entries(lang, ns).map(([key]) => key);
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
    const empty = entries(lang, ns).filter(([, text]) => String(text).trim() === "");
    expect(empty.map(([key]) => key)).toEqual([]);
  });

  it.each(languages)("have in %s every plural form the language's rules choose", (lang) => {
    const categories = pluralRules(lang)?.resolvedOptions().pluralCategories ?? [];
    const own = texts(lang, ns);
    const plurals = base(own.filter((k) => pluralSuffix.test(k)));
    const missing = plurals.flatMap((k) => categories.map((c) => `${k}_${c}`)).filter((k) => !own.includes(k));
    expect(missing).toEqual([]);
  });
});
