import type { PageData, SiteData } from "../../api/types";
import { accountPage, accountSite } from "../../account/testing";
import { searchSite } from "../my-search/testing";
import * as projects from "../projects/__fixtures__";
import * as fx from "./pages";

// Every page kind in nl and fr as the server renders it: the server
// entry's tests (entry-server.test.tsx) and the hydration test
// (hydration.test.tsx) go through the same list.

/** The same page in the other language, for views whose fixtures exist in one. */
function translated(page: PageData, lang: string, path: string, title: string): PageData {
  return { ...page, lang, path, title, breadcrumb: [{ name: lang === "fr" ? "Accueil" : "Home", path: `/${lang}/` }] };
}

export interface Case {
  name: string;
  page: PageData;
  site?: SiteData;
  /** The h1's text when it is not the page's title. */
  h1?: string;
  /** Texts the HTML holds besides the page's h1. */
  texts?: string[];
}

export const cases: Case[] = [
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
  // The list lives in the browser: the server renders the page without it.
  { name: "favourites nl", page: accountPage("favourites", "nl", "/nl/favorieten/", "/favourites/", "Favorieten") },
  { name: "favourites fr", page: accountPage("favourites", "fr", "/fr/favoris/", "/favourites/", "Favoris") },
];
