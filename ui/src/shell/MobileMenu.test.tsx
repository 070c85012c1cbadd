import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderInShell, testSite } from "../app/testing";
import { MobileMenu } from "./MobileMenu";

describe("MobileMenu", () => {
  it("toggles its panel with aria-expanded and aria-controls", async () => {
    const user = userEvent.setup();
    renderInShell(<MobileMenu />);
    const toggle = screen.getByRole("button", { name: "Menu" });
    const panel = document.getElementById(toggle.getAttribute("aria-controls") ?? "");
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(panel?.hidden).toBe(true);
    await user.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(panel?.hidden).toBe(false);
    expect(screen.getByRole("navigation", { name: "Sitemenu" })).toBeTruthy();
  });

  it("keeps Tab inside while open and closes on Escape, focus back on the toggle", async () => {
    const user = userEvent.setup();
    renderInShell(<MobileMenu />);
    const toggle = screen.getByRole("button", { name: "Menu" });
    await user.click(toggle);
    const links = screen.getAllByRole("link");
    const last = links[links.length - 1];
    last?.focus();
    await user.tab();
    expect(document.activeElement).toBe(toggle);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(last);
    await user.keyboard("{Escape}");
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(toggle);
  });

  it("adds the free valuation only when the header setting enables it", async () => {
    const user = userEvent.setup();
    const { unmount } = renderInShell(<MobileMenu />);
    await user.click(screen.getByRole("button", { name: "Menu" }));
    expect(screen.getByRole("link", { name: "Gratis schatting" }).getAttribute("href")).toBe("/nl/gratis-schatting/");
    unmount();
    const site = testSite();
    renderInShell(<MobileMenu />, { site: { ...site, header: { ...site.header, contactDemandInMobileMenu: false } } });
    await user.click(screen.getByRole("button", { name: "Menu" }));
    expect(screen.queryByRole("link", { name: "Gratis schatting" })).toBeNull();
  });

  it("shows the Published children under their item", async () => {
    const user = userEvent.setup();
    renderInShell(<MobileMenu />);
    await user.click(screen.getByRole("button", { name: "Menu" }));
    expect(screen.getByRole("link", { name: "Verkoop" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Eigenaars" })).toBeNull();
  });
});
