import { render, type RenderResult } from "@testing-library/react";
import i18next, { type i18n } from "i18next";
import type { ReactElement } from "react";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { MemoryRouter } from "react-router";
import { TestQueries } from "../../app/testQueries";
import { addFormats } from "../../lib/i18n/formats";
import { pageTexts } from "../__fixtures__/render";
import de from "../../locales/de/projects.json";
import en from "../../locales/en/projects.json";
import fr from "../../locales/fr/projects.json";
import nl from "../../locales/nl/projects.json";
import propertyDe from "../../locales/de/property.json";
import propertyEn from "../../locales/en/property.json";
import propertyFr from "../../locales/fr/property.json";
import propertyNl from "../../locales/nl/property.json";

export const projectTexts = { en, nl, fr, de };

// The gallery and the videos speak the property namespace.
const propertyTexts = { en: propertyEn, nl: propertyNl, fr: propertyFr, de: propertyDe };

/** An i18next instance with the projects, pages and property (gallery, videos) namespaces in all four languages. */
export function projectsI18n(lang: string): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    resources: Object.fromEntries(
      Object.entries(projectTexts).map(([l, texts]) => {
        const key = l as keyof typeof projectTexts;
        return [l, { projects: texts, pages: pageTexts[key], property: propertyTexts[key] }];
      }),
    ),
    ns: ["projects", "pages", "property"],
    defaultNS: "projects",
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  addFormats(instance);
  return instance;
}

/** Renders a projects screen as the shell would: inside a router and with its language's texts. */
export function renderProjects(ui: ReactElement, lang: string, path = "/"): RenderResult {
  return render(
    <TestQueries>
      <I18nextProvider i18n={projectsI18n(lang)}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </I18nextProvider>
    </TestQueries>,
  );
}
