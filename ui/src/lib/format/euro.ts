import { groupThousands, separatorsOf } from "./number";

/** Where the euro sign goes, as listing/price.go writes it: before in Dutch and English, after in French and German. */
const euroSign: Record<string, { before: string; after: string }> = {
  nl: { before: "€ ", after: "" },
  fr: { before: "", after: "\u00a0€" },
  en: { before: "€", after: "" },
  de: { before: "", after: "\u00a0€" },
};

/** Go's math.Round for x ≥ 0: half away from zero, on the binary value (x − ⌊x⌋ is exact). */
function roundHalfUp(x: number): number {
  const whole = Math.floor(x);
  return x - whole >= 0.5 ? whole + 1 : whole;
}

/**
 * A euro amount exactly as listing.FormatEuro writes it on the server, so a
 * price the server formatted and one the page formats read alike:
 * "€ 250.000" (nl), "250 000 €" (fr, U+202F between groups and U+00A0
 * before €), "€250,000" (en), "250.000 €" (de); cents only when there are
 * any after rounding to the cent ("€ 1.250,50"); a minus in front
 * ("-€ 1.500"); an unknown language writes Dutch; NaN and ±Infinity give "".
 * The cents are rounded on the binary value as Go does (1.005 € is 1 €, not
 * 1,01 €), which is exact for any amount below 2^53 cents.
 * testdata/format/cases.json holds the cases both must agree on.
 */
export function formatEuro(amount: number, lang: string): string {
  if (!Number.isFinite(amount)) return "";
  const sign = euroSign[lang] ?? euroSign.nl!;
  const cents = roundHalfUp(Math.abs(amount) * 100);
  const rest = cents % 100;
  // (cents − rest) / 100 is a whole number, so the division is exact.
  let number = groupThousands(String((cents - rest) / 100), separatorsOf(lang).group);
  if (rest !== 0) number += separatorsOf(lang).decimal + String(rest).padStart(2, "0");
  return (amount < 0 && cents !== 0 ? "-" : "") + sign.before + number + sign.after;
}
