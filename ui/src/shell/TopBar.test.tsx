import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderInShell, testSite } from "../app/testing";
import { TopBar } from "./TopBar";

describe("TopBar", () => {
  it("shows only items whose status is on, the phone number in the phone's own program", () => {
    renderInShell(<TopBar />);
    const phone = screen.getByRole("link", { name: /061 23 45 67/ });
    expect(phone.getAttribute("href")).toBe("tel:+3261234567");
    expect(phone.getAttribute("target")).toBeNull();
    expect(screen.queryByText("Verborgen")).toBeNull();
  });

  it("names an icon-only link and opens a web page in a new tab", () => {
    renderInShell(<TopBar />);
    const facebook = screen.getByRole("link", { name: /^Facebook/ });
    expect(facebook.getAttribute("href")).toBe("https://www.facebook.com/ardenne-immo");
    expect(facebook.getAttribute("target")).toBe("_blank");
    expect(facebook.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("localizes internal links through the router", () => {
    const site = testSite();
    site.topBar.left = [{ status: true, label: { nl: "Ons kantoor" }, link: "/office/", icon: "pin", color: "#ffcc00" }];
    renderInShell(<TopBar />, { site });
    const link = screen.getByRole("link", { name: "Ons kantoor" });
    expect(link.getAttribute("href")).toBe("/nl/ons-kantoor/");
    expect(link.getAttribute("target")).toBeNull();
  });

  it("renders nothing when no item is on", () => {
    const site = testSite();
    site.topBar.left = [];
    site.topBar.right = [];
    const { container } = renderInShell(<TopBar />, { site });
    expect(container.innerHTML).toBe("");
  });
});
