import { createRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { AppFailure, AppTree } from "./App";
import { loadBootData } from "./app/boot";
import { bundledLanguages } from "./i18n/backend";
import { pathLanguage } from "./i18n/detection";
import { createI18n } from "./i18n";
import { preloadView } from "./pages/registry";
import "./styles/global.css";

async function start() {
  const container = document.getElementById("root");
  if (!container) return;
  const root = createRoot(container);
  try {
    const { site, page } = await loadBootData();
    preloadView(page.view);
    const i18n = await createI18n({ languages: site.languages, defaultLanguage: site.defaultLanguage, lang: page.lang });
    root.render(<AppTree i18n={i18n} site={site} page={page} />);
  } catch (err) {
    console.error(err);
    // Without the site's data the texts come from the bundled languages and the path.
    const languages = bundledLanguages();
    const lang = pathLanguage(window.location.pathname, languages) ?? document.documentElement.lang;
    const fallback = languages.includes(lang) ? lang : (languages[0] ?? "en");
    const i18n = await createI18n({ languages, defaultLanguage: fallback, lang: fallback });
    root.render(
      <I18nextProvider i18n={i18n}>
        <AppFailure />
      </I18nextProvider>,
    );
  }
}

void start();
