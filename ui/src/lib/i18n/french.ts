import type { i18n } from "i18next";

/** The prepositions French contracts with the article of a name that follows them. */
export type Preposition = "de" | "à";

const merged: Record<string, Record<Preposition, string>> = {
  le: { de: "du", à: "au" },
  les: { de: "des", à: "aux" },
};

/**
 * Writes a preposition before a name the way French joins them: the article at the start of the name merges with
 * it (de + Les Jardins → des Jardins, à + Le Rœulx → au Rœulx) and "de" elides before a vowel or h (d'Ardenne
 * Immo); "La" and "L'" do not merge (de La Roche). internal/french/contract.go is the same rule for the mails;
 * internal/french/testdata/contractions.json holds the cases both must agree on.
 */
export function contract(prep: Preposition, name: string): string {
  const trimmed = name.trim();
  if (trimmed === "") return prep;
  const space = trimmed.indexOf(" ");
  if (space > 0) {
    const article = merged[trimmed.slice(0, space).toLowerCase()];
    if (article) return `${article[prep]} ${trimmed.slice(space + 1)}`;
  }
  if (prep === "de" && /^[aeiouyhâàäéèêëîïôöûùüœæ]/iu.test(trimmed)) return `d'${trimmed}`;
  return `${prep} ${trimmed}`;
}

/**
 * Adds the formats French texts use to insert a name after a preposition: "Photos {{name, de}}" reads "Photos des
 * Jardins de Libramont", "{{type}} {{city, à}}" reads "Maison au Rœulx". Call it once the instance is initialized.
 */
export function addFrenchFormats(instance: i18n): void {
  for (const prep of ["de", "à"] as const) {
    instance.services.formatter?.add(prep, (value: unknown) => contract(prep, String(value)));
  }
}
