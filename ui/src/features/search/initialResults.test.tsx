// The browser's side of the server's initial results, in the shape the Go
// server builds them from a search plan (httpd/initial_results.go): the list
// starts from them without a search request, and the search client's cache
// answers InstantSearch's own requests for the same state.
import { createMemoryCache } from "@algolia/client-common";
import { act, screen } from "@testing-library/react";
import { liteClient } from "algoliasearch/lite";
import type { InitialResults } from "instantsearch.js";
import { hydrateSearchClient } from "instantsearch.js/es/lib/utils/hydrateSearchClient";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SiteContext } from "../../app/context";
import { renderWith } from "../../pages/__fixtures__/render";
import * as fx from "../../pages/__fixtures__/pages";
import { site } from "../../pages/__fixtures__/site";
import hits from "./__fixtures__/hits-nl.json";
import { InitialResultsContext } from "./initialResults";
import { LiveSearchList } from "./SearchList";
import { searchPlan, type SearchPlan } from "./plan";
import { searchAnswer } from "./testing";

const sent = vi.hoisted(() => ({ requests: [] as unknown[] }));

/**
 * A real lite client whose transport records the requests it would send and
 * fails them, with the browser build's caches (node's has none).
 */
function recordingClient() {
  return liteClient("estate", "public", {
    hosts: [{ url: "localhost", protocol: "http", accept: "read" }],
    responsesCache: createMemoryCache(),
    requestsCache: createMemoryCache({ serializable: false }),
    requester: {
      send(request) {
        sent.requests.push(request);
        return Promise.resolve({ status: 400, content: '{"message":"not in this test"}', isTimedOut: false });
      },
    },
  });
}

vi.mock("../../lib/search/client", async (original) => ({
  ...(await original<typeof import("../../lib/search/client")>()),
  createSearchClient: () => recordingClient(),
}));

/** The answer of one planned request: the fixture's hits for the main query, counts only for the others. */
function answer(r: SearchPlan["requests"][number], i: number) {
  const main = i === 0;
  return searchAnswer(r.indexName, Number(r.params.hitsPerPage), {
    hits: main ? hits : [],
    nbHits: hits.length,
    facets: { city: { Bouillon: 2, Bertrix: 1 } },
  });
}

/** httpd's initialResults for a plan: {indexId: {state, results, requestParams}}. */
function initialResults(plan: SearchPlan): InitialResults {
  return {
    [plan.indexId]: {
      state: plan.state,
      results: plan.requests.map(answer),
      requestParams: plan.requests.map((r) => r.params),
    },
  } as unknown as InitialResults;
}

const url = "/nl/te-koop/?city=Bouillon&bedrooms=2";

/** The Dutch for-sale live list at url, started from the plan's initial results. */
function renderList(plan: SearchPlan) {
  return renderWith(
    <SiteContext.Provider value={site}>
      <InitialResultsContext.Provider value={initialResults(plan)}>
        <LiveSearchList lang="nl" goal="sale" map={site.map} mapView={() => null} favouriteButton={() => null} />
      </InitialResultsContext.Provider>
    </SiteContext.Provider>,
    "nl",
    url,
  );
}

beforeEach(() => {
  sent.requests = [];
  window.history.replaceState(null, "", url);
});

afterEach(() => {
  window.history.replaceState(null, "", "/");
});

describe("initial results from a search plan", () => {
  it("start the list without a search request", async () => {
    const plan = searchPlan({ url, site, page: fx.forSaleNl })!;
    renderList(plan);
    expect(screen.getAllByRole("link").map((a) => a.getAttribute("href"))).toEqual(expect.arrayContaining(hits.map((h) => h.url)));
    // InstantSearch's deferred work and the router's write delay.
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(sent.requests).toEqual([]);
  });

  it("leave the next page's address and the network alone once the list is gone", async () => {
    // react-instantsearch keeps an instance hydrated from initial results alive after the list unmounts.
    const plan = searchPlan({ url, site, page: fx.forSaleNl })!;
    const { unmount } = renderList(plan);
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    // A language switch: the app's router moves on to the French list, with the filter the Dutch one had.
    unmount();
    const next = "/fr/a-vendre/?type=82";
    window.history.pushState(null, "", next);
    // The Dutch instance's widgets go, then its router's write delay.
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(window.location.pathname + window.location.search).toBe(next);
    // Back to the Dutch address: the new list follows it, not the instance left behind.
    window.history.pushState(null, "", url);
    window.dispatchEvent(new PopStateEvent("popstate"));
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(window.location.pathname + window.location.search).toBe(url);
    expect(sent.requests).toEqual([]);
  });

  it("fill the client's cache under the requests InstantSearch makes for the same state", async () => {
    const plan = searchPlan({ url, site, page: fx.forSaleNl })!;
    const client = recordingClient();
    const ir = initialResults(plan);
    hydrateSearchClient(client, ir);
    // As the helper calls the client: its own requests, parameters as objects.
    const res = await client.search(plan.requests as Parameters<typeof client.search>[0]);
    expect(sent.requests).toEqual([]);
    expect(res.results).toEqual(ir[plan.indexId]!.results);
  });
});
