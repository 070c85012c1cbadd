import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderInShell, testPage } from "../app/testing";
import { SmartLink } from "./SmartLink";

describe("SmartLink", () => {
  it("opens an external link in a new tab and says so", () => {
    renderInShell(<SmartLink to="mailto:info@ardenne-immo.be">Mail</SmartLink>);
    const link = screen.getByRole("link");
    expect(link.textContent).toBe("Mail (opent in een nieuw tabblad)");
    expect(link.getAttribute("href")).toBe("mailto:info@ardenne-immo.be");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
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
