// Fixtures for the consent tests: a site and a page as the Go server sends
// them, trimmed to what the consent manager reads, and i18next with the consent texts.
import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import type { Analytics, PageData, SiteData } from "../../lib/api/types";
import de from "../../locales/de/consent.json";
import en from "../../locales/en/consent.json";
import fr from "../../locales/fr/consent.json";
import nl from "../../locales/nl/consent.json";

export const consentResources = { en, nl, fr, de };

export async function setupConsentI18n(lng: string): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng,
    fallbackLng: "en",
    ns: ["consent"],
    defaultNS: "consent",
    resources: Object.fromEntries(Object.entries(consentResources).map(([lang, texts]) => [lang, { consent: texts }])),
    interpolation: { escapeValue: false },
  });
  return instance;
}

export const noAnalytics: Analytics = {
  googleAnalytics: "",
  googleAds: "",
  tagManager: "",
  facebookPixel: "",
  recaptchaSiteKey: "",
};

export const allAnalytics: Analytics = {
  googleAnalytics: "G-TEST123",
  googleAds: "AW-456789",
  tagManager: "GTM-ABC12",
  facebookPixel: "1234567890",
  recaptchaSiteKey: "",
};

/**
 * The consent manager reads three fields of the site; the rest of the
 * contract is left out so that these tests do not follow every change of it.
 */
export function makeSite(analytics: Analytics = allAnalytics, enabled = true): SiteData {
  const site: Pick<SiteData, "routes" | "analytics" | "consent"> = {
    routes: [
      { internal: "/", paths: { nl: "/nl/", fr: "/fr/" } },
      {
        internal: "/cookie-policy/",
        paths: { nl: "/nl/cookie-policy/", fr: "/fr/cookie-policy/", en: "/en/cookie-policy/" },
      },
    ],
    analytics,
    consent: { enabled },
  };
  return site as SiteData;
}

export function makePage(overrides: Partial<PageData> = {}): PageData {
  return {
    lang: "en",
    status: 200,
    view: "home",
    path: "/en/",
    internal: "/",
    title: "Home",
    documentTitle: "Home | Agence",
    description: "",
    alternates: [],
    breadcrumb: [],
    preview: false,
    content: null,
    ...overrides,
  };
}

/** The dataLayer as plain arrays: gtag pushes arguments objects, plain objects stay as they are. */
export function dataLayerEntries(): unknown[] {
  return (window.dataLayer ?? []).map((entry) =>
    Object.prototype.toString.call(entry) === "[object Arguments]" ? Array.from(entry as IArguments) : entry,
  );
}

export function injectedScripts(): string[] {
  return Array.from(document.scripts).map((s) => s.getAttribute("src") ?? "");
}

/** Forgets everything a test's tags left on the window and in the document. */
export function resetTagGlobals(): void {
  for (const script of Array.from(document.scripts)) script.remove();
  delete window.dataLayer;
  delete window.gtag;
  delete window.fbq;
  delete window._fbq;
}
