/**
 * Cuts a (clean) description to `limit` characters for a quick-search
 * result, the spec's rule: at the last word boundary when that is past 80 %
 * of the limit, else at the limit, then an ellipsis.
 */
export function cutDescription(text: string, limit = 100): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if ([...clean].length <= limit) return clean;
  const cut = [...clean].slice(0, limit).join("");
  const space = cut.lastIndexOf(" ");
  const kept = space >= limit * 0.8 ? cut.slice(0, space) : cut;
  return kept.replace(/[\s,.;:!?-]+$/, "") + "…";
}
