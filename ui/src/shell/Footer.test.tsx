import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderInShell, testSite } from "../app/testing";
import { Footer, columnClass } from "./Footer";

const openConsentSettings = vi.fn();
vi.mock("../features/consent", () => ({ openConsentSettings: () => openConsentSettings() }));

describe("Footer", () => {
  it("shows a column's public texts only", () => {
    renderInShell(<Footer />);
    expect(screen.getByRole("heading", { name: "Contact" })).toBeTruthy();
    expect(screen.getByText("Grand-Rue 24")).toBeTruthy();
    expect(screen.queryByText("Verborgen tekst")).toBeNull();
  });

  it("fills the copyright's year and name, and shows VAT and IPI numbers", () => {
    renderInShell(<Footer />);
    expect(screen.getByText(`© ${new Date().getFullYear()} Ardenne Immo`)).toBeTruthy();
    expect(screen.getByText("Btw BE 0712.345.678")).toBeTruthy();
    expect(screen.getByText("BIV-nr. 512.345")).toBeTruthy();
  });

  it("links the legal pages in the page's language", () => {
    renderInShell(<Footer />);
    expect(screen.getByRole("link", { name: "Disclaimer" }).getAttribute("href")).toBe("/nl/disclaimer/");
    expect(screen.getByRole("link", { name: "Privacyverklaring" }).getAttribute("href")).toBe("/nl/privacy-statement/");
    expect(screen.getByRole("link", { name: "Cookiebeleid" }).getAttribute("href")).toBe("/nl/cookie-policy/");
  });

  it("reopens the cookie settings", async () => {
    renderInShell(<Footer />);
    fireEvent.click(screen.getByRole("button", { name: "Cookie-instellingen" }));
    await waitFor(() => expect(openConsentSettings).toHaveBeenCalledTimes(1));
  });

  it("has no cookie settings button when consent is off", () => {
    renderInShell(<Footer />, { site: testSite({ consent: { enabled: false } }) });
    expect(screen.queryByRole("button", { name: "Cookie-instellingen" })).toBeNull();
  });

  it("sets the column widths of the 12-column grid per device class", () => {
    expect(columnClass({ sm: 12, md: 6, lg: 4 })).toBe("footer__col footer__col--sm-12 footer__col--md-6 footer__col--lg-4");
    expect(columnClass({ sm: 0, md: 6, lg: 13 })).toBe("footer__col footer__col--hide-sm footer__col--md-6");
  });
});
