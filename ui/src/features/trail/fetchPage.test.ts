import { describe, expect, it, vi } from "vitest";
import { fetchPage } from "./fetchPage";
import { trailOf } from "../../lib/trail/fixtures";

describe("fetchPage", () => {
  it("asks for the page of the same search and keeps only listings with a local path", async () => {
    const search = vi.fn().mockResolvedValue({
      results: [
        {
          hits: [
            { id: 4012, url: "/nl/te-koop/bouillon/woning/4012/" },
            { id: 4013, url: "https://elsewhere.example/" },
            { id: "4014", url: "/nl/te-koop/x/4014/" },
          ],
          nbHits: 58,
          nbPages: 5,
        },
      ],
    });
    const result = await fetchPage(trailOf(0, { list: "/nl/te-koop/?sort=price_asc&city=Bouillon" }), 1, { search });
    expect(search).toHaveBeenCalledWith({
      requests: [
        expect.objectContaining({
          indexName: "properties_nl_price_asc",
          filters: "goal:sale",
          facetFilters: [["city:Bouillon"]],
          page: 1,
          hitsPerPage: 12,
        }),
      ],
    });
    expect(result).toEqual({ page: 1, hits: [{ id: 4012, path: "/nl/te-koop/bouillon/woning/4012/" }], nbHits: 58, nbPages: 5 });
  });

  it("fails on an answer without hits", async () => {
    const search = vi.fn().mockResolvedValue({ results: [{ facetHits: [] }] });
    await expect(fetchPage(trailOf(0), 1, { search })).rejects.toThrow();
  });
});
