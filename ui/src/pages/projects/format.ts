import type { TFunction } from "i18next";
import type { Lang } from "../../lib/api/types";
import { formatNumber as writeNumber, joinList } from "../../lib/format";

// Not Intl: these screens are rendered on the server too, where there is none,
// and must read the same in every browser that hydrates them.

/** A surface or a count as the visitor's language writes it: "1.250,5" in nl, "1 250,5" in fr. */
export function formatNumber(value: number, lang: Lang): string {
  return writeNumber(value, lang, 1);
}

/** "Appartement, Penthouse en Woning", "Appartement et Penthouse": the words from the locale files. */
export function formatList(items: readonly string[], t: TFunction<"projects">): string {
  return joinList(items, (first, second, last) => t(last ? "join.last" : "join.next", { first, second }));
}

/**
 * A project's price range worded from the server's formatted amounts: both
 * ends, one of them, or price on request when neither is known. Equal ends
 * read as the single amount.
 */
export function priceRange(t: TFunction<"projects">, minText: string, maxText: string): string {
  if (minText && maxText) return minText === maxText ? minText : t("price.range", { min: minText, max: maxText });
  if (minText) return t("price.from", { min: minText });
  if (maxText) return t("price.upTo", { max: maxText });
  return t("price.onRequest");
}

/** A delivery the platform gives as a quarter: "Q3 2027" (or already "T3 2027"). */
const quarter = /^\s*[QT]([1-4])\s*(\d{4})\s*$/i;

/**
 * A project's delivery as the visitor's language writes it: a quarter is Q3 2027 in nl, en and de and T3 2027 in fr
 * (trimestre); anything else ("Spring 2027") is the platform's own words.
 */
export function formatDelivery(t: TFunction<"projects">, delivery: string): string {
  const m = quarter.exec(delivery);
  return m ? t("facts.quarter", { quarter: m[1], year: m[2] }) : delivery;
}
