import { describe, expect, it } from "vitest";
import { testRoutes } from "../app/testing";
import { RouteTable, pathSegments } from "./routes";

const table = new RouteTable(testRoutes);

describe("RouteTable.localize", () => {
  it.each([
    ["/", "nl", "/nl/"],
    ["/for-sale/", "nl", "/nl/te-koop/"],
    ["/for-sale/", "fr", "/fr/a-vendre/"],
    ["/office/", "fr", "/fr/notre-agence/"],
    ["/demand-register/", "fr", "/fr/je-m'inscris/"],
    ["/login/", "en", "/en/login/"],
  ])("%s in %s is %s", (internal, lang, expected) => {
    expect(table.localize(internal, lang)).toBe(expected);
  });

  it("fills parameter segments", () => {
    expect(table.localize("/feedback/{form}/", "fr", { form: "contact-me" })).toBe("/fr/merci/contact-me/");
    expect(table.localize("/testimonials/{slug}/", "nl", { slug: "familie-peeters" })).toBe(
      "/nl/testimonials/familie-peeters/",
    );
  });

  it("takes an internal path whose parameters are already filled", () => {
    expect(table.localize("/feedback/site-contact/", "nl")).toBe("/nl/bedankt/site-contact/");
    expect(table.localize("/stat/stat-commons/", "fr")).toBe("/fr/stat/stat-commons/");
  });

  it("refuses a parameter value the route does not allow, or a missing one", () => {
    expect(table.localize("/feedback/{form}/", "fr", { form: "no-such-form" })).toBeNull();
    expect(table.localize("/feedback/no-such-form/", "fr")).toBeNull();
    expect(table.localize("/feedback/{form}/", "fr")).toBeNull();
  });

  it("answers null for a language without the page and for an unknown path", () => {
    expect(table.localize("/office/", "en")).toBeNull();
    expect(table.localize("/nowhere/", "nl")).toBeNull();
  });
});

describe("RouteTable.internalOf", () => {
  it.each([
    ["/nl/", { internal: "/", params: {}, lang: "nl" }],
    ["/fr/a-vendre/", { internal: "/for-sale/", params: {}, lang: "fr" }],
    ["/nl/ons-kantoor/", { internal: "/office/", params: {}, lang: "nl" }],
    ["/fr/merci/contact-me/", { internal: "/feedback/{form}/", params: { form: "contact-me" }, lang: "fr" }],
    ["/nl/testimonials/familie-peeters/", { internal: "/testimonials/{slug}/", params: { slug: "familie-peeters" }, lang: "nl" }],
  ])("%s", (path, expected) => {
    expect(table.internalOf(path)).toEqual(expected);
  });

  it("matches the apostrophe raw and percent-encoded", () => {
    const expected = { internal: "/demand-register/", params: {}, lang: "fr" };
    expect(table.internalOf("/fr/je-m'inscris/")).toEqual(expected);
    expect(table.internalOf("/fr/je-m%27inscris/")).toEqual(expected);
  });

  it("accepts a path without its trailing slash", () => {
    expect(table.internalOf("/fr/a-vendre")?.internal).toBe("/for-sale/");
  });

  it("round-trips every page of the table in every language", () => {
    for (const route of testRoutes) {
      if (route.internal.includes("{")) continue;
      for (const [lang, path] of Object.entries(route.paths)) {
        expect(table.internalOf(path)).toEqual({ internal: route.internal, params: {}, lang });
        expect(table.localize(route.internal, lang)).toBe(path);
      }
    }
  });

  it("does not match unknown paths, disallowed parameters, other languages or broken escapes", () => {
    expect(table.internalOf("/nl/bestaat-niet/")).toBeNull();
    expect(table.internalOf("/fr/merci/no-such-form/")).toBeNull();
    expect(table.internalOf("/en/ons-kantoor/")).toBeNull();
    expect(table.internalOf("/fr/je-m%2inscris/")).toBeNull();
    expect(table.internalOf("/fr/merci/contact%2Fme/")).toBeNull();
    expect(table.internalOf("/")).toBeNull();
  });
});

describe("pathSegments", () => {
  it("decodes each segment on its own and refuses dot or empty segments", () => {
    expect(pathSegments("/fr/je-m%27inscris/")).toEqual(["fr", "je-m'inscris"]);
    expect(pathSegments("/")).toEqual([]);
    expect(pathSegments("/nl//x/")).toBeNull();
    expect(pathSegments("/nl/../x/")).toBeNull();
    expect(pathSegments("nl/")).toBeNull();
  });
});
