import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Link, MemoryRouter, useLocation } from "react-router";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PageData } from "../lib/api/types";
import type { PageAnswer } from "./api";
import { Root } from "./Root";
import { TestQueries } from "./testQueries";
import { testI18n, testPage, testSite } from "./testing";

vi.mock("../pages/registry", async () => {
  const { useTranslation } = await import("react-i18next");
  function Plain({ page }: { page: PageData }) {
    const { t } = useTranslation("common");
    return (
      <div>
        <h1>{page.title}</h1>
        <span data-testid="skip-text">{t("skipLink")}</span>
      </div>
    );
  }
  function Broken(): never {
    throw new Error("render failure");
  }
  function NotFound() {
    return <h1>not found view</h1>;
  }
  return { pageComponents: { office: Plain, "for-sale": Plain, login: Plain, home: Plain, article: Broken, "not-found": NotFound } };
});
vi.mock("../features/consent", () => ({ ConsentManager: () => null, openConsentSettings: () => {} }));

const office = testPage();
const forSale = testPage({
  view: "for-sale",
  path: "/nl/te-koop/",
  internal: "/for-sale/",
  title: "Te koop",
  documentTitle: "Te koop | Ardenne Immo",
  alternates: [
    { lang: "nl", path: "/nl/te-koop/" },
    { lang: "fr", path: "/fr/a-vendre/" },
  ],
});
const aVendre = testPage({
  ...forSale,
  lang: "fr",
  path: "/fr/a-vendre/",
  title: "À vendre",
  documentTitle: "À vendre | Ardenne Immo",
  breadcrumb: [
    { name: "Accueil", path: "/fr/" },
    { name: "À vendre", path: "/fr/a-vendre/" },
  ],
});

function Where() {
  const location = useLocation();
  return <span data-testid="where">{location.pathname}</span>;
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

type Pages = (path: string) => Promise<PageAnswer>;

/**
 * Serves GET /api/page with pages(path) (a rejection is a network failure)
 * and renders the shell at the initial page; fetcher records the asked paths.
 */
function renderApp(pages: Pages | (() => never), initial = office) {
  const fetcher = vi.fn(pages);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      const path = new URL(input, "http://localhost").searchParams.get("path") ?? "";
      const page = await fetcher(path);
      return new Response(JSON.stringify(page), { status: 200, headers: { "content-type": "application/json" } });
    }),
  );
  render(
    <TestQueries>
      <I18nextProvider i18n={testI18n(initial.lang)}>
        <MemoryRouter initialEntries={[initial.path]}>
          <Root site={testSite()} initialPage={initial} />
          <Link to="/nl/te-koop/">go for sale</Link>
          <Link to="/nl/onze-diensten/verkoop/">go article</Link>
          <Link to="/nl/eigenaars/">go owners</Link>
          <Link to="/nl/ons-kantoor/">go office</Link>
          <Where />
        </MemoryRouter>
      </I18nextProvider>
    </TestQueries>,
  );
  return fetcher;
}

const heading = () => screen.getByRole("heading", { level: 1 }).textContent;

beforeEach(() => {
  vi.spyOn(window, "scrollTo").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("Root", () => {
  it("shows the server's first page without a request, with its title and language", async () => {
    const fetcher = renderApp(() => {
      throw new Error("no request expected");
    });
    expect(heading()).toBe("Ons kantoor");
    expect(fetcher).not.toHaveBeenCalled();
    await waitFor(() => expect(document.title).toBe("Ons kantoor | Ardenne Immo"));
    expect(document.documentElement.lang).toBe("nl");
    expect(screen.getByRole("main")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Naar de inhoud" })).toBeTruthy();
  });

  it("keeps the old page while the next loads, then shows it, moves focus and announces it", async () => {
    const next = deferred<PageData>();
    const fetcher = renderApp(() => next.promise);
    fireEvent.click(screen.getByText("go for sale"));
    await waitFor(() => expect(fetcher).toHaveBeenCalledWith("/nl/te-koop/"));
    expect(heading()).toBe("Ons kantoor");
    expect(screen.getByRole("main").getAttribute("aria-busy")).toBe("true");
    await act(async () => next.resolve(forSale));
    await waitFor(() => expect(heading()).toBe("Te koop"));
    await waitFor(() => expect(document.title).toBe("Te koop | Ardenne Immo"));
    expect(screen.getByRole("main").getAttribute("aria-busy")).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("heading", { level: 1 })));
    expect(screen.getByRole("status").textContent).toBe("Pagina geladen: Te koop");
  });

  it("shows the API error state when the fetch fails, and retries", async () => {
    let calls = 0;
    const fetcher = renderApp(async () => {
      if (calls++ === 0) throw new TypeError("Failed to fetch");
      return forSale;
    });
    fireEvent.click(screen.getByText("go for sale"));
    expect(await screen.findByRole("heading", { name: "API-fout" })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toContain("fout opgetreden in de API");
    // The title is the document's, set in an effect that may commit after the heading's slice.
    await waitFor(() => expect(document.title).toBe("API-fout"));
    fireEvent.click(screen.getByRole("button", { name: "Opnieuw proberen" }));
    await waitFor(() => expect(heading()).toBe("Te koop"));
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it("catches a page that fails to render with the same error state", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const article = testPage({ view: "article", path: "/nl/onze-diensten/verkoop/", title: "Verkoop" });
    renderApp(async () => article);
    fireEvent.click(screen.getByText("go article"));
    expect(await screen.findByRole("heading", { name: "API-fout" })).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Hoofdmenu" })).toBeTruthy();
  });

  it("follows a redirect answer in place", async () => {
    const login = testPage({ view: "login", path: "/nl/login/", title: "Aanmelden" });
    const fetcher = renderApp(async (path: string) => (path === "/nl/eigenaars/" ? { redirect: "/nl/login/" } : login));
    fireEvent.click(screen.getByText("go owners"));
    await waitFor(() => expect(heading()).toBe("Aanmelden"));
    expect(screen.getByTestId("where").textContent).toBe("/nl/login/");
    expect(fetcher.mock.calls.map((c) => c[0])).toEqual(["/nl/eigenaars/", "/nl/login/"]);
  });

  it("switches the texts' language with the page's", async () => {
    const fetcher = renderApp(async () => aVendre, forSale);
    expect(screen.getByTestId("skip-text").textContent).toBe("Naar de inhoud");
    fireEvent.click(screen.getByRole("link", { name: "FR, Français" }));
    await waitFor(() => expect(heading()).toBe("À vendre"));
    expect(fetcher).toHaveBeenCalledWith("/fr/a-vendre/");
    expect(screen.getByTestId("skip-text").textContent).toBe("Aller au contenu");
    await waitFor(() => expect(document.documentElement.lang).toBe("fr"));
    expect(screen.getByRole("link", { name: "FR, Français" }).getAttribute("aria-current")).toBe("true");
  });

  it("answers a path it has shown before from its cache", async () => {
    const fetcher = renderApp(async () => forSale);
    fireEvent.click(screen.getByText("go for sale"));
    await waitFor(() => expect(heading()).toBe("Te koop"));
    fireEvent.click(screen.getByText("go office"));
    await waitFor(() => expect(heading()).toBe("Ons kantoor"));
    fireEvent.click(screen.getByText("go for sale"));
    await waitFor(() => expect(heading()).toBe("Te koop"));
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it("shows a view without a component as not found", () => {
    renderApp(() => {
      throw new Error("no request expected");
    }, testPage({ view: "guestbook" }));
    expect(heading()).toBe("not found view");
  });
});
