import LanguageDetector, { type DetectorOptions } from "i18next-browser-languagedetector";
import type { Lang } from "../api/types";

/**
 * The spec's detection order: the first path segment when it is an enabled
 * language, then the stored choice, the query string, the cookie, the
 * browser's languages and the page's lang attribute.
 */
export function detectionOrder(): string[] {
  return ["path", "localStorage", "querystring", "cookie", "navigator", "htmlTag"];
}

export function detectionOptions(): DetectorOptions {
  return {
    order: detectionOrder(),
    lookupLocalStorage: "i18nextLng",
    lookupCookie: "i18next",
    lookupQuerystring: "lng",
    caches: ["localStorage", "cookie"],
    cookieMinutes: 60 * 24 * 365,
    cookieOptions: { path: "/", sameSite: "lax" },
    // The site's languages are bare codes: a browser's "de-DE" means "de", and
    // must win over a later source's exact code to keep the order.
    convertDetectedLanguage: (lng: string) => lng.split("-")[0] ?? lng,
  };
}

/** The language a path names: its first segment when that is an enabled language. */
export function pathLanguage(pathname: string, enabled: readonly Lang[]): Lang | undefined {
  const first = pathname.split("/")[1];
  return first && enabled.includes(first) ? first : undefined;
}

/**
 * The browser detector with the spec's 'path' rule. The library's own 'path'
 * detector takes any first segment ("property" included); i18next re-runs
 * init with its options, so the site's detector is added after every init.
 */
export class SiteLanguageDetector extends LanguageDetector {
  private enabled: readonly Lang[] = [];

  constructor(enabled: readonly Lang[]) {
    super();
    this.enabled = enabled;
  }

  override init(services?: unknown, options?: DetectorOptions, i18nOptions?: unknown): void {
    // The parent's third parameter is missing from its typings.
    (LanguageDetector.prototype.init as (s?: unknown, o?: DetectorOptions, i?: unknown) => void).call(
      this,
      services,
      options,
      i18nOptions,
    );
    this.addDetector({
      name: "path",
      lookup: () => (typeof window === "undefined" ? undefined : pathLanguage(window.location.pathname, this.enabled)),
    });
  }
}
