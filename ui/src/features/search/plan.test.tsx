// @vitest-environment node
// The search plan against what it stands for: for each address, the state
// and requests of the plan are those react-instantsearch's getServerState
// collects rendering the same page, so a widget that changes its parameters
// (or one added, removed or moved) fails here until the plan follows.
import { describe, expect, it, vi } from "vitest";
import type { PageData } from "../../lib/api/types";
import type { SearchPlan as SearchPlanGlobal } from "../../entry-server";
import "../../entry-server";
import * as fx from "../../pages/__fixtures__/pages";
import { site } from "../../pages/__fixtures__/site";
import { searchPlan, type PlanRequest } from "./plan";
import { appServerState, searchAnswer } from "./testing";

const searches = vi.hoisted(() => ({ calls: [] as unknown[][] }));

/** Records the requests and answers each with no hits. */
async function search(requests: PlanRequest[]) {
  searches.calls.push(requests);
  return {
    results: requests.map((r) => searchAnswer(r.indexName, Number(r.params.hitsPerPage ?? 12))),
  };
}

vi.mock("../../lib/search/client", async (original) => ({
  ...(await original<typeof import("../../lib/search/client")>()),
  createSearchClient: () => ({ search }),
}));

const forSaleFr: PageData = { ...fx.forSaleNl, lang: "fr", path: "/fr/a-vendre/", title: "À vendre" };
const forRentNl: PageData = { ...fx.forRentFr, lang: "nl", path: "/nl/te-huur/", title: "Te huur" };

/** What getServerState sends and keeps for the page at url. */
async function serverState(page: PageData, url: string) {
  searches.calls = [];
  const { initialResults } = await appServerState(page, url);
  expect(searches.calls).toHaveLength(1);
  return { initialResults, requests: searches.calls[0] as PlanRequest[] };
}

const plain = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown;

const cases: [string, PageData, string][] = [
  ["bare list nl", fx.forSaleNl, "/nl/te-koop/"],
  ["bare list fr", forSaleFr, "/fr/a-vendre/"],
  ["rent list", forRentNl, "/nl/te-huur/"],
  ["rent list fr", fx.forRentFr, "/fr/a-louer/"],
  ["a town", fx.forSaleNl, "/nl/te-koop/?city=Bouillon"],
  ["two towns", fx.forSaleNl, "/nl/te-koop/?city=Bouillon&city=Paliseul"],
  ["a type", fx.forSaleNl, "/nl/te-koop/?type=82"],
  ["a price range", fx.forSaleNl, "/nl/te-koop/?price=200000-400000"],
  ["a maximum price", forSaleFr, "/fr/a-vendre/?price=-300000"],
  ["bedrooms minimum", fx.forSaleNl, "/nl/te-koop/?bedrooms=3"],
  ["a text query", fx.forSaleNl, "/nl/te-koop/?query=tuin"],
  ["page 2", fx.forSaleNl, "/nl/te-koop/?page=2"],
  ["another sort", fx.forSaleNl, "/nl/te-koop/?sort=price_asc"],
  ["more per page", fx.forSaleNl, "/nl/te-koop/?perPage=24"],
  ["sold hidden", fx.forSaleNl, "/nl/te-koop/?hideSold=1"],
  ["rented hidden, a town", fx.forRentFr, "/fr/a-louer/?hideSold=1&city=Bouillon"],
  ["the map view", fx.forSaleNl, "/nl/te-koop/?view=map"],
  ["the map view, filtered", fx.forRentFr, "/fr/a-louer/?view=map&city=Bouillon&bedrooms=2"],
  [
    "everything at once",
    forSaleFr,
    "/fr/a-vendre/?query=jardin&type=82&type=83&city=Bouillon&epc=b&features=garden&price=100000-&living=80-200&bedrooms=2&bathrooms=1&page=3&sort=newest&perPage=48",
  ],
  ["unknown and invalid parameters", fx.forSaleNl, "/nl/te-koop/?sort=cheapest&page=-1&bedrooms=many&utm_source=x"],
];

describe("searchPlan", () => {
  it.each(cases)("%s: the state and requests of getServerState", async (_, page, url) => {
    const plan = searchPlan({ url, site, page });
    expect(plan).not.toBeNull();
    const { initialResults, requests } = await serverState(page, url);
    expect(Object.keys(initialResults)).toEqual([plan!.indexId]);
    expect(plan!.requests).toEqual(plain(requests));
    expect(plan!.state).toEqual(plain(initialResults[plan!.indexId]!.state));
  });

  it("is null for a page that does not search", () => {
    expect(searchPlan({ url: "/nl/", site, page: fx.homeNl })).toBeNull();
  });

  it("searches the replica of the sort and the page of the address", () => {
    const plan = searchPlan({ url: "/nl/te-koop/?sort=price_desc&page=2&bedrooms=3", site, page: fx.forSaleNl })!;
    expect(plan.requests[0]).toMatchObject({ indexName: "properties_nl_price_desc", params: { page: 1, filters: "goal:sale", numericFilters: ["bedrooms>=3"] } });
  });

  it("is the global searchPlan of the server bundle, as JSON, and empty when nothing searches", () => {
    const global = (globalThis as { searchPlan?: SearchPlanGlobal }).searchPlan!;
    const input = { url: "/nl/te-koop/?city=Bouillon", site, page: fx.forSaleNl };
    expect(JSON.parse(global(JSON.stringify(input)))).toEqual(searchPlan(input));
    expect(global(JSON.stringify({ url: "/nl/", site, page: fx.homeNl }))).toBe("");
  });
});
