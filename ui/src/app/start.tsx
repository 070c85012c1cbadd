import { createRoot, hydrateRoot, type ErrorInfo, type Root } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { AppFailure, AppTree } from "../App";
import type { LocaleLoader } from "../lib/i18n/backend";
import { bundledLanguages } from "../lib/i18n/backend";
import { pathLanguage } from "../lib/i18n/detection";
import { createI18n } from "../lib/i18n";
import { preloadView } from "../pages/registry";
import type { InitialResults } from "../features/search/initialResults";
import { loadBootData, readJsonScript } from "./boot";
import { afterFirstPaint, hasServerHtml } from "./firstPaint";
// Last, as when the entry imported it: its rules come after the components' in the stylesheet.
import "../styles/global.css";

export interface StartOptions {
  doc?: Document;
  loc?: Location;
  /** Where the texts come from; the locale files over HTTP unless given (tests). */
  loader?: LocaleLoader;
}

/**
 * A hydration mismatch the browser recovered from by rendering the
 * client's tree instead: not fatal, but the server's HTML was thrown away,
 * so it is reported (the browser tests fail on it).
 */
export function reportRecoverableError(error: unknown, info: ErrorInfo): void {
  console.error("Hydration error:", error, info.componentStack ?? "");
}

/**
 * Starts the app in its container: hydrates the server's HTML when there is
 * some, with the view's chunk and the texts loaded first so the first render
 * matches it without suspending; else renders from scratch, as before server
 * rendering. Resolves to the React root once it has rendered or hydrated.
 */
export async function startApp(container: HTMLElement, { doc = document, loc = window.location, loader }: StartOptions = {}): Promise<Root> {
  const server = hasServerHtml(container);
  try {
    const { site, page } = await loadBootData(doc, loc);
    const viewReady = preloadView(page.view);
    const i18n = await createI18n({ languages: site.languages, defaultLanguage: site.defaultLanguage, lang: page.lang, loader });
    const search = readJsonScript<InitialResults>("search-data", doc) ?? undefined;
    const app = <AppTree i18n={i18n} site={site} page={page} search={search} />;
    if (server) {
      await Promise.all([viewReady, afterFirstPaint(doc.defaultView ?? window)]);
      return hydrateRoot(container, app, { onRecoverableError: reportRecoverableError });
    }
    const root = createRoot(container);
    root.render(app);
    return root;
  } catch (err) {
    console.error(err);
    // Without the site's data the texts come from the bundled languages and the path.
    const languages = bundledLanguages();
    const lang = pathLanguage(loc.pathname, languages) ?? doc.documentElement.lang;
    const fallback = languages.includes(lang) ? lang : (languages[0] ?? "en");
    const i18n = await createI18n({ languages, defaultLanguage: fallback, lang: fallback, loader });
    // Whatever the server rendered goes: the failure replaces it.
    container.replaceChildren();
    const root = createRoot(container);
    root.render(
      <I18nextProvider i18n={i18n}>
        <AppFailure />
      </I18nextProvider>,
    );
    return root;
  }
}
