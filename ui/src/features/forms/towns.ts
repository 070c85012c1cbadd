import { useEffect, useState } from "react";
import type { SearchClient } from "../../lib/search/client";
import { sameTown } from "./rules";
import { postcode } from "./spec";

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
  client ??= import("../../lib/search/client").then((m) => m.createSearchClient());
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

/** The towns to suggest for what the visitor types, searched `debounceMs` after the last keystroke (an older answer never replaces a newer one). */
export function useTownSuggestions(langs: readonly string[], draft: string, search: TownSearcher = searchTowns): Town[] {
  const [towns, setTowns] = useState<Town[]>([]);
  const q = draft.trim();
  const langKey = langs.join();
  useEffect(() => {
    if (q === "") return;
    let current = true;
    const timer = window.setTimeout(() => {
      search(langKey.split(","), q).then(
        (found) => current && setTowns(found),
        () => current && setTowns([]),
      );
    }, debounceMs);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [langKey, q, search]);
  return towns;
}

/**
 * Looks up each town name among a list's entries in the towns index and
 * tells `onUnknown` the names no town has (for the schema to refuse them
 * at once). A name not looked up yet, or whose lookup failed, is not
 * refused: the server, which resolves the names, is the judge.
 */
export function useUnknownTowns(
  langs: readonly string[],
  entries: readonly string[],
  onUnknown?: (names: string[]) => void,
  search: TownSearcher = searchTowns,
): void {
  const [verdicts, setVerdicts] = useState<Record<string, boolean>>({});
  const langKey = langs.join();
  const names = entries.filter((e) => postcode(e) === null);
  const pending = names.filter((n) => !(n in verdicts)).join("\n");
  useEffect(() => {
    if (pending === "") return;
    let current = true;
    for (const name of pending.split("\n")) {
      search(langKey.split(","), name).then(
        (found) => current && setVerdicts((v) => ({ ...v, [name]: found.some((t) => sameTown(t.name, name)) })),
        () => undefined,
      );
    }
    return () => {
      current = false;
    };
  }, [langKey, pending, search]);
  const unknown = Object.entries(verdicts)
    .filter(([, known]) => !known)
    .map(([name]) => name);
  const unknownKey = unknown.join("\n");
  useEffect(() => {
    onUnknown?.(unknownKey === "" ? [] : unknownKey.split("\n"));
  }, [unknownKey, onUnknown]);
}
