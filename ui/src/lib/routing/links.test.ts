import { describe, expect, it } from "vitest";
import { testPage, testRoutes } from "../../app/testing";
import { alternatePath, carriedSearch, isExternal, resolveLink, samePath } from "./links";
import { RouteTable } from "./routes";

const table = new RouteTable(testRoutes);

describe("isExternal", () => {
  it.each([
    "https://www.facebook.com/agency",
    "http://example.be",
    "//cdn.example.be/file.pdf",
    "tel:+3261234567",
    "mailto:info@example.be",
    "www.example.be/http-page",
  ])("%s is external", (link) => {
    expect(isExternal(link)).toBe(true);
  });

  it.each(["/office/", "/nl/te-koop/", "/feedback/contact-me/", "#main", "office"])("%s is internal", (link) => {
    expect(isExternal(link)).toBe(false);
  });
});

describe("resolveLink", () => {
  it("keeps external links as they are", () => {
    expect(resolveLink("tel:+3261234567", "nl", table)).toEqual({ external: true, href: "tel:+3261234567", newTab: false });
    expect(resolveLink("https://example.be/", "nl", table)).toEqual({ external: true, href: "https://example.be/", newTab: true });
  });

  it("localizes internal route paths to the current language", () => {
    expect(resolveLink("/office/", "fr", table)).toEqual({ external: false, to: "/fr/notre-agence/" });
    expect(resolveLink("/feedback/contact-me/", "nl", table)).toEqual({ external: false, to: "/nl/bedankt/contact-me/" });
  });

  it("uses other paths as written", () => {
    expect(resolveLink("/nl/te-koop/", "fr", table)).toEqual({ external: false, to: "/nl/te-koop/" });
    expect(resolveLink("/office/", "en", table)).toEqual({ external: false, to: "/office/" });
  });
});

describe("alternatePath", () => {
  it("takes the server's alternate, which keeps the same property", () => {
    const page = testPage({
      view: "property",
      path: "/nl/te-koop/bastogne/villa/1234/",
      internal: "",
      alternates: [
        { lang: "nl", path: "/nl/te-koop/bastogne/villa/1234/" },
        { lang: "fr", path: "/fr/a-vendre/bastogne/villa/1234/" },
      ],
    });
    expect(alternatePath(page, "fr", table)).toBe("/fr/a-vendre/bastogne/villa/1234/");
  });

  it("falls back to the same route, then to the language's home", () => {
    const noAlternates = testPage({ alternates: [], internal: "/feedback/contact-me/" });
    expect(alternatePath(noAlternates, "fr", table)).toBe("/fr/merci/contact-me/");
    const unknown = testPage({ alternates: [], internal: "" });
    expect(alternatePath(unknown, "fr", table)).toBe("/fr/");
    expect(alternatePath(unknown, "de", table)).toBe("/de/");
  });

  it("leads a withdrawn listing's 410 page to its 410 page in the other language", () => {
    const gone = testPage({
      view: "property",
      status: 410,
      path: "/nl/te-koop/bouillon/villa/4012/",
      internal: "",
      alternates: [],
      switchTo: [{ lang: "fr", path: "/fr/a-vendre/bouillon/villa/4012/" }],
    });
    expect(alternatePath(gone, "fr", table)).toBe("/fr/a-vendre/bouillon/villa/4012/");
  });

  it("keeps a page not found on the same address in the other language", () => {
    const missing = (path: string) => testPage({ view: "not-found", lang: "nl", path, alternates: [], internal: "" });
    expect(alternatePath(missing("/nl/bestaat-niet/"), "fr", table)).toBe("/fr/bestaat-niet/");
    expect(alternatePath(missing("/nl/te-koop/bouillon/weg/999999/"), "fr", table)).toBe("/fr/te-koop/bouillon/weg/999999/");
    expect(alternatePath(missing("/zonder-taal"), "fr", table)).toBe("/fr/zonder-taal");
  });
});

describe("samePath", () => {
  it("ignores percent-encoding", () => {
    expect(samePath("/fr/je-m%27inscris/", "/fr/je-m'inscris/")).toBe(true);
    expect(samePath("/fr/a/", "/fr/b/")).toBe(false);
  });
});

describe("carriedSearch", () => {
  it.each([
    [
      "for-sale",
      "?type=82&type=8&city=Bouillon&query=chalet&price=-300000&bedrooms=3&page=2&view=map",
      "?type=82&type=8&city=Bouillon&query=chalet&price=-300000&bedrooms=3&page=2&view=map",
    ],
    ["for-rent", "?city=Arlon&city=Saint-Hubert", "?city=Arlon&city=Saint-Hubert"],
    ["for-sale", "", ""],
    ["office", "?type=82", ""],
    ["property", "?view=map", ""],
  ])("%s %s keeps %s", (view, search, want) => {
    expect(carriedSearch(view, search)).toBe(want);
  });
});
