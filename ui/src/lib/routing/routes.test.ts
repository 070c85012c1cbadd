import { describe, expect, it } from "vitest";
import type { RouteEntry } from "../api/types";
import cases from "../../../../site/testdata/route-cases.json";
import { RouteTable, pathSegments } from "./routes";

// The cases of site/testdata/route-cases.json, which the server's test (site/routes_test.go) runs too: the route
// matcher finds the same page here and there. The file's $comment says how to read a case.
interface ResolveCase {
  path: string;
  internal?: string;
  params?: Record<string, string>;
  lang?: string;
}

interface LocalizeCase {
  internal: string;
  lang: string;
  params?: Record<string, string>;
  path: string | null;
}

const routes = cases.routes as RouteEntry[];
const table = new RouteTable(routes);
const resolve = cases.resolve as ResolveCase[];
const localize = cases.localize as LocalizeCase[];

describe("RouteTable.internalOf", () => {
  it.each(resolve.map((c) => [c.path, c] as const))("%j", (path, c) => {
    expect(table.internalOf(path)).toEqual(c.internal ? { internal: c.internal, params: c.params ?? {}, lang: c.lang } : null);
  });

  it("round-trips every page of the table in every language", () => {
    for (const route of routes) {
      if (route.internal.includes("{")) continue;
      for (const [lang, path] of Object.entries(route.paths)) {
        expect(table.internalOf(path)).toEqual({ internal: route.internal, params: {}, lang });
        expect(table.localize(route.internal, lang)).toBe(path);
      }
    }
  });
});

describe("RouteTable.localize", () => {
  it.each(localize.map((c) => [c.internal, c.lang, c] as const))("%s in %s", (internal, lang, c) => {
    expect(table.localize(internal, lang, c.params)).toBe(c.path);
  });
});

describe("RouteTable.isInternal", () => {
  it.each([
    ["/for-sale/", true],
    ["/feedback/{form}/", true],
    ["/feedback/contact-me/", true],
    ["/feedback/hack/", false],
    ["/testimonials/Not_A_Slug/", false],
    ["https://example.be/", false],
    ["/nowhere/", false],
  ])("%s → %s", (link, want) => {
    expect(table.isInternal(link)).toBe(want);
  });
});

describe("pathSegments", () => {
  it.each([
    ["/fr/je-m%27inscris/", ["fr", "je-m'inscris"]],
    ["/", []],
    ["/nl//x/", null],
    ["/nl/../x/", null],
    ["nl/", null],
  ])("%s → %j", (path, want) => {
    expect(pathSegments(path)).toEqual(want);
  });
});
