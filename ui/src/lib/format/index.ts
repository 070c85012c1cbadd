// Formatting that gives the same text on the server (an embedded JavaScript
// engine without Intl) and in every browser, so hydration finds what the
// server wrote. Nothing here may use Intl or toLocale*.
export { formatDate } from "./date";
export { formatEuro } from "./euro";
export { joinList } from "./list";
export { formatNumber, formatPercent, groupThousands, separatorsOf, type Separators } from "./number";
export { pluralCategory, pluralRules, type PluralCategory, type PluralRulesLike, type PluralType } from "./plural";
