import { screen } from "@testing-library/react";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { commonTexts, renderInShell, testPage, testSite } from "../app/testing";
import { LanguageSwitcher, autonym } from "./LanguageSwitcher";

describe("LanguageSwitcher", () => {
  it("is not shown with one language", () => {
    const { container } = renderInShell(<LanguageSwitcher />, { site: testSite({ languages: ["nl"] }) });
    expect(container.innerHTML).toBe("");
  });

  it("lists upper-case codes named in their own language, the current one marked", () => {
    renderInShell(<LanguageSwitcher />);
    const nav = screen.getByRole("navigation", { name: "Kies uw taal" });
    const links = nav.querySelectorAll("a");
    expect([...links].map((a) => a.textContent)).toEqual(["NL", "FR"]);
    const nl = screen.getByRole("link", { name: "NL, Nederlands" });
    const fr = screen.getByRole("link", { name: "FR, Français" });
    expect(nl.getAttribute("aria-current")).toBe("true");
    expect(fr.getAttribute("aria-current")).toBeNull();
    expect(fr.getAttribute("lang")).toBe("fr");
    expect(fr.getAttribute("hreflang")).toBe("fr");
  });

  it("keeps the page: a property stays the same property", () => {
    const page = testPage({
      view: "property",
      path: "/nl/te-koop/bastogne/villa-met-tuin/1234/",
      internal: "",
      alternates: [
        { lang: "nl", path: "/nl/te-koop/bastogne/villa-met-tuin/1234/" },
        { lang: "fr", path: "/fr/a-vendre/bastogne/villa-avec-jardin/1234/" },
      ],
    });
    renderInShell(<LanguageSwitcher />, { page });
    expect(screen.getByRole("link", { name: "FR, Français" }).getAttribute("href")).toBe(
      "/fr/a-vendre/bastogne/villa-avec-jardin/1234/",
    );
  });

  it("falls back to the same route when the server gave no alternate", () => {
    renderInShell(<LanguageSwitcher />, { page: testPage({ alternates: [] }) });
    expect(screen.getByRole("link", { name: "FR, Français" }).getAttribute("href")).toBe("/fr/notre-agence/");
  });
});

describe("autonym", () => {
  it.each(["nl", "fr", "en", "de"])("names each language in itself on a %s page", async (pageLang) => {
    const instance = i18next.createInstance();
    await instance.init({ lng: pageLang, resources: { [pageLang]: { common: commonTexts[pageLang as keyof typeof commonTexts] } }, defaultNS: "common" });
    const t = instance.getFixedT(pageLang, "common");
    expect(["nl", "fr", "en", "de", "es"].map((l) => autonym(l, t))).toEqual(["Nederlands", "Français", "English", "Deutsch", "es"]);
  });
});
