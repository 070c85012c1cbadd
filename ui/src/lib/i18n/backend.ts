import type { BackendModule, ReadCallback, ResourceKey } from "i18next";

/** Loads one namespace of one language. */
export type LocaleLoader = (lng: string, ns: string) => Promise<ResourceKey>;

/**
 * The bundled locale files, emitted by Vite as hashed JSON assets. They are
 * fetched rather than import()ed because browsers cache a failed dynamic
 * import for the page's lifetime (whatwg/html#6768), which would turn
 * i18next's retries into replays of the first failure.
 */
const localeUrls = import.meta.glob<string>("../../locales/*/*.json", {
  query: "?url&no-inline",
  import: "default",
  eager: true,
});

function localeKey(lng: string, ns: string): string {
  return `../../locales/${lng}/${ns}.json`;
}

/** The languages that have bundled texts. */
export function bundledLanguages(): string[] {
  const langs = new Set<string>();
  for (const key of Object.keys(localeUrls)) {
    const lang = /\/locales\/([^/]+)\//.exec(key)?.[1];
    if (lang) langs.add(lang);
  }
  return [...langs].sort();
}

/** Thrown for a language or namespace that has no file: retrying cannot help. */
export class MissingLocale extends Error {}

export const fetchLocale: LocaleLoader = async (lng, ns) => {
  const url = localeUrls[localeKey(lng, ns)];
  if (!url) throw new MissingLocale(`no ${ns} texts for ${lng}`);
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return (await res.json()) as ResourceKey;
};

/**
 * A minimal i18next backend over a loader. A failed read answers
 * (err, true): the 'true' is what tells i18next's BackendConnector to retry
 * (maxRetries times, waiting retryTimeout and doubling the wait each time).
 */
export class LocaleBackend implements BackendModule {
  static readonly type = "backend";
  readonly type = "backend";
  readonly callbackApi = true;
  private readonly load: LocaleLoader;

  constructor(load: LocaleLoader = fetchLocale) {
    this.load = load;
  }

  init(): void {}

  read(language: string, namespace: string, callback: ReadCallback): void {
    this.load(language, namespace).then(
      (data) => callback(null, data),
      (err: unknown) => {
        const error = err instanceof Error ? err : new Error(String(err));
        callback(error, !(err instanceof MissingLocale));
      },
    );
  }
}
