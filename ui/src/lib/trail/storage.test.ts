import { describe, expect, it } from "vitest";
import { trailOf } from "./fixtures";
import { parseTrail, readTrail, trailKey, writeTrail } from "./storage";

function memoryStore(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

describe("trail storage", () => {
  it("writes under a versioned key and reads the same trail back", () => {
    const store = memoryStore();
    const trail = trailOf(1);
    writeTrail(trail, store);
    expect([...store.data.keys()]).toEqual([trailKey]);
    expect(trailKey).toMatch(/\.v\d+$/);
    expect(readTrail(store)).toEqual(trail);
  });

  it("reads nothing from an empty, blocked or throwing storage", () => {
    expect(readTrail(memoryStore())).toBeNull();
    expect(readTrail(null)).toBeNull();
    const throwing = { getItem: () => { throw new Error("SecurityError"); }, setItem: () => { throw new Error("QuotaExceededError"); } };
    expect(readTrail(throwing)).toBeNull();
    expect(() => writeTrail(trailOf(0), throwing)).not.toThrow();
  });

  it.each([
    ["not JSON", "{oops"],
    ["JSON null", "null"],
    ["a number", "42"],
    ["an array", "[1,2,3]"],
    ["an empty object", "{}"],
  ])("tolerates garbage: %s", (_name, raw) => {
    expect(readTrail(memoryStore({ [trailKey]: raw }))).toBeNull();
  });

  const valid = trailOf(0);
  it.each<[string, Record<string, unknown>]>([
    ["a missing language", { lang: undefined }],
    ["a strange language", { lang: "nl-BE<script>" }],
    ["a list elsewhere", { list: "https://example.com/nl/te-koop/" }],
    ["a protocol-relative list", { list: "//example.com/nl/te-koop/" }],
    ["an index with odd characters", { index: "properties nl" }],
    ["filters that are not text", { filters: 3 }],
    ["zero per page", { hitsPerPage: 0 }],
    ["a fractional count", { nbHits: 5.5 }],
    ["a negative offset", { offset: -12 }],
    ["an offset off the pages", { offset: 5 }],
    ["no hits", { hits: [] }],
    ["hits that are not a list", { hits: "4001,4002" }],
    ["a hit without id", { hits: [{ path: "/nl/te-koop/x/1/" }] }],
    ["a hit with a string id", { hits: [{ id: "4001", path: "/nl/te-koop/x/1/" }] }],
    ["a hit leading off the site", { hits: [{ id: 4001, path: "//evil.example/" }] }],
    ["a hit with a backslash path", { hits: [{ id: 4001, path: "/\\evil.example/" }] }],
    ["far too many hits", { hits: Array.from({ length: 400 }, (_, i) => ({ id: i + 1, path: `/p/${i + 1}/` })) }],
  ])("refuses %s", (_name, change) => {
    expect(parseTrail({ ...valid, ...change })).toBeNull();
    expect(readTrail(memoryStore({ [trailKey]: JSON.stringify({ ...valid, ...change }) }))).toBeNull();
  });

  it("drops unknown fields", () => {
    expect(parseTrail({ ...valid, extra: "x" })).toEqual(valid);
  });

  it("does not store an invalid trail", () => {
    const store = memoryStore();
    writeTrail({ ...valid, hits: [] }, store);
    expect(store.data.size).toBe(0);
  });

  it("keeps a full page of 48 small", () => {
    const store = memoryStore();
    writeTrail(trailOf(0, { hitsPerPage: 48 }), store);
    expect(store.data.get(trailKey)!.length).toBeLessThan(4000);
  });
});
