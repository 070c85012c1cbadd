/**
 * Rounding on the decimal digits a number is written with, the same in
 * every JavaScript engine and without Intl.
 *
 * The digits are ECMAScript's Number::toString, which the language fixes
 * exactly (the shortest digits that read back as the same double), so V8,
 * SpiderMonkey, JavaScriptCore, QuickJS and goja all start from "1.005" for
 * 1.005. ICU, behind the browsers' Intl.NumberFormat and Intl.PluralRules,
 * starts from the same shortest digits and rounds half away from zero:
 * doing the same keeps the text the site showed with Intl, and rounds 1.005
 * to 1.01 as a reader would, not to 1.00 as the binary value would.
 */

/** A rounded number as digits: "-1234.5" is { negative: true, integer: "1234", fraction: "5" }. */
export interface Decimal {
  negative: boolean;
  /** No leading zeros; "0" below one. */
  integer: string;
  /** No trailing zeros; "" for a whole number. */
  fraction: string;
}

const written = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/;

/** Adds one to a string of digits ("199" → "200", "99" → "100"). */
function increment(digits: string): string {
  const out = digits.split("");
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== "9") {
      out[i] = String(Number(out[i]) + 1);
      return out.join("");
    }
    out[i] = "0";
  }
  return `1${out.join("")}`;
}

/**
 * A finite number rounded to at most maximumFractionDigits decimals, half
 * away from zero, after moving the decimal point `scale` places to the right
 * (2 for a percentage: 0.125 is 12.5, exactly, where 0.125 * 100 in binary
 * might not be). Zero, and a number that rounds to zero, is never negative:
 * "-0" means nothing to a reader. Callers keep NaN and ±Infinity out.
 */
export function toDecimal(value: number, maximumFractionDigits: number, scale = 0): Decimal {
  const m = written.exec(String(Math.abs(value)));
  if (!m) throw new RangeError(`not a finite number: ${value}`);
  let digits = m[1]! + (m[2] ?? "");
  // Where the decimal point falls among the digits.
  let point = m[1]!.length + Number(m[3] ?? 0) + scale;
  if (point < 0) {
    digits = "0".repeat(-point) + digits;
    point = 0;
  }
  if (point > digits.length) digits += "0".repeat(point - digits.length);
  const keep = point + maximumFractionDigits;
  if (digits.length > keep) {
    // The first dropped digit decides: 5 or more is at least half a unit.
    const up = digits.charCodeAt(keep) >= 53; // "5"
    digits = digits.slice(0, keep);
    if (up) {
      const next = increment(digits);
      if (next.length > digits.length) point += 1;
      digits = next;
    }
  }
  const integer = digits.slice(0, point).replace(/^0+/, "") || "0";
  const fraction = digits.slice(point).replace(/0+$/, "");
  return { negative: value < 0 && (integer !== "0" || fraction !== ""), integer, fraction };
}

/** The rounded number as plain ASCII digits ("-1234.5", "1000000"), never in exponent form. */
export function plainDecimal(value: number, maximumFractionDigits: number): string {
  const d = toDecimal(value, maximumFractionDigits);
  return (d.negative ? "-" : "") + d.integer + (d.fraction ? `.${d.fraction}` : "");
}
