import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderInShell, testPage, testSite } from "../app/testing";
import { MainMenu } from "./MainMenu";

describe("MainMenu", () => {
  it("lists Published items localized, in order, with home when allowed", () => {
    renderInShell(<MainMenu />);
    const nav = screen.getByRole("navigation", { name: "Hoofdmenu" });
    const top = within(nav).getAllByRole("listitem").filter((li) => li.parentElement?.classList.contains("menu__list"));
    expect(top.map((li) => li.querySelector("a")?.textContent)).toEqual(["Home", "Te koop", "Diensten"]);
    expect(within(nav).getByRole("link", { name: "Te koop" }).getAttribute("href")).toBe("/nl/te-koop/");
    expect(within(nav).queryByRole("link", { name: "Te huur" })).toBeNull();
  });

  it("leaves home out when the setting says so", () => {
    const site = testSite();
    renderInShell(<MainMenu />, { site: { ...site, header: { ...site.header, showHome: false } } });
    expect(screen.queryByRole("link", { name: "Home" })).toBeNull();
  });

  it("marks the current page", () => {
    renderInShell(<MainMenu />, { page: testPage({ path: "/nl/te-koop/", view: "for-sale" }) });
    expect(screen.getByRole("link", { name: "Te koop" }).getAttribute("aria-current")).toBe("page");
  });

  it("opens a submenu with its disclosure button and closes it with Escape", async () => {
    const user = userEvent.setup();
    renderInShell(<MainMenu />);
    const button = screen.getByRole("button", { name: "Toon de pagina's onder Diensten" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    const sub = document.getElementById(button.getAttribute("aria-controls") ?? "");
    expect(sub).not.toBeNull();
    expect([...(sub?.querySelectorAll("a") ?? [])].map((a) => a.textContent)).toEqual(["Verkoop", "Kantoor"]);
    await user.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(sub?.parentElement?.classList.contains("menu__item--open")).toBe(true);
    await user.tab();
    expect(document.activeElement?.textContent).toBe("Verkoop");
    await user.keyboard("{Escape}");
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(button);
  });

  it("closes the submenu when focus leaves it", async () => {
    renderInShell(<MainMenu />);
    const button = screen.getByRole("button", { name: /Diensten/ });
    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    fireEvent.blur(button, { relatedTarget: screen.getByRole("link", { name: "Home" }) });
    expect(button.getAttribute("aria-expanded")).toBe("false");
  });
});
