import { describe, expect, it } from "vitest";
import ServerURL from "core-js-pure/actual/url";
import ServerURLSearchParams from "core-js-pure/actual/url-search-params";

// The server's URL (core-js's, installed by globals.ts where the engine has
// none) must read addresses as the browser does, or the links it writes
// differ from the ones the browser hydrates: each case is compared with
// the platform's own URL.

const fields = ["href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"] as const;

const cases: [string, string?][] = [
  ["http://localhost:8080/nl/te-koop/"],
  ["https://Www.Example.BE:443/a/b/../c/./d?x=1#top"],
  ["http://example.be:80"],
  ["http://example.be/fr/je-m'inscris/?q=l'été&a=b c#sé ction"],
  ["https://example.be/a b/é/{x}/`y`/\"z\"/<w>?k=\"v\"<>"],
  ["https://user:p@ss@example.be/x"],
  ["http://example.be\\nl\\te-koop\\"],
  ["  http://example.be/x\t\n "],
  ["/nl/te-koop/?type=Huis&type=Villa", "http://localhost"],
  ["nl/te-koop/", "http://localhost/fr/a/"],
  ["../b/./c/..", "http://localhost/fr/a/x"],
  ["?view=map", "http://localhost/nl/te-koop/?page=2#r"],
  ["#top", "http://localhost/nl/te-koop/?page=2#r"],
  ["", "http://localhost/nl/te-koop/?page=2#r"],
  ["//cdn.example.be/img.jpg", "https://example.be/nl/"],
  ["/nl/%2e%2E/fr/%2e/", "http://localhost"],
  ["/nl/../..", "http://localhost"],
  ["tel:+3261234567"],
  ["mailto:info@ardenne-immo.be?subject=Chalet à Bouillon"],
  ["https://www.youtube.com/embed/abc?rel=0"],
  ["http://localhost/nl/te-koop/chassepierre/stenen-woning/4030/ "],
];

describe("ServerURL", () => {
  it.each(cases)("reads %s (base %s) as the platform does", (input, base) => {
    const want = new URL(input, base);
    const got = new ServerURL(input, base);
    for (const f of fields) expect(got[f], f).toBe(want[f]);
    expect(String(got)).toBe(String(want));
    expect([...got.searchParams]).toEqual([...want.searchParams]);
  });

  it.each([["nl/te-koop/"], ["http://"], ["https://exa mple.be/"], ["http://x:99999/"], ["x", "tel:+32"]])("refuses %s as the platform does", (input, base?: string) => {
    expect(() => new URL(input, base)).toThrow(TypeError);
    expect(() => new ServerURL(input, base)).toThrow(TypeError);
    expect(ServerURL.canParse(input, base)).toBe(false);
  });

  it("writes a change of its searchParams into its address", () => {
    const want = new URL("http://h/nl/te-koop/?type=Huis&view=list#r");
    const got = new ServerURL("http://h/nl/te-koop/?type=Huis&view=list#r");
    for (const u of [want, got]) {
      u.searchParams.set("view", "map");
      u.searchParams.append("q", "a b");
    }
    expect(got.href).toBe(want.href);
    for (const u of [want, got]) u.searchParams.delete("view");
    expect(got.href).toBe(want.href);
  });
});

describe("ServerURLSearchParams", () => {
  const inits = ["?a=1&b=2&a=3", "q=l%27%C3%A9t%C3%A9+x&empty=&novalue&=v&&bad=%E0%A4%A", "k=%zz&x=1%2"];
  it.each(inits)("reads and writes %s as the platform does", (init) => {
    const want = new URLSearchParams(init);
    const got = new ServerURLSearchParams(init);
    expect([...got]).toEqual([...want]);
    expect(got.toString()).toBe(want.toString());
    expect([...got.keys()]).toEqual([...want.keys()]);
    expect(got.getAll("a")).toEqual(want.getAll("a"));
    expect(got.get("missing")).toBe(want.get("missing"));
  });

  it("builds from an object and a list, and edits as the platform does", () => {
    const obj = { query: "chalet à Bouillon", "a&b": "c=d", star: "*-._~!'()" };
    expect(new ServerURLSearchParams(obj).toString()).toBe(new URLSearchParams(obj).toString());
    const list: [string, string][] = [["b", "2"], ["a", "1"], ["b", "1"]];
    const want = new URLSearchParams(list);
    const got = new ServerURLSearchParams(list);
    for (const p of [want, got]) {
      p.sort();
      p.set("a", "x");
      p.delete("b", "1");
    }
    expect(got.toString()).toBe(want.toString());
    expect(got.has("b")).toBe(want.has("b"));
    expect(got.size).toBe(want.size);
  });
});
