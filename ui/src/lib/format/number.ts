import { toDecimal, type Decimal } from "./decimal";

/**
 * How each site language writes the digits of a number, as CLDR has it for
 * Belgium (and British English), which is what the site showed with Intl:
 * "1.234,5" in Dutch and German, "1 234,5" in French (U+202F, the narrow
 * no-break space, between groups), "1,234.5" in English. A language the
 * table does not hold writes Belgian Dutch, the site's reference format, as
 * listing.FormatEuro does on the server.
 */
export interface Separators {
  group: string;
  decimal: string;
}

const separators: Record<string, Separators> = {
  nl: { group: ".", decimal: "," },
  fr: { group: "\u202f", decimal: "," },
  en: { group: ",", decimal: "." },
  de: { group: ".", decimal: "," },
};

export function separatorsOf(lang: string): Separators {
  return separators[lang] ?? separators.nl!;
}

/** Puts sep between groups of three digits, from the right ("1250000" → "1.250.000"). */
export function groupThousands(digits: string, sep: string): string {
  let out = digits.slice(0, digits.length % 3 || 3);
  for (let i = out.length; i < digits.length; i += 3) out += sep + digits.slice(i, i + 3);
  return out;
}

/**
 * A number as the language writes it, with at most maximumFractionDigits
 * decimals (rounded half away from zero, as Intl did) and none that are zero:
 * formatNumber(1250.5, "fr") is "1 250,5". NaN and ±Infinity give "":
 * there is nothing sensible to show.
 */
export function formatNumber(value: number, lang: string, maximumFractionDigits = 3): string {
  if (!Number.isFinite(value)) return "";
  return written(toDecimal(value, maximumFractionDigits), separatorsOf(lang));
}

function written(d: Decimal, s: Separators): string {
  return (d.negative ? "-" : "") + groupThousands(d.integer, s.group) + (d.fraction ? s.decimal + d.fraction : "");
}

/** What stands between a percentage and its sign: French and German put a no-break space (U+00A0) before %. */
const percentSpace: Record<string, string> = { fr: "\u00a0", de: "\u00a0" };

/**
 * A ratio as a percentage: formatPercent(0.125, "fr", 1) is "12,5 %". The
 * ratio is scaled on its decimal digits, so 0.07 is 7 % and not
 * 7.000000000000001 %.
 */
export function formatPercent(ratio: number, lang: string, maximumFractionDigits = 0): string {
  if (!Number.isFinite(ratio)) return "";
  return `${written(toDecimal(ratio, maximumFractionDigits, 2), separatorsOf(lang))}${percentSpace[lang] ?? ""}%`;
}
