import type { i18n } from "i18next";
import { formatNumber, pluralRules, type PluralType } from "../format";
import { addFrenchFormats } from "./french";

/**
 * i18next's built-in formats and plural resolution call Intl, which the
 * server's JavaScript engine does not have and which each browser answers
 * from its own data. The texts' formats are routed here to the helpers of
 * src/lib/format, so the server and every browser write the same text.
 */

/** `{{count, number}}`, as the locale files write it; a format option maximumFractionDigits is honoured. */
function numberFormat(value: unknown, lng: string | undefined, options: { maximumFractionDigits?: unknown } | undefined): string {
  const n = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(n)) return String(value);
  const digits = Number(options?.maximumFractionDigits ?? 3);
  return formatNumber(n, lng ?? "", Number.isInteger(digits) && digits >= 0 && digits <= 20 ? digits : 3);
}

/** The formats the locale files may use: number, and French's contracting prepositions (de, à). */
export const textFormats = ["number", "de", "à"] as const;

interface RuleSource {
  getRule?: (code: string, options?: { ordinal?: boolean }) => unknown;
}

/**
 * i18next 26 has no option for plural rules: its PluralResolver builds an
 * Intl.PluralRules in getRule(), and the Translator shares that one resolver
 * object. Its getRule is replaced on the instance, on the server and in the
 * browser alike (a shim only where Intl is missing would let Safari or
 * Firefox decide with their own CLDR data while the server used ours).
 * Languages without rules in src/lib/format keep i18next's own. False when this
 * i18next has no such resolver (formats.test.ts fails then, before a page
 * does: the site still works, plurals come from Intl again).
 */
export function installPluralRules(instance: i18n): boolean {
  const resolver = instance.services.pluralResolver as RuleSource | undefined;
  const own = resolver?.getRule;
  if (!resolver || typeof own !== "function") return false;
  resolver.getRule = (code, options = {}) => {
    const type: PluralType = options.ordinal ? "ordinal" : "cardinal";
    return pluralRules(code, type) ?? own.call(resolver, code, options);
  };
  return true;
}

/**
 * Sets up an initialized instance's formats: numbers and plurals without
 * Intl, and the French prepositions. Call it once, right after init.
 */
export function addFormats(instance: i18n): void {
  instance.services.formatter?.add("number", numberFormat);
  installPluralRules(instance);
  addFrenchFormats(instance);
}
