import { render, type RenderResult } from "@testing-library/react";
import i18next, { type i18n } from "i18next";
import type { ReactElement } from "react";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { MemoryRouter } from "react-router";
import { TestQueries } from "../../app/testQueries";
import { addFormats } from "../../lib/i18n/formats";
import de from "../../locales/de/pages.json";
import en from "../../locales/en/pages.json";
import fr from "../../locales/fr/pages.json";
import nl from "../../locales/nl/pages.json";

export const pageTexts = { en, nl, fr, de };

/** An i18next instance holding the pages namespace in all four languages, ready at once. */
export function testI18n(lang: string): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    resources: Object.fromEntries(Object.entries(pageTexts).map(([l, texts]) => [l, { pages: texts }])),
    ns: ["pages"],
    defaultNS: "pages",
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  addFormats(instance);
  return instance;
}

/** Renders a page as the shell would: inside a router and with its language's texts. */
export function renderWith(ui: ReactElement, lang: string, path = "/"): RenderResult {
  return render(
    <TestQueries>
      <I18nextProvider i18n={testI18n(lang)}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </I18nextProvider>
    </TestQueries>,
  );
}
