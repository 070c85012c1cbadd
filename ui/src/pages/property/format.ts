import type { Lang } from "../../lib/api/types";
import { formatEuro, formatNumber } from "../../lib/format";
import { epcText } from "../../features/search/epc";

export interface Formatters {
  number: (n: number) => string;
  money: (n: number) => string;
}

/**
 * Number and euro formatting in the page's language ("1.250" in Dutch and
 * "1 250" in French), with the helpers the server renders with too (no Intl
 * there). Amounts read as the server's price text does: "€ 2.150,50", the
 * cents only when there are any.
 */
export function formatters(lang: Lang): Formatters {
  return { number: (n) => formatNumber(n, lang, 2), money: (n) => formatEuro(n, lang) };
}

/** "a_plus" → "A+", "e_sub" → "E-", "a_plusplus" → "A++": how the EPC certificates print a label. */
export function epcLabelText(label: string, labelText = ""): string {
  return labelText || epcText(label);
}
