import type { InitOptions } from "i18next";
import type { Lang } from "../api/types";

/** The locale files every page loads, in the browser (index.ts) and on the server (server.ts). */
export const namespaces = ["common", "consent", "pages", "calculator", "search", "map", "property", "projects", "forms", "account", "search-profile", "favourites"] as const;

/**
 * The options the browser's and the server's instances share: the server's
 * HTML is hydrated by the browser's, so both must resolve every text alike.
 */
export function sharedOptions(languages: Lang[], defaultLanguage: Lang): InitOptions {
  return {
    supportedLngs: languages,
    // No language falls back to another: every bundled one has every text
    // (locales.test.ts), and a fallback would be loaded with each page — on
    // French pages that was eleven more files to fetch and parse before
    // hydration. Only a code the site does not serve resolves to its default.
    fallbackLng: { ...Object.fromEntries(languages.map((lang) => [lang, []])), default: [defaultLanguage] },
    nonExplicitSupportedLngs: false,
    // The page's language only, not its region or script variants.
    load: "currentOnly",
    ns: [...namespaces],
    defaultNS: "common",
    fallbackNS: false,
    interpolation: { escapeValue: false }, // React escapes
    react: { useSuspense: true },
  };
}
