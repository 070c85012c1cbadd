// Test helpers of the searcher's screens (imported by *.test.tsx only).
import type { RenderResult } from "@testing-library/react";
import i18next, { type i18n } from "i18next";
import type { ReactElement } from "react";
import { initReactI18next } from "react-i18next";
import { renderRouted } from "../../app/testing";
import type { Demand } from "../../lib/api/account";
import type { SiteData } from "../../lib/api/types";
import { accountPage, accountTexts } from "../../features/account/testing";
import { formTexts } from "../../features/forms/testing";
import de from "../../locales/de/search-profile.json";
import en from "../../locales/en/search-profile.json";
import fr from "../../locales/fr/search-profile.json";
import nl from "../../locales/nl/search-profile.json";
import { pageTexts } from "../__fixtures__/render";
import { route, site } from "../__fixtures__/site";

export const searchProfileTexts = { en, nl, fr, de };

/** The shared site fixture with the searcher's routes. */
export const searchSite: SiteData = {
  ...site,
  routes: [
    ...site.routes,
    route("/my-search/", "/nl/mijn-zoekprofiel/", "/fr/mon-profil-de-recherche/"),
    route("/unsubscribe/", "/nl/uitschrijven/", "/fr/desinscription/"),
    route("/demand-confirm/", "/nl/zoekprofiel-bevestigen/", "/fr/confirmer-ma-recherche/"),
  ],
};

export const mySearchNl = accountPage("my-search", "nl", "/nl/mijn-zoekprofiel/", "/my-search/", "Mijn zoekprofiel");
export const mySearchFr = accountPage("my-search", "fr", "/fr/mon-profil-de-recherche/", "/my-search/", "Mon profil de recherche");
export const unsubscribeNl = accountPage("unsubscribe", "nl", "/nl/uitschrijven/", "/unsubscribe/", "Uitschrijven");
export const confirmNl = accountPage("demand-confirm", "nl", "/nl/zoekprofiel-bevestigen/", "/demand-confirm/", "Zoekprofiel bevestigen");
export const confirmFr = accountPage("demand-confirm", "fr", "/fr/confirmer-ma-recherche/", "/demand-confirm/", "Confirmer ma recherche");
export const unsubscribeFr = accountPage("unsubscribe", "fr", "/fr/desinscription/", "/unsubscribe/", "Désinscription");

export const typeTree: Demand["typeTree"] = [
  { id: 82, name: "Woning", webId: 1, children: [{ id: 91, name: "Villa", webId: 11, children: [] }] },
  { id: 83, name: "Appartement", webId: 2, children: [] },
];

export function demand(extra: Partial<Demand> = {}): Demand {
  return {
    criteria: {
      goal: "buy",
      budget: 280000,
      minPrice: 0,
      maxPrice: 300000,
      minRooms: 2,
      minBathrooms: 0,
      minGarages: 0,
      minParkings: 0,
      types: [82],
      zips: ["6800"],
      area: [],
      timeSlots: ["morning"],
      newsletter: false,
      remark: "",
    },
    frequency: "immediate",
    paused: false,
    unsubscribed: false,
    email: "els@example.be",
    typeTree,
    ...extra,
  };
}

/** An i18next instance with the namespaces of the searcher's screens in all four languages, ready at once. */
export function searchProfileI18n(lang: string): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    resources: Object.fromEntries(
      (["en", "nl", "fr", "de"] as const).map((l) => [
        l,
        { "search-profile": searchProfileTexts[l], forms: formTexts[l], account: accountTexts[l], pages: pageTexts[l] },
      ]),
    ),
    ns: ["search-profile", "forms", "account", "pages"],
    defaultNS: "search-profile",
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

/** Renders a screen at `path`; any other path it goes to renders "landed on {path}{search}". */
export function renderScreen(ui: ReactElement, lang: string, path: string): RenderResult {
  return renderRouted(ui, searchProfileI18n(lang), path);
}

export interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * A fetch stub: `answer` gives the status and body for each request (by
 * method and URL); every request is recorded.
 */
export function stubServer(answer: (method: string, url: string, body: unknown) => [number, unknown]) {
  const calls: Call[] = [];
  const fetch = async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? "GET";
    const body = init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    calls.push({ method, url, headers: (init.headers ?? {}) as Record<string, string>, body });
    const [status, json] = answer(method, url, body);
    return new Response(JSON.stringify(json), { status, headers: { "content-type": "application/json" } });
  };
  return { calls, fetch };
}
