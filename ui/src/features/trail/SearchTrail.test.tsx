import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import en from "../../locales/en/search.json";
import fr from "../../locales/fr/search.json";
import nl from "../../locales/nl/search.json";
import de from "../../locales/de/search.json";
import { hitsFrom, trailOf } from "../../lib/trail/fixtures";
import type { PageResult } from "./neighbours";
import { SearchTrail } from "./SearchTrail";
import { readTrail, trailKey, writeTrail, type Trail } from "../../lib/trail/storage";

const fetcher = vi.hoisted(() => ({ fetchPage: vi.fn<(trail: Trail, page: number) => Promise<PageResult>>() }));
vi.mock("./fetchPage", () => fetcher);

const id = (n: number) => 4000 + n;
const path = (n: number) => `/nl/te-koop/bouillon/woning/${id(n)}/`;

function renderTrail(listing: number, lang = "nl") {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: lang,
    resources: { en: { search: en }, nl: { search: nl }, fr: { search: fr }, de: { search: de } },
    ns: ["search"],
    defaultNS: "search",
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  const ui = (n: number) => (
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <SearchTrail id={id(n)} lang={lang} />
      </MemoryRouter>
    </I18nextProvider>
  );
  const view = render(ui(listing));
  return { ...view, show: (n: number) => view.rerender(ui(n)) };
}

const nav = () => screen.getByRole("navigation", { name: "Uw zoekresultaten" });
const href = (name: string) => within(nav()).getByRole("link", { name }).getAttribute("href");

beforeEach(() => {
  sessionStorage.clear();
  fetcher.fetchPage.mockReset();
});
afterEach(() => {
  sessionStorage.clear();
});

describe("SearchTrail", () => {
  it("renders nothing without a recorded search", () => {
    const { container } = renderTrail(1);
    expect(container.innerHTML).toBe("");
  });

  it("renders nothing for a listing the search did not show", () => {
    writeTrail(trailOf(0));
    const { container } = renderTrail(30);
    expect(container.innerHTML).toBe("");
  });

  it("renders nothing for a search recorded in another language", () => {
    writeTrail(trailOf(0, { lang: "fr" }));
    const { container } = renderTrail(1);
    expect(container.innerHTML).toBe("");
  });

  it("renders nothing over garbage in the storage", () => {
    sessionStorage.setItem(trailKey, '{"lang":"nl","hits":[{"id":"x"}]}');
    const { container } = renderTrail(1);
    expect(container.innerHTML).toBe("");
  });

  it("links back to the list, the previous and the next listing, and tells the position", () => {
    writeTrail(trailOf(1));
    renderTrail(13);
    expect(href("Terug naar de resultaten")).toBe("/nl/te-koop/?city=Bouillon&page=2");
    expect(href("Vorige")).toBe(path(12));
    expect(href("Volgende")).toBe(path(14));
    expect(within(nav()).getByText("Pand 14 van 58")).toBeTruthy();
    expect(fetcher.fetchPage).not.toHaveBeenCalled();
  });

  it.each([
    ["en", "Property 2 of 58", "Your search results"],
    ["fr", "Bien 2 sur 58", "Vos résultats de recherche"],
    ["de", "Objekt 2 von 58", "Ihre Suchergebnisse"],
  ])("speaks %s", (lang, position, label) => {
    writeTrail(trailOf(0, { lang }));
    renderTrail(1, lang);
    const landmark = screen.getByRole("navigation", { name: label });
    expect(within(landmark).getByText(position)).toBeTruthy();
  });

  it("has no previous link on the first listing of the search, nor a next on the last", () => {
    writeTrail(trailOf(0));
    const { show } = renderTrail(0);
    expect(within(nav()).queryByText("Vorige")).toBeNull();
    writeTrail(trailOf(4));
    show(57);
    expect(within(nav()).queryByText("Volgende")).toBeNull();
    expect(href("Vorige")).toBe(path(56));
    expect(within(nav()).getByText("Pand 58 van 58")).toBeTruthy();
  });

  it("fetches the next page at the page's edge and records it for the next listing", async () => {
    writeTrail(trailOf(0));
    let answer!: (r: PageResult) => void;
    fetcher.fetchPage.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderTrail(11);
    // Until the page is in, 'next' holds its place without leading anywhere.
    const pending = within(nav()).getByText("Volgende");
    expect(pending.tagName).toBe("SPAN");
    expect(pending.getAttribute("aria-disabled")).toBe("true");
    await waitFor(() => expect(fetcher.fetchPage).toHaveBeenCalledWith(expect.objectContaining({ offset: 0 }), 1));
    await act(async () => answer({ page: 1, hits: hitsFrom(12, 12), nbHits: 58, nbPages: 5 }));
    expect(href("Volgende")).toBe(path(12));
    expect(readTrail()?.hits).toHaveLength(24);
  });

  it("fetches the previous page at the page's start", async () => {
    writeTrail(trailOf(2));
    fetcher.fetchPage.mockResolvedValue({ page: 1, hits: hitsFrom(12, 12), nbHits: 58, nbPages: 5 });
    renderTrail(24);
    await waitFor(() => expect(href("Vorige")).toBe(path(23)));
    expect(href("Terug naar de resultaten")).toBe("/nl/te-koop/?city=Bouillon&page=3");
    expect(fetcher.fetchPage).toHaveBeenCalledTimes(1);
  });

  it("leaves 'next' off when the page cannot be fetched, without asking again", async () => {
    writeTrail(trailOf(0));
    fetcher.fetchPage.mockRejectedValue(new Error("offline"));
    renderTrail(11);
    await waitFor(() => expect(fetcher.fetchPage).toHaveBeenCalledTimes(1));
    await act(async () => {});
    expect(within(nav()).queryByRole("link", { name: "Volgende" })).toBeNull();
    expect(href("Vorige")).toBe(path(10));
    expect(fetcher.fetchPage).toHaveBeenCalledTimes(1);
  });

  it("reads the trail again for the next listing on the same page component", async () => {
    writeTrail(trailOf(0));
    fetcher.fetchPage.mockResolvedValue({ page: 1, hits: hitsFrom(12, 12), nbHits: 58, nbPages: 5 });
    const { show } = renderTrail(11);
    await waitFor(() => expect(href("Volgende")).toBe(path(12)));
    show(12);
    expect(within(nav()).getByText("Pand 13 van 58")).toBeTruthy();
    expect(href("Vorige")).toBe(path(11));
    expect(href("Terug naar de resultaten")).toBe("/nl/te-koop/?city=Bouillon&page=2");
  });

  it("is reached with the keyboard in reading order", async () => {
    writeTrail(trailOf(0));
    renderTrail(5);
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement?.textContent).toBe("Terug naar de resultaten");
    await user.tab();
    expect(document.activeElement?.textContent).toBe("Vorige");
    await user.tab();
    expect(document.activeElement?.textContent).toBe("Volgende");
  });
});
