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
const localeFiles = import.meta.glob<ResourceKey>("../../locales/*/*.json", { import: "default", eager: true });

function texts(lng: Lang): Resource[string] {
  const out: Resource[string] = {};
  for (const ns of namespaces) {
    const file = localeFiles[`../../locales/${lng}/${ns}.json`];
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
 * The instances made so far, by setup: a runtime renders page after page,
 * and a render never changes its instance's language or texts (that
 * happens in effects, which the server does not run), so each language's
 * instance is made once per runtime.
 */
const instances = new Map<string, i18n>();

/**
 * An i18next instance ready at once for a render, set up as the browser's
 * createI18n sets up its own (same namespaces, fallback and formats) but
 * with the texts given and no language detection: the page's language is
 * known.
 *
 * What it returns is an object whose prototype is the instance and which
 * owns no property: react-i18next's useTranslation copies every own
 * property of the i18n it is given, once per component on the server, and
 * those copies of a full instance were a quarter of a detail page's render.
 */
export function createServerI18n(setup: ServerI18nSetup): i18n {
  const key = JSON.stringify([setup.languages, setup.defaultLanguage, setup.lang]);
  let instance = instances.get(key);
  if (!instance) {
    instance = newServerI18n(setup);
    instances.set(key, instance);
  }
  return Object.create(instance) as i18n;
}

function newServerI18n({ languages, defaultLanguage, lang }: ServerI18nSetup): i18n {
  const instance = i18next.createInstance();
  // Only the page's language: the browser loads no other (namespaces.ts).
  const resources: Resource = { [lang]: texts(lang) };
  void instance.use(initReactI18next).init({
    ...sharedOptions(languages, defaultLanguage),
    lng: lang,
    resources,
    initAsync: false,
  });
  addFormats(instance);
  return instance;
}
