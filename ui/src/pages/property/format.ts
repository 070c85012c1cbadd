import type { Lang } from "../../api/types";

// Belgian conventions for the national languages; English visitors read British English.
const locales: Record<string, string> = { nl: "nl-BE", fr: "fr-BE", de: "de-BE", en: "en-GB" };

export function localeOf(lang: Lang): string {
  return locales[lang] ?? `${lang}-BE`;
}

export interface Formatters {
  number: (n: number) => string;
  money: (n: number) => string;
}

/** Number and euro formatting in the page's language (Intl, so "1.250" in Dutch and "1 250" in French). */
export function formatters(lang: Lang): Formatters {
  const locale = localeOf(lang);
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const euros = new Intl.NumberFormat(locale, { style: "currency", currency: "EUR", maximumFractionDigits: 0 });
  // Cents, when there are any, always as two digits: "€ 2.150,50", never "€ 2.150,5".
  const cents = new Intl.NumberFormat(locale, { style: "currency", currency: "EUR", minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return { number: (n) => number.format(n), money: (n) => (Number.isInteger(n) ? euros : cents).format(n) };
}

/** "a_plus" → "A+", "e_sub" → "E-", "a_plusplus" → "A++": how the EPC certificates print a label. */
export function epcLabelText(label: string, labelText = ""): string {
  if (labelText) return labelText;
  return label.toUpperCase().replace(/_PLUSPLUS$/, "++").replace(/_PLUS$/, "+").replace(/_SUB$/, "-");
}
