import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderInShell, testPage, testSite } from "../app/testing";
import { HomeSearch } from "./HomeSearch";

const home = (lang: string, counts?: { sale: number; rent: number }) =>
  testPage({ view: "home", lang, path: `/${lang}/`, internal: "/", counts });

describe("HomeSearch", () => {
  it("links to the localized lists with plural counts", () => {
    renderInShell(<HomeSearch />, { page: home("nl", { sale: 58, rent: 1 }) });
    expect(screen.getByRole("heading", { name: "Zoek uw woning" })).toBeTruthy();
    expect(screen.getByText("In de Ardennen")).toBeTruthy();
    const sale = screen.getByRole("link", { name: /Te koop/ });
    expect(sale.getAttribute("href")).toBe("/nl/te-koop/");
    expect(sale.textContent).toContain("58 panden");
    expect(screen.getByRole("link", { name: /Te huur/ }).textContent).toContain("1 pand");
  });

  it("uses French plural rules (0 is singular)", () => {
    renderInShell(<HomeSearch />, { page: home("fr", { sale: 0, rent: 2 }) });
    expect(screen.getByRole("link", { name: /À vendre/ }).textContent).toContain("0 bien");
    expect(screen.getByRole("link", { name: /À louer/ }).getAttribute("href")).toBe("/fr/a-louer/");
    expect(screen.getByRole("link", { name: /À louer/ }).textContent).toContain("2 biens");
  });

  it("leaves the counts out when showCounts is off, and the block when disabled", () => {
    const site = testSite();
    const { unmount } = renderInShell(<HomeSearch />, {
      site: { ...site, homeSearch: { ...site.homeSearch, showCounts: false } },
      page: home("nl", { sale: 58, rent: 1 }),
    });
    expect(screen.getByRole("link", { name: /Te koop/ }).textContent).toBe("Te koop");
    unmount();
    const { container } = renderInShell(<HomeSearch />, {
      site: { ...site, homeSearch: { ...site.homeSearch, enabled: false } },
      page: home("nl"),
    });
    expect(container.innerHTML).toBe("");
  });
});
