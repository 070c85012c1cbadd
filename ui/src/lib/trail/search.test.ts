import qs from "qs";
import { describe, expect, it } from "vitest";
import { createStateMapping } from "../search/routing";
import { listState, listUrlAt, listUrlOf, pageRequest, parseQuery, stringifyQuery } from "./search";

const base = { index: "properties_nl", filters: "goal:sale", hitsPerPage: 12 };
const at = (list: string) => ({ ...base, list });

describe("query strings", () => {
  // The list's router reads and writes with qs (search/router.ts): the trail must agree with it.
  const route = { query: "huis met tuin & garage", type: ["Woning", "Villa"], price: "-300000", page: "2", view: "map" };

  it("writes what the router writes", () => {
    expect(stringifyQuery(route)).toBe(qs.stringify(route, { addQueryPrefix: true, arrayFormat: "repeat" }));
    expect(stringifyQuery({ query: "l'été (bis)!*" })).toBe(qs.stringify({ query: "l'été (bis)!*" }, { addQueryPrefix: true }));
  });

  it("reads what the router reads", () => {
    const search = qs.stringify(route, { arrayFormat: "repeat" });
    expect(parseQuery(search)).toEqual(qs.parse(search));
    expect(parseQuery("query=a+b")).toEqual({ query: "a b" });
  });

  it("leaves out undefined values and writes nothing for nothing", () => {
    expect(stringifyQuery({ view: undefined })).toBe("");
    expect(stringifyQuery({})).toBe("");
  });
});

describe("listUrlAt", () => {
  it.each([
    ["sets the page, 1-based in the address", "/nl/te-koop/?type=82", 2, "/nl/te-koop/?type=82&page=3"],
    ["replaces the page", "/nl/te-koop/?type=82&page=2", 0, "/nl/te-koop/?type=82"],
    ["keeps the sort, the count per page and the view", "/nl/te-koop/?sort=price_asc&perPage=24&view=map", 1, "/nl/te-koop/?page=2&sort=price_asc&perPage=24&view=map"],
    ["keeps repeated lists and ranges", "/fr/a-vendre/?type=82&type=81&price=100000-300000", 4, "/fr/a-vendre/?type=82&type=81&price=100000-300000&page=5"],
    ["drops what the list does not know", "/nl/te-koop/?utm_source=x&bedrooms=3", 0, "/nl/te-koop/?bedrooms=3"],
    ["works without a query", "/nl/te-koop/", 1, "/nl/te-koop/?page=2"],
  ])("%s", (_name, list, page, want) => {
    expect(listUrlAt(at(list), page)).toBe(want);
  });
});

describe("listUrlOf", () => {
  it("writes the state through the list's routing", () => {
    const state = { query: "bouillon", refinementList: { typeId: ["82"] }, page: 2, sortBy: "properties_nl_newest" };
    const url = listUrlOf("/nl/te-koop/", "properties_nl", state, undefined);
    expect(url).toBe("/nl/te-koop/?query=bouillon&type=82&page=2&sort=newest");
    expect(listState(at(url))).toEqual(createStateMapping("properties_nl").routeToState(createStateMapping("properties_nl").stateToRoute({ properties_nl: state }))["properties_nl"]);
  });

  it("carries the map view", () => {
    expect(listUrlOf("/nl/te-koop/", "properties_nl", {}, "map")).toBe("/nl/te-koop/?view=map");
  });
});

describe("pageRequest", () => {
  const params = (extra: object) => ({
    query: "",
    filters: "goal:sale",
    page: 1,
    hitsPerPage: 12,
    attributesToRetrieve: ["id", "url"],
    attributesToHighlight: [],
    ...extra,
  });

  it.each<[string, string, { indexName?: string; params: object }]>([
    ["the whole list", "/nl/te-koop/", { params: params({}) }],
    ["a text search", "/nl/te-koop/?query=bouillon", { params: params({ query: "bouillon" }) }],
    [
      "refinement lists, OR within one, AND between them",
      "/nl/te-koop/?type=82&type=81&epc=a_plus",
      { params: params({ facetFilters: [["typeId:82", "typeId:81"], ["epcLabel:a_plus"]] }) },
    ],
    ["a range with both bounds", "/nl/te-koop/?price=100000-300000", { params: params({ numericFilters: ["price>=100000", "price<=300000"] }) }],
    ["a range with a maximum only", "/nl/te-koop/?price=-300000", { params: params({ numericFilters: ["price<=300000"] }) }],
    ["a minimum", "/nl/te-koop/?bedrooms=3", { params: params({ numericFilters: ["bedrooms>=3"] }) }],
    ["a sort", "/nl/te-koop/?sort=price_desc", { indexName: "properties_nl_price_desc", params: params({}) }],
    ["an unknown sort stays on relevance", "/nl/te-koop/?sort=cheapest", { params: params({}) }],
    ["a value that looks like a negation", "/nl/te-koop/?city=-x", { params: params({ facetFilters: [["city:\\-x"]] }) }],
    ["garbage in the address", "/nl/te-koop/?price=abc&bedrooms=many&page=-3", { params: params({}) }],
  ])("%s", (_name, list, want) => {
    expect(pageRequest(at(list), 1)).toEqual({ indexName: want.indexName ?? "properties_nl", params: want.params });
  });

  it("asks for the trail's count per page whatever the address says", () => {
    expect(pageRequest({ ...at("/nl/te-koop/?perPage=48"), hitsPerPage: 24 }, 3).params).toMatchObject({ page: 3, hitsPerPage: 24 });
  });

  it("leaves the filter out when the list has none", () => {
    expect(pageRequest({ ...at("/nl/te-koop/"), filters: "" }, 0).params).not.toHaveProperty("filters");
  });
});
