// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { detectionOrder, pathLanguage } from "./detection";
import { createI18n } from "./index";

const languages = ["nl", "fr", "de"];
const loader = async () => ({});

function visit(url: string) {
  window.history.replaceState(null, "", url);
}

function clearCookies() {
  for (const c of document.cookie.split(";")) {
    const name = c.split("=")[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

describe("detectionOrder", () => {
  it("is the spec's: path, stored choice, query string, cookie, browser, html lang", () => {
    expect(detectionOrder()).toEqual(["path", "localStorage", "querystring", "cookie", "navigator", "htmlTag"]);
  });
});

describe("pathLanguage", () => {
  it("is the first segment when it is an enabled language", () => {
    expect(pathLanguage("/fr/a-vendre/", languages)).toBe("fr");
    expect(pathLanguage("/en/login/", languages)).toBeUndefined();
    expect(pathLanguage("/property/12/", languages)).toBeUndefined();
    expect(pathLanguage("/", languages)).toBeUndefined();
  });
});

describe("language detection", () => {
  beforeEach(() => {
    clearCookies();
    localStorage.clear();
    document.documentElement.lang = "";
  });
  afterEach(() => {
    visit("/");
    clearCookies();
    vi.restoreAllMocks();
  });

  const detect = async () => (await createI18n({ languages, defaultLanguage: "nl", loader })).language;

  it("takes the path's language over everything else", async () => {
    visit("/fr/a-vendre/?lng=de");
    localStorage.setItem("i18nextLng", "de");
    document.cookie = "i18next=de; path=/";
    expect(await detect()).toBe("fr");
  });

  it("then the stored choice", async () => {
    visit("/property/12/?lng=fr");
    localStorage.setItem("i18nextLng", "de");
    document.cookie = "i18next=fr; path=/";
    expect(await detect()).toBe("de");
  });

  it("then the query string", async () => {
    visit("/property/12/?lng=fr");
    document.cookie = "i18next=de; path=/";
    expect(await detect()).toBe("fr");
  });

  it("then the cookie", async () => {
    visit("/property/12/");
    document.cookie = "i18next=de; path=/";
    document.documentElement.lang = "fr";
    expect(await detect()).toBe("de");
  });

  it("then the browser's languages", async () => {
    visit("/property/12/");
    vi.spyOn(window.navigator, "languages", "get").mockReturnValue(["de-DE", "fr"]);
    document.documentElement.lang = "fr";
    expect(await detect()).toBe("de");
  });

  it("then the page's lang attribute, and the default language last", async () => {
    visit("/property/12/");
    vi.spyOn(window.navigator, "languages", "get").mockReturnValue(["ja"]);
    vi.spyOn(window.navigator, "language", "get").mockReturnValue("ja");
    document.documentElement.lang = "fr";
    expect(await detect()).toBe("fr");
    localStorage.clear();
    clearCookies();
    document.documentElement.lang = "";
    expect(await detect()).toBe("nl");
  });

  it("stores the language in localStorage (i18nextLng) and the i18next cookie", async () => {
    visit("/fr/");
    await detect();
    expect(localStorage.getItem("i18nextLng")).toBe("fr");
    expect(document.cookie).toContain("i18next=fr");
  });

  it("lets the server's page language win when it is given", async () => {
    visit("/property/12/");
    localStorage.setItem("i18nextLng", "de");
    const i18n = await createI18n({ languages, defaultLanguage: "nl", lang: "fr", loader });
    expect(i18n.language).toBe("fr");
    expect(localStorage.getItem("i18nextLng")).toBe("fr");
  });
});
