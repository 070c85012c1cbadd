import type { PropertyResult, QuickResults, TownResult } from "./search";

export type Option = { kind: "property"; hit: PropertyResult } | { kind: "town"; hit: TownResult };

/** A name as a visitor may type it: no case, accents, hyphens or apostrophes ("Saint-Hubert" = "saint hubert"). */
export function fold(s: string): string {
  return s
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[-'’\s]+/g, " ")
    .trim();
}

/** The town the text names: its postcode, or its name typed whole. */
function namedTown(query: string, towns: readonly TownResult[]): TownResult | undefined {
  const q = fold(query);
  return q === "" ? undefined : towns.find((t) => t.zip === q || fold(t.name) === q);
}

/** The town a text starts to name (three letters at least), the first the index ranks. */
function startedTown(query: string, towns: readonly TownResult[]): TownResult | undefined {
  const q = fold(query);
  return q.length < 3 ? undefined : towns.find((t) => t.zip.startsWith(q) || fold(t.name).startsWith(q));
}

/** The options in the listbox's order: towns first when the text is a town's name or postcode, else references first. */
export function orderOptions(query: string, results: QuickResults): Option[] {
  const properties = results.properties.map((hit) => ({ kind: "property" as const, hit }));
  const towns = results.towns.map((hit) => ({ kind: "town" as const, hit }));
  return startedTown(query, results.towns) ? [...towns, ...properties] : [...properties, ...towns];
}

/**
 * What Enter opens when no option is picked: the town the text names, else
 * the only option, else the town the text starts to name. Nothing when the
 * text is ambiguous: the list stays open for the visitor to choose.
 */
export function enterTarget(query: string, options: readonly Option[]): Option | undefined {
  const towns = options.flatMap((o) => (o.kind === "town" ? [o.hit] : []));
  const town = namedTown(query, towns) ?? (options.length === 1 ? undefined : startedTown(query, towns));
  if (town) return { kind: "town", hit: town };
  return options.length === 1 ? options[0] : undefined;
}
