// @vitest-environment node
// The server's render, where it runs: no window, no document (the Go
// binary's engine has neither). Vitest's node environment also resolves
// the views' registry to its eager twin, as the server build does.
import { describe, expect, it } from "vitest";
import { accountPage, accountSite } from "./account/testing";
import type { PageData, SiteData } from "./api/types";
import type { RenderInput, RenderPage } from "./entry-server";
import "./entry-server";
import * as fx from "./pages/__fixtures__/pages";
import { site } from "./pages/__fixtures__/site";
import { searchSite } from "./pages/my-search/testing";
import * as projects from "./pages/projects/__fixtures__";

/** The same page in the other language, for views whose fixtures exist in one. */
function translated(page: PageData, lang: string, path: string, title: string): PageData {
  return { ...page, lang, path, title, breadcrumb: [{ name: lang === "fr" ? "Accueil" : "Home", path: `/${lang}/` }] };
}

interface Case {
  name: string;
  page: PageData;
  site?: SiteData;
  /** The h1's text when it is not the page's title. */
  h1?: string;
  /** Texts the HTML holds besides the page's h1. */
  texts?: string[];
}

const cases: Case[] = [
  { name: "home nl", page: fx.homeNl },
  { name: "home fr", page: fx.homeFr },
  { name: "for-sale nl", page: fx.forSaleNl },
  { name: "for-sale fr", page: translated({ ...fx.forSaleNl }, "fr", "/fr/a-vendre/", "À vendre") },
  { name: "for-rent nl", page: translated({ ...fx.forRentFr }, "nl", "/nl/te-huur/", "Te huur") },
  { name: "for-rent fr", page: fx.forRentFr },
  { name: "property nl", page: fx.propertyNl, texts: ["€ 245.000"] },
  { name: "property fr", page: fx.propertyFr, texts: ["245 000 €"] },
  { name: "projects nl", page: projects.listNl },
  { name: "projects fr", page: projects.listFr },
  { name: "project nl", page: projects.detailNl },
  { name: "project fr", page: projects.detailFr },
  { name: "article nl", page: fx.articleNl },
  { name: "article fr", page: fx.articleFr },
  { name: "office nl", page: fx.officeNl },
  { name: "office fr", page: fx.officeFr },
  { name: "guestbook nl", page: fx.guestbookNl },
  { name: "guestbook fr", page: translated(fx.guestbookNl, "fr", "/fr/temoignages/", "Témoignages") },
  { name: "login nl", page: translated(fx.loginFr, "nl", "/nl/login/", "Inloggen") },
  { name: "login fr", page: fx.loginFr },
  { name: "demand-register nl", page: translated(fx.demandRegisterFr, "nl", "/nl/inschrijven/", "Inschrijven") },
  { name: "demand-register fr", page: fx.demandRegisterFr },
  { name: "contact-demand nl", page: fx.contactDemandNl },
  { name: "contact-demand fr", page: translated(fx.contactDemandNl, "fr", "/fr/expertise-gratuite/", "Expertise gratuite") },
  { name: "feedback nl", page: fx.feedback("nl", "contact-me") },
  { name: "feedback fr", page: fx.feedback("fr", "contact-demand") },
  { name: "not-found nl", page: fx.notFoundNl, h1: "Oeps, deze pagina bestaat niet meer" },
  { name: "not-found fr", page: fx.notFoundFr, h1: "Oups, cette page n'existe plus" },
  {
    name: "password-forgotten nl",
    site: accountSite,
    page: accountPage("password-forgotten", "nl", "/nl/login/wachtwoord-vergeten/", "/password-forgotten/", "Wachtwoord vergeten"),
  },
  {
    name: "owner-portal fr",
    site: accountSite,
    page: accountPage("owner-portal", "fr", "/fr/proprietaires/portail/", "/owner-portal/", "Mes biens"),
  },
  {
    name: "password-reset fr",
    site: accountSite,
    page: accountPage("password-reset", "fr", "/fr/login/nouveau-mot-de-passe/", "/password-reset/", "Nouveau mot de passe"),
  },
  {
    name: "unsubscribe nl",
    site: searchSite,
    page: accountPage("unsubscribe", "nl", "/nl/uitschrijven/", "/unsubscribe/", "Uitschrijven"),
  },
  {
    name: "my-search nl",
    site: searchSite,
    page: accountPage("my-search", "nl", "/nl/mijn-zoekprofiel/", "/my-search/", "Mijn zoekprofiel"),
  },
];

/** The function the Go side calls, as the bundle defines it. */
const renderPage = (globalThis as { renderPage?: RenderPage }).renderPage!;

function render(c: Case, url = c.page.path): string {
  const input: RenderInput = { url, site: c.site ?? site, page: c.page };
  return renderPage(JSON.stringify(input));
}

/** The text of the page's h1, tags inside it dropped. */
function h1(html: string): string | undefined {
  const m = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  return m?.[1]?.replace(/<[^>]+>/g, "");
}

/** Text as React writes it into HTML. */
function escaped(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");
}

describe("renderPage", () => {
  it.each(cases)("renders $name with its heading", (c) => {
    const html = render(c);
    // A component that throws inside a Suspense boundary is left to the browser, with this note in development builds.
    expect(html).not.toContain("server rendering errored");
    expect(h1(html)).toBe(escaped(c.h1 ?? c.page.title));
    for (const text of c.texts ?? []) expect(html).toContain(escaped(text));
  });

  it("writes the texts of the page's language", () => {
    expect(render(cases[0]!)).toContain('lang="nl"');
  });

  it("renders a list with a search state in its address", () => {
    const html = render({ name: "for-sale", page: fx.forSaleNl }, "/nl/te-koop/?query=chalet&page=2");
    expect(h1(html)).toBe("Te koop");
  });
});
