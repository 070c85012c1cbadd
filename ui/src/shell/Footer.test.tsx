import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderInShell, testPage, testSite } from "../app/testing";
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

  it("fills the copyright's year and name", () => {
    renderInShell(<Footer />);
    expect(screen.getByText(`© ${new Date().getFullYear()} Ardenne Immo`)).toBeTruthy();
  });

  it("states the agency's legal mentions", () => {
    renderInShell(<Footer />);
    const mentions = within(screen.getByRole("list", { name: "Wettelijke vermeldingen" }));
    expect(mentions.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "Ardenne Immo SRL",
      "Erkend vastgoedmakelaar-bemiddelaar, BIV-nr. 512.345 (België)",
      "KBO 0712.345.678",
      "Btw BE 0712.345.678",
      "Toezichthoudende autoriteit: Beroepsinstituut van Vastgoedmakelaars (BIV), Luxemburgstraat 16B, 1000 Brussel",
      "BA en borgstelling via AXA Belgium (polisnr. 730.390.160)",
      "Deontologische code van het BIV (opent in een nieuw tabblad)",
    ]);
    const code = mentions.getByRole("link", { name: /Deontologische code van het BIV/ });
    expect(code.getAttribute("href")).toBe("https://www.biv.be/plichtenleer");
    expect(code.getAttribute("target")).toBe("_blank");
  });

  it("states them in French with the French supervisor and code", () => {
    renderInShell(<Footer />, { page: testPage({ lang: "fr", path: "/fr/notre-agence/" }) });
    const mentions = within(screen.getByRole("list", { name: "Mentions légales" }));
    expect(mentions.getByText("Agent immobilier intermédiaire agréé, IPI n° 512.345 (Belgique)")).toBeTruthy();
    expect(mentions.getByText("BCE 0712.345.678")).toBeTruthy();
    // The narrow no-break space before the colon: a matcher's text would normalise it to a space.
    expect(mentions.getAllByRole("listitem").map((li) => li.textContent)).toContain(
      "Autorité de contrôle\u202f: Institut professionnel des agents immobiliers (IPI), rue du Luxembourg 16B, 1000 Bruxelles",
    );
    expect(mentions.getByText("RC professionnelle et cautionnement via AXA Belgium (police n° 730.390.160)")).toBeTruthy();
    expect(mentions.getByRole("link", { name: /Code de déontologie de l'IPI/ }).getAttribute("href")).toBe("https://www.ipi.be/");
  });

  it("falls back to the bare number without a title, and leaves out what is not configured", () => {
    const site = testSite();
    site.agency = { ...site.agency, ipiTitle: {}, companyNumber: "", vat: "", insurer: { name: "", policy: "" }, deontologyUrl: {} };
    renderInShell(<Footer />, { site });
    const mentions = within(screen.getByRole("list", { name: "Wettelijke vermeldingen" }));
    expect(mentions.getByText("BIV-nr. 512.345")).toBeTruthy();
    expect(mentions.queryByText(/KBO|Btw|polisnr/)).toBeNull();
    expect(mentions.queryByRole("link")).toBeNull();
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
