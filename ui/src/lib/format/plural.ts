import { de, en, fr, nl } from "make-plural/plurals";
import * as categories from "make-plural/pluralCategories";
import { plainDecimal } from "./decimal";

/**
 * Plural categories for the site's languages from CLDR's rules, as the
 * make-plural package compiles them, so that the server (whose JavaScript
 * engine has no Intl) and every browser pick the same form of a text.
 */
export type PluralCategory = "zero" | "one" | "two" | "few" | "many" | "other";
export type PluralType = "cardinal" | "ordinal";

type Rule = (n: string, ord?: boolean) => PluralCategory;

const rules: Record<string, Rule> = { de, en, fr, nl };
const known: Record<string, { cardinal: readonly PluralCategory[]; ordinal: readonly PluralCategory[] }> = {
  de: categories.de,
  en: categories.en,
  fr: categories.fr,
  nl: categories.nl,
};

/** The language part of a code ("fr-BE" → "fr"); i18next's development language "dev" is English, as i18next has it. */
function languageOf(code: string): string {
  const lang = code.split(/[-_]/)[0]!.toLowerCase();
  return lang === "dev" ? "en" : lang;
}

/**
 * The category of a number, read as Intl.PluralRules reads it: a string is
 * the number it spells ("1.0" is 1), the sign does not count (-1 is "one"),
 * and the number is first rounded to three decimals, as Intl.PluralRules
 * formats it by default (1.0004 is 1, "one"; 1.0005 is 1.001, "other").
 * NaN and ±Infinity are "other". undefined for a language without rules
 * here. Agrees with CLDR as the browsers apply it for |n| < 10^15; beyond,
 * ICU clamps the digits it looks at, and no count on this site gets there.
 */
export function pluralCategory(lang: string, n: number | string, type: PluralType = "cardinal"): PluralCategory | undefined {
  const rule = rules[languageOf(lang)];
  if (!rule) return undefined;
  const value = Number(n);
  if (!Number.isFinite(value)) return "other";
  return rule(plainDecimal(Math.abs(value), 3), type === "ordinal");
}

/** The part of Intl.PluralRules that i18next uses: select() and resolvedOptions().pluralCategories. */
export interface PluralRulesLike {
  select(n: number): PluralCategory;
  resolvedOptions(): { locale: string; type: PluralType; pluralCategories: PluralCategory[] };
}

const made = new Map<string, PluralRulesLike>();

/**
 * The rules of a language as an Intl.PluralRules look-alike, or undefined
 * when it has none here. Made once per language and type: i18next asks for
 * them at every plural text.
 */
export function pluralRules(lang: string, type: PluralType = "cardinal"): PluralRulesLike | undefined {
  const locale = languageOf(lang);
  const list = known[locale];
  if (!list) return undefined;
  const key = `${locale}/${type}`;
  let rules = made.get(key);
  if (!rules) {
    rules = {
      select: (n) => pluralCategory(locale, n, type) ?? "other",
      resolvedOptions: () => ({ locale, type, pluralCategories: [...list[type]] }),
    };
    made.set(key, rules);
  }
  return rules;
}
