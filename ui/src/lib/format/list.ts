/**
 * Joins items the way CLDR's list patterns do for the site's languages: the
 * last two with the language's word for "and", the others with a comma
 * ("Appartement, Penthouse en Woning"). The words come from the caller, out
 * of the locale files: `join(first, second, last)` writes two parts, last
 * telling whether second is the final item.
 */
export function joinList(items: readonly string[], join: (first: string, second: string, last: boolean) => string): string {
  if (items.length === 0) return "";
  let out = items[0]!;
  for (let i = 1; i < items.length; i++) out = join(out, items[i]!, i === items.length - 1);
  return out;
}
