import type { Rendition } from "../../lib/api/types";
import type { SearchClient } from "../../lib/search/client";

export interface PropertyResult {
  id: number;
  url: string;
  type: string;
  city: string;
  zip: string;
  description: string;
  thumbnail: Rendition | null;
}

export interface TownResult {
  name: string;
  zip: string;
  saleCount: number;
  rentCount: number;
}

export interface QuickResults {
  properties: PropertyResult[];
  towns: TownResult[];
}

export type QuickSearcher = (lang: string, query: string) => Promise<QuickResults>;

const perGroup = 5;

let client: Promise<SearchClient> | null = null;

/** The search client loads with the first search, so pages that never search do not carry it. */
function searchClient(): Promise<SearchClient> {
  client ??= import("../../lib/search/client").then((m) => m.createSearchClient());
  return client;
}

/** One round trip for both groups: properties (by reference, text) and towns (by name or postcode). */
export const searchQuick: QuickSearcher = async (lang, query) => {
  const c = await searchClient();
  const { results } = await c.search({
    requests: [
      {
        indexName: `properties_${lang}`,
        query,
        hitsPerPage: perGroup,
        attributesToRetrieve: ["id", "url", "type", "city", "zip", "description", "thumbnail"],
        attributesToHighlight: [],
      },
      { indexName: `cities_${lang}`, query, hitsPerPage: perGroup, attributesToHighlight: [] },
    ],
  });
  const [props, towns] = results as unknown as [{ hits: PropertyResult[] }, { hits: TownResult[] }];
  return { properties: props.hits, towns: towns.hits };
};
