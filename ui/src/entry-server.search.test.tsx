// @vitest-environment node
// A list page rendered on the server from initial results, as the Go side
// will give them: InstantSearch's getServerState computes them here from a
// search client that answers with three of the demo's listings.
import { describe, expect, it, vi } from "vitest";
import type { PageData } from "./lib/api/types";
import type { RenderInput, RenderPage } from "./entry-server";
import "./entry-server";
import * as fx from "./pages/__fixtures__/pages";
import { site } from "./pages/__fixtures__/site";
import hits from "./features/search/__fixtures__/hits-nl.json";
import { appServerState, searchAnswer } from "./features/search/testing";

interface Request {
  indexName: string;
  params?: { hitsPerPage?: number; page?: number };
}

const searches = vi.hoisted(() => ({ count: 0 }));

/** Answers every request with the fixture's hits, counting the searches. */
async function search(arg: Request[] | { requests: Request[] }) {
  searches.count++;
  const requests = Array.isArray(arg) ? arg : arg.requests;
  return {
    results: requests.map((r) => searchAnswer(r.indexName, r.params?.hitsPerPage ?? 24, { hits })),
  };
}

vi.mock("./lib/search/client", async (original) => ({
  ...(await original<typeof import("./lib/search/client")>()),
  createSearchClient: () => ({ search }),
}));

const renderPage = (globalThis as { renderPage?: RenderPage }).renderPage!;

async function initialResults(page: PageData, url: string) {
  return (await appServerState(page, url)).initialResults;
}

describe("renderPage with initial results", () => {
  it("writes the list's cards and count, without searching", async () => {
    const page = fx.forSaleNl;
    const search = await initialResults(page, page.path);
    expect(Object.keys(search)).toContain("properties_nl");
    const before = searches.count;
    const input: RenderInput = { url: page.path, site, page, search };
    const html = renderPage(JSON.stringify(input));
    expect(searches.count).toBe(before);
    for (const hit of hits) {
      expect(html).toContain(hit.url);
      expect(html).toContain(hit.priceText);
    }
    expect(html).toContain("3 panden te koop");
  });

  it("writes the list as before its first answer when there are none", () => {
    const page = fx.forSaleNl;
    const html = renderPage(JSON.stringify({ url: page.path, site, page }));
    expect(html).not.toContain(hits[0]!.url);
  });
});
