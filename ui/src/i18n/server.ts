import i18next, { type i18n, type Resource, type ResourceKey } from "i18next";
import { initReactI18next } from "react-i18next";
import type { Lang } from "../api/types";
import { addFormats } from "./formats";
import { namespaces, sharedOptions } from "./namespaces";

/**
 * Every bundled locale file, as data in the server bundle: a render cannot
 * wait for a fetch, and the server has the files anyway. Imported only by
 * entry-server.tsx, so the browser's bundle keeps fetching its texts.
 */
const localeFiles = import.meta.glob<ResourceKey>("../locales/*/*.json", { import: "default", eager: true });

function texts(lng: Lang): Resource[string] {
  const out: Resource[string] = {};
  for (const ns of namespaces) {
    const file = localeFiles[`../locales/${lng}/${ns}.json`];
    if (file) out[ns] = file;
  }
  return out;
}

export interface ServerI18nSetup {
  languages: Lang[];
  defaultLanguage: Lang;
  /** The page's language, as the server decided it. */
  lang: Lang;
}

/**
 * An i18next instance ready at once for one render, set up as the
 * browser's createI18n sets up its own (same namespaces, fallback and
 * formats) but with the texts given and no language detection: the page's
 * language is known.
 */
export function createServerI18n({ languages, defaultLanguage, lang }: ServerI18nSetup): i18n {
  const instance = i18next.createInstance();
  // The browser loads the page's language and the fallback language (load "currentOnly" plus fallbackLng).
  const resources: Resource = { [lang]: texts(lang) };
  if (defaultLanguage !== lang) resources[defaultLanguage] = texts(defaultLanguage);
  void instance.use(initReactI18next).init({
    ...sharedOptions(languages, defaultLanguage),
    lng: lang,
    resources,
    initAsync: false,
  });
  addFormats(instance);
  return instance;
}
