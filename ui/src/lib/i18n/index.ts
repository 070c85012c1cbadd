import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import type { Lang } from "../api/types";
import { fetchLocale, LocaleBackend, MissingLocale, type LocaleLoader } from "./backend";
import { SiteLanguageDetector, detectionOptions } from "./detection";
import { addFormats } from "./formats";
import { namespaces, sharedOptions } from "./namespaces";

export { namespaces };

/**
 * The "validation" namespace is not a locale file: its messages are in
 * leads/forms.json, which the server validates with too. It loads on
 * demand (with the first form), not with the page.
 */
export function withValidation(load: LocaleLoader): LocaleLoader {
  return async (lng, ns) => {
    if (ns !== "validation") return load(lng, ns);
    const { messages } = await import("../../../../leads/forms.json");
    const texts = (messages as Record<string, object>)[lng];
    if (!texts) throw new MissingLocale(`no validation texts for ${lng}`);
    return texts;
  };
}

/** The spec's retry of translation loading: 5 retries, the first after 350 ms, doubling. */
export const retryOptions = { maxRetries: 5, retryTimeout: 350 } as const;

export interface I18nSetup {
  languages: Lang[];
  defaultLanguage: Lang;
  /** The page's language as the server decided it; wins over detection. */
  lang?: Lang;
  loader?: LocaleLoader;
}

/** Creates and initializes the app's i18next instance (all namespaces of the page's language loaded). */
export async function createI18n({ languages, defaultLanguage, lang, loader }: I18nSetup): Promise<i18n> {
  const instance = i18next.createInstance();
  instance.use(new LocaleBackend(withValidation(loader ?? fetchLocale))).use(new SiteLanguageDetector(languages)).use(initReactI18next);
  await instance.init({
    ...sharedOptions(languages, defaultLanguage),
    detection: detectionOptions(),
    ...retryOptions,
  });
  addFormats(instance);
  if (lang && instance.resolvedLanguage !== lang) await instance.changeLanguage(lang);
  return instance;
}
