// Renders the detail page as the shell would: in a router, with every namespace its parts read, in all four languages.
import { render, type RenderResult } from "@testing-library/react";
import i18next, { type i18n } from "i18next";
import type { ReactElement } from "react";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { MemoryRouter } from "react-router";
import { TestQueries } from "../../app/testQueries";
import { addFormats } from "../../lib/i18n/formats";
import calculatorDe from "../../locales/de/calculator.json";
import mapDe from "../../locales/de/map.json";
import propertyDe from "../../locales/de/property.json";
import searchDe from "../../locales/de/search.json";
import calculatorEn from "../../locales/en/calculator.json";
import mapEn from "../../locales/en/map.json";
import propertyEn from "../../locales/en/property.json";
import searchEn from "../../locales/en/search.json";
import calculatorFr from "../../locales/fr/calculator.json";
import mapFr from "../../locales/fr/map.json";
import propertyFr from "../../locales/fr/property.json";
import searchFr from "../../locales/fr/search.json";
import calculatorNl from "../../locales/nl/calculator.json";
import mapNl from "../../locales/nl/map.json";
import propertyNl from "../../locales/nl/property.json";
import searchNl from "../../locales/nl/search.json";

export const propertyTexts = { en: propertyEn, nl: propertyNl, fr: propertyFr, de: propertyDe };

const resources = {
  en: { property: propertyEn, calculator: calculatorEn, map: mapEn, search: searchEn },
  nl: { property: propertyNl, calculator: calculatorNl, map: mapNl, search: searchNl },
  fr: { property: propertyFr, calculator: calculatorFr, map: mapFr, search: searchFr },
  de: { property: propertyDe, calculator: calculatorDe, map: mapDe, search: searchDe },
};

function detailI18n(lng: string): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: false,
    ns: Object.keys(resources.en),
    defaultNS: "property",
    resources,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  addFormats(instance);
  return instance;
}

export function renderDetail(ui: ReactElement, lang: string): RenderResult {
  return render(
    <TestQueries>
      <I18nextProvider i18n={detailI18n(lang)}>
        <MemoryRouter>{ui}</MemoryRouter>
      </I18nextProvider>
    </TestQueries>,
  );
}
