import { useEffect, useState } from "react";
import type { SearchClient } from "../search/client";

/** A town of the towns index (cities_{lang}): what a postcode field suggests. */
export interface Town {
  name: string;
  zip: string;
}

export type TownSearcher = (langs: readonly string[], query: string) => Promise<Town[]>;

export const debounceMs = 150;
const perLanguage = 8;

let client: Promise<SearchClient> | null = null;

/** The search client loads with the first search, so a form nobody types a town in never carries it. */
function searchClient(): Promise<SearchClient> {
  client ??= import("../search/client").then((m) => m.createSearchClient());
  return client;
}

/**
 * Towns whose name or postcode matches the query, in every language of the
 * site (a Walloon town's Dutch name is as good as its French one, as the
 * server sees it), each once.
 */
export const searchTowns: TownSearcher = async (langs, query) => {
  const c = await searchClient();
  const { results } = await c.search({
    requests: langs.map((lang) => ({ indexName: `cities_${lang}`, query, hitsPerPage: perLanguage, attributesToHighlight: [] })),
  });
  const towns: Town[] = [];
  for (const r of results as unknown as { hits: Town[] }[]) {
    for (const { name, zip } of r.hits) if (!towns.some((t) => t.name === name && t.zip === zip)) towns.push({ name, zip });
  }
  return towns;
};

/**
 * The towns to suggest for what the visitor types, searched `debounceMs`
 * after the last keystroke (an older answer never replaces a newer one),
 * and every town name suggested so far, which `onKnown` receives.
 */
export function useTownSuggestions(
  langs: readonly string[],
  draft: string,
  onKnown?: (names: string[]) => void,
  search: TownSearcher = searchTowns,
): Town[] {
  const [towns, setTowns] = useState<Town[]>([]);
  const [known, setKnown] = useState<string[]>([]);
  const q = draft.trim();
  const langKey = langs.join();
  useEffect(() => {
    if (q === "") return;
    let current = true;
    const timer = window.setTimeout(() => {
      search(langKey.split(","), q).then(
        (found) => {
          if (!current) return;
          setTowns(found);
          setKnown((prev) => {
            const fresh = found.map((t) => t.name).filter((n) => !prev.includes(n));
            return fresh.length > 0 ? [...prev, ...fresh] : prev;
          });
        },
        () => current && setTowns([]),
      );
    }, debounceMs);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [langKey, q, search]);
  useEffect(() => {
    if (known.length > 0) onKnown?.(known);
  }, [known, onKnown]);
  return towns;
}
