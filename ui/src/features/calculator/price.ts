/**
 * The purchase prices the calculator costs, in euros. Nothing on the Belgian market sells for less than the first (a
 * parking space costs more); a price above the second is a typing slip of a few extra digits.
 */
export const priceBounds = { min: 1_000, max: 100_000_000 } as const;

/** Why a typed price is refused: not an amount at all, or an amount outside priceBounds. */
export type PriceProblem = "invalid" | "range";

// An amount as people type it: digits grouped by dots, commas, apostrophes or spaces, perhaps two decimals, a euro
// sign before or after; a leading minus sign makes it negative (refused as out of range, not as unreadable).
const amountPattern = /^([-\u2212\u2013])?\s*(?:€\s*)?(\d[\d\s.,'\u00a0\u202f]*?)\s*(?:€|eur|euros?)?$/iu;

/** Reads a typed price: "350.000", "350 000" and "€ 350.000,00" all mean 350000, "-5" is −5; null when it is no amount. */
export function parsePrice(text: string): number | null {
  const match = amountPattern.exec(text.trim());
  if (!match?.[2]) return null;
  const digits = match[2].replace(/[.,]\d{1,2}$/, "").replace(/\D/g, "");
  if (!digits) return null;
  return match[1] ? -Number(digits) : Number(digits);
}

export type PriceCheck =
  | { state: "empty" }
  | { state: "valid"; price: number }
  /** early: typing on cannot mend it (a sign, a letter, too many digits), so it is said at once, not on leaving the field. */
  | { state: "refused"; problem: PriceProblem; early: boolean };

/** Checks the price field's text: empty (nothing typed yet), a price to cost, or refused with the reason. */
export function checkPrice(text: string): PriceCheck {
  // A euro sign or spaces alone are the start of a price, not a wrong one.
  if (/^[\s€]*$/.test(text)) return { state: "empty" };
  // A plain check, not a schema library: the calculator is on every detail page, and zod would load with it
  // (~29 KB gzip before any interaction; issue 33).
  const amount = parsePrice(text);
  // Hundreds of digits make Infinity: no amount at all.
  if (amount === null || !Number.isFinite(amount)) return { state: "refused", problem: "invalid", early: true };
  if (amount >= priceBounds.min && amount <= priceBounds.max) return { state: "valid", price: amount };
  // A positive amount below the minimum may still be on its way ("35" of "350000"): it waits for the visitor to leave.
  const early = amount <= 0 || amount > priceBounds.max;
  return { state: "refused", problem: "range", early };
}
