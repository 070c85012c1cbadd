// Test helpers of the account screens (imported by *.test.tsx only).
import type { RenderResult } from "@testing-library/react";
import i18next, { type i18n } from "i18next";
import type { ReactElement } from "react";
import { initReactI18next } from "react-i18next";
import { renderRouted } from "../../app/testing";
import { vi } from "vitest";
import type { PageData, SiteData, View } from "../../lib/api/types";
import { addFormats } from "../../lib/i18n/formats";
import de from "../../locales/de/account.json";
import en from "../../locales/en/account.json";
import fr from "../../locales/fr/account.json";
import nl from "../../locales/nl/account.json";
import { page } from "../../pages/__fixtures__/pages";
import { pageTexts } from "../../pages/__fixtures__/render";
import { route, site } from "../../pages/__fixtures__/site";

export const accountTexts = { en, nl, fr, de };

/** The shared site fixture with the account screens' routes. */
export const accountSite: SiteData = {
  ...site,
  routes: [
    ...site.routes,
    route("/password-forgotten/", "/nl/login/wachtwoord-vergeten/", "/fr/login/mot-de-passe-oublie/"),
    route("/password-reset/", "/nl/login/nieuw-wachtwoord/", "/fr/login/nouveau-mot-de-passe/"),
    route("/owner-portal/", "/nl/eigenaars/portaal/", "/fr/proprietaires/portail/"),
    route("/my-search/", "/nl/mijn-zoekprofiel/", "/fr/mon-profil-de-recherche/"),
  ],
};

/** An account screen's data: no content, no breadcrumb. */
export function accountPage(view: View, lang: string, path: string, internal: string, title: string): PageData {
  return page(view, lang, path, internal, title, { breadcrumb: [] });
}

export const forgottenNl = accountPage("password-forgotten", "nl", "/nl/login/wachtwoord-vergeten/", "/password-forgotten/", "Wachtwoord vergeten");
export const resetFr = accountPage("password-reset", "fr", "/fr/login/nouveau-mot-de-passe/", "/password-reset/", "Nouveau mot de passe");
export const portalNl = accountPage("owner-portal", "nl", "/nl/eigenaars/portaal/", "/owner-portal/", "Mijn panden");

/** An i18next instance with the account and pages namespaces in all four languages, ready at once. */
export function accountI18n(lang: string): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    resources: Object.fromEntries(
      Object.entries(accountTexts).map(([l, texts]) => [l, { account: texts, pages: pageTexts[l as keyof typeof pageTexts] }]),
    ),
    ns: ["account", "pages"],
    defaultNS: "account",
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  addFormats(instance);
  return instance;
}

/** Renders a screen at `path` (with its query); any other path it goes to renders "landed on {path}{search}". */
export function renderAt(ui: ReactElement, lang: string, path: string): RenderResult {
  return renderRouted(ui, accountI18n(lang), path);
}

/** A JSON answer of the fake server: status, body, and headers such as Retry-After. */
export type Reply = [status: number, body: unknown, headers?: Record<string, string>];

export interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * Stubs fetch with a fake account API: handle answers each request; GET
 * /api/account answers a CSRF token and nobody logged in unless handle
 * answers it. Returns the calls, in order.
 */
export function stubApi(handle: (call: Call) => Reply | undefined): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call: Call = {
        method: init?.method ?? "GET",
        url: String(input),
        headers: (init?.headers ?? {}) as Record<string, string>,
        body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const reply = handle(call) ?? (call.url === "/api/account" ? [200, { csrf: "csrf-1", account: null }] : [500, {}]);
      const [status, body, headers] = reply;
      return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
    }),
  );
  return calls;
}
