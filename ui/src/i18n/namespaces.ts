import type { InitOptions } from "i18next";
import type { Lang } from "../api/types";

/** The locale files every page loads, in the browser (index.ts) and on the server (server.ts). */
export const namespaces = ["common", "consent", "pages", "calculator", "search", "map", "property", "projects", "forms", "account", "search-profile"] as const;

/**
 * The options the browser's and the server's instances share: the server's
 * HTML is hydrated by the browser's, so both must resolve every text alike.
 */
export function sharedOptions(languages: Lang[], defaultLanguage: Lang): InitOptions {
  return {
    supportedLngs: languages,
    fallbackLng: defaultLanguage,
    nonExplicitSupportedLngs: false,
    // The page's language and the fallback language, nothing between.
    load: "currentOnly",
    ns: [...namespaces],
    defaultNS: "common",
    fallbackNS: false,
    interpolation: { escapeValue: false }, // React escapes
    react: { useSuspense: true },
  };
}
