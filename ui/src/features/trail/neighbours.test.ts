// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { hitsFrom, trailOf } from "../../lib/trail/fixtures";
import { locate, mergePage, type Neighbour } from "./neighbours";

const id = (n: number) => 4000 + n; // the listing at 0-based position n of the search
const hit = (n: number): Neighbour => ({ kind: "hit", hit: { id: id(n), path: `/nl/te-koop/bouillon/woning/${id(n)}/` } });
const page = (p: number): Neighbour => ({ kind: "page", page: p });
const none: Neighbour = { kind: "none" };

describe("locate", () => {
  it.each<[string, number, number, { position: number; page: number; previous: Neighbour; next: Neighbour }]>([
    ["the first of all", 0, 0, { position: 1, page: 0, previous: none, next: hit(1) }],
    ["the second of page 1", 0, 1, { position: 2, page: 0, previous: hit(0), next: hit(2) }],
    ["the last of page 1", 0, 11, { position: 12, page: 0, previous: hit(10), next: page(1) }],
    ["the first of page 2", 1, 12, { position: 13, page: 1, previous: page(0), next: hit(13) }],
    ["the last of a middle page", 2, 35, { position: 36, page: 2, previous: hit(34), next: page(3) }],
    ["the first of the last page", 4, 48, { position: 49, page: 4, previous: page(3), next: hit(49) }],
    ["the last of all", 4, 57, { position: 58, page: 4, previous: hit(56), next: none }],
  ])("%s", (_name, p, n, want) => {
    expect(locate(trailOf(p), id(n))).toEqual({ total: 58, ...want });
  });

  it("is null for a listing not in the trail", () => {
    expect(locate(trailOf(0), id(12))).toBeNull();
    expect(locate(trailOf(0), 1)).toBeNull();
  });

  it("has no neighbours in a search of one", () => {
    expect(locate(trailOf(0, { nbHits: 1 }), id(0))).toEqual({ position: 1, total: 1, page: 0, previous: none, next: none });
  });

  it("ends where the result ends even when the last page is full", () => {
    expect(locate(trailOf(1, { nbHits: 24 }), id(23))?.next).toEqual(none);
  });

  it("never counts fewer listings than the window holds", () => {
    expect(locate({ ...trailOf(0), nbHits: 5, nbPages: 1 }, id(11))).toMatchObject({ position: 12, total: 12, next: none });
  });

  it("walks a window of several pages without fetching", () => {
    const trail = { ...trailOf(1), offset: 12, hits: hitsFrom(12, 24) };
    expect(locate(trail, id(23))).toMatchObject({ position: 24, page: 1, previous: hit(22), next: hit(24) });
    expect(locate(trail, id(35))).toMatchObject({ page: 2, next: page(3) });
    expect(locate(trail, id(12))).toMatchObject({ previous: page(0) });
  });
});

describe("mergePage", () => {
  const result = (p: number, overrides: { nbHits?: number; count?: number } = {}) => ({
    page: p,
    hits: hitsFrom(p * 12, overrides.count ?? Math.min(12, 58 - p * 12)),
    nbHits: overrides.nbHits ?? 58,
    nbPages: Math.ceil((overrides.nbHits ?? 58) / 12),
  });

  it("appends the next page", () => {
    const merged = mergePage(trailOf(0), result(1), id(11));
    expect(merged.offset).toBe(0);
    expect(merged.hits.map((h) => h.id)).toEqual(hitsFrom(0, 24).map((h) => h.id));
    expect(locate(merged, id(11))?.next).toEqual(hit(12));
    expect(locate(merged, id(12))?.previous).toEqual(hit(11));
  });

  it("prepends the previous page", () => {
    const merged = mergePage(trailOf(2), result(1), id(24));
    expect(merged.offset).toBe(12);
    expect(merged.hits).toHaveLength(24);
    expect(locate(merged, id(24))?.previous).toEqual(hit(23));
  });

  it("keeps at most the pages around the current listing", () => {
    let trail = trailOf(0);
    for (let p = 1; p <= 4; p++) trail = mergePage(trail, result(p), id(p * 12 - 1));
    // Walking from page 4 to 5 (0-based 3 to 4): pages 3, 4 and 5 stay.
    expect(trail.offset).toBe(24);
    expect(trail.hits.map((h) => h.id)).toEqual(hitsFrom(24, 34).map((h) => h.id));
    expect(locate(trail, id(47))).toMatchObject({ position: 48, previous: hit(46), next: hit(48) });
  });

  it("takes the new counts", () => {
    const merged = mergePage(trailOf(0), result(1, { nbHits: 60 }), id(11));
    expect(merged).toMatchObject({ nbHits: 60, nbPages: 5 });
  });

  it("replaces the window by a page that does not join it", () => {
    const merged = mergePage(trailOf(0), result(3), id(11));
    expect(merged.offset).toBe(36);
    expect(locate(merged, id(11))).toBeNull();
  });

  it("adds nothing for an empty page (the result shrank)", () => {
    const merged = mergePage(trailOf(0), result(1, { count: 0, nbHits: 12 }), id(11));
    expect(merged.hits).toHaveLength(12);
    expect(locate(merged, id(11))?.next).toEqual(none);
  });
});
