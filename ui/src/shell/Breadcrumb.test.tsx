import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderInShell, testPage } from "../app/testing";
import { Breadcrumb } from "./Breadcrumb";

describe("Breadcrumb", () => {
  it("links the trail and marks the current page", () => {
    renderInShell(<Breadcrumb />);
    const nav = screen.getByRole("navigation", { name: "Kruimelpad" });
    expect(nav).toBeTruthy();
    expect(screen.getByRole("link", { name: "Home" }).getAttribute("href")).toBe("/nl/");
    const current = screen.getByText("Ons kantoor");
    expect(current.tagName).toBe("SPAN");
    expect(current.getAttribute("aria-current")).toBe("page");
  });

  it("is hidden on home", () => {
    const { container } = renderInShell(<Breadcrumb />, {
      page: testPage({ view: "home", path: "/nl/", breadcrumb: [{ name: "Home", path: "/nl/" }] }),
    });
    expect(container.innerHTML).toBe("");
  });
});
