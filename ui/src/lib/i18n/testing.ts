// i18next with the property texts, for the tests of what the property page shows (gallery, videos).
import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import de from "../../locales/de/property.json";
import en from "../../locales/en/property.json";
import fr from "../../locales/fr/property.json";
import nl from "../../locales/nl/property.json";

export const propertyResources = { en, nl, fr, de };

export function propertyI18n(lng: string): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: "nl",
    ns: ["property"],
    defaultNS: "property",
    resources: Object.fromEntries(Object.entries(propertyResources).map(([l, texts]) => [l, { property: texts }])),
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}
