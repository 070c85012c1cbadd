import { renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useRecordTrail } from "./record";
import { readTrail } from "./storage";

const search = vi.hoisted(() => ({ state: {} as Record<string, unknown> }));
vi.mock("react-instantsearch", () => ({ useInstantSearch: () => search.state }));

const hits = [
  { objectID: "4013", id: 4013, url: "/nl/te-koop/bouillon/woning/4013/" },
  { objectID: "4014", id: 4014, url: "/nl/te-koop/muno/villa/4014/" },
];

afterEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, "", "/");
});

describe("useRecordTrail", () => {
  it("records the page on screen, its search as the list's address and the fixed filter", () => {
    window.history.replaceState(null, "", "/nl/te-koop/?type=82");
    search.state = {
      results: { hits, page: 1, nbPages: 5, nbHits: 58, hitsPerPage: 12 },
      indexUiState: { configure: { filters: "goal:sale" }, refinementList: { typeId: ["82", "81"] }, page: 2 },
    };
    const { result } = renderHook(() => useRecordTrail("nl", "properties_nl"));
    result.current();
    expect(readTrail()).toEqual({
      lang: "nl",
      // From the state, not the address bar, which the router updates only later.
      list: "/nl/te-koop/?type=82&type=81&page=2",
      index: "properties_nl",
      filters: "goal:sale",
      hitsPerPage: 12,
      nbHits: 58,
      nbPages: 5,
      offset: 12,
      hits: [
        { id: 4013, path: "/nl/te-koop/bouillon/woning/4013/" },
        { id: 4014, path: "/nl/te-koop/muno/villa/4014/" },
      ],
    });
  });

  it("records nothing before the first answer", () => {
    search.state = { results: { __isArtificial: true, hits: [], page: 0, nbPages: 0, nbHits: 0, hitsPerPage: 12 }, indexUiState: {} };
    const { result } = renderHook(() => useRecordTrail("nl", "properties_nl"));
    result.current();
    expect(readTrail()).toBeNull();
  });
});
