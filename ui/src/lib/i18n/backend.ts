import type { BackendModule, ReadCallback, ResourceKey } from "i18next";

/**
 * The bundled texts: one JSON file per language holding every namespace
 * (vite.plugins.ts localeBundles), emitted by Vite as a hashed asset. They
 * are fetched rather than import()ed because browsers cache a failed
 * dynamic import for the page's lifetime (whatwg/html#6768), which would
 * turn i18next's retries into replays of the first failure.
 */
import bundleUrls from "virtual:locale-bundles";

/** Loads one namespace of one language. */
export type LocaleLoader = (lng: string, ns: string) => Promise<ResourceKey>;

/** The languages that have bundled texts. */
export function bundledLanguages(): string[] {
  return Object.keys(bundleUrls).sort();
}

/** Thrown for a language or namespace that has no file: retrying cannot help. */
export class MissingLocale extends Error {}

type Bundle = Record<string, ResourceKey | undefined>;

/**
 * A loader over the bundles at urls (language → address). i18next reads
 * every namespace at once: they share one fetch per language, kept for the
 * page's lifetime once it has answered. A failed fetch is forgotten, so
 * that i18next's retry of each namespace fetches again (once for them all).
 */
export function bundleLoader(urls: Record<string, string>): LocaleLoader {
  const bundles = new Map<string, Promise<Bundle>>();
  const fetchBundle = (lng: string, url: string): Promise<Bundle> => {
    const known = bundles.get(lng);
    if (known) return known;
    const bundle = fetch(url).then(async (res) => {
      if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
      return (await res.json()) as Bundle;
    });
    bundles.set(lng, bundle);
    // Before any reader sees the failure: their retries find no bundle and fetch again.
    bundle.catch(() => bundles.delete(lng));
    return bundle;
  };
  return async (lng, ns) => {
    const url = urls[lng];
    if (!url) throw new MissingLocale(`no texts for ${lng}`);
    const texts = (await fetchBundle(lng, url))[ns];
    if (!texts) throw new MissingLocale(`no ${ns} texts for ${lng}`);
    return texts;
  };
}

export const fetchLocale: LocaleLoader = bundleLoader(bundleUrls);

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
