// @vitest-environment jsdom
import type { InitialResults } from "instantsearch.js";
import { afterEach, describe, expect, it } from "vitest";
import { recordFirstResults } from "./firstResults";
import { readTrail } from "./storage";

const hits = [
  { objectID: "4013", id: 4013, url: "/nl/te-koop/bouillon/woning/4013/" },
  { objectID: "4014", id: 4014, url: "/nl/te-koop/muno/villa/4014/" },
];

/** The server's first results for properties_nl, as InstantSearch hands them over: page 2 (0-based 1) of 61, 24 a page. */
function initialResults(result: Record<string, unknown> = {}): InitialResults {
  return {
    properties_nl: {
      state: {},
      results: [{ index: "properties_nl_price_asc", hits, page: 1, nbPages: 3, nbHits: 61, hitsPerPage: 24, ...result }],
    },
  } as unknown as InitialResults;
}

afterEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, "", "/");
});

describe("recordFirstResults", () => {
  it("records the server's page as the search of the address: its filters, sort, page and page size, the fixed filter", () => {
    window.history.replaceState(null, "", "/nl/te-koop/?sort=price_asc&type=82&bedrooms=2&page=2&perPage=24");
    recordFirstResults("nl", "properties_nl", "goal:sale", initialResults());
    expect(readTrail()).toEqual({
      lang: "nl",
      // As the list's router writes it (useRecordTrail records the same from the live list's state).
      list: "/nl/te-koop/?type=82&bedrooms=2&page=2&sort=price_asc&perPage=24",
      index: "properties_nl",
      filters: "goal:sale",
      hitsPerPage: 24,
      nbHits: 61,
      nbPages: 3,
      offset: 24,
      hits: [
        { id: 4013, path: "/nl/te-koop/bouillon/woning/4013/" },
        { id: 4014, path: "/nl/te-koop/muno/villa/4014/" },
      ],
    });
  });

  it("leaves out of the list what the list does not read from its address", () => {
    window.history.replaceState(null, "", "/nl/te-koop/?utm_source=mail&city=Bouillon");
    recordFirstResults("nl", "properties_nl", "goal:sale", initialResults({ page: 0 }));
    expect(readTrail()).toMatchObject({ list: "/nl/te-koop/?city=Bouillon", offset: 0 });
  });

  it.each<[string, InitialResults | undefined]>([
    ["no server results", undefined],
    ["results of another index", { properties_fr: initialResults().properties_nl } as unknown as InitialResults],
    ["an index without results", { properties_nl: { state: {}, results: [] } } as unknown as InitialResults],
    ["results without a page size", initialResults({ hitsPerPage: undefined })],
    ["results without a count", initialResults({ nbHits: undefined })],
    ["results without hits", initialResults({ hits: [] })],
  ])("records nothing from %s", (_name, initial) => {
    window.history.replaceState(null, "", "/nl/te-koop/");
    recordFirstResults("nl", "properties_nl", "goal:sale", initial);
    expect(readTrail()).toBeNull();
  });
});
