import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderInShell, testPage } from "../app/testing";
import { SmartLink } from "./SmartLink";

describe("SmartLink", () => {
  it("opens an external page in a new tab and says so", () => {
    renderInShell(<SmartLink to="https://www.facebook.com/ardenne-immo">Facebook</SmartLink>);
    const link = screen.getByRole("link");
    expect(link.textContent).toBe("Facebook (opent in een nieuw tabblad)");
    expect(link.getAttribute("href")).toBe("https://www.facebook.com/ardenne-immo");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it.each(["mailto:info@ardenne-immo.be", "tel:+3284312240"])("leaves %s to the phone or mail program, in no new tab", (to) => {
    renderInShell(<SmartLink to={to}>Contact</SmartLink>);
    const link = screen.getByRole("link");
    expect(link.textContent).toBe("Contact");
    expect(link.getAttribute("href")).toBe(to);
    expect(link.getAttribute("target")).toBeNull();
  });

  it("localizes an internal route path to the page's language", () => {
    renderInShell(<SmartLink to="/demand-register/">Inschrijven</SmartLink>, {
      page: testPage({ lang: "fr", path: "/fr/notre-agence/" }),
    });
    const link = screen.getByRole("link");
    expect(link.getAttribute("href")).toBe("/fr/je-m'inscris/");
    expect(link.getAttribute("target")).toBeNull();
  });
});
