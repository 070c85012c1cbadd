// i18next with the property texts, and photos shaped as the Go server sends them, for the gallery and video tests.
import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import type { PropertyPhoto } from "../../lib/api/types";
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

const widths = [100, 280, 400, 600, 1360, 1600];

/** A photo of the demo photo server: every rendition at /{width}.jpg, the 1600 original the last of them. */
export function demoPhoto(n: number, alt = ""): PropertyPhoto {
  const url = (w: number) => `/demo/photos/4018/${n}/${w}.jpg`;
  const height = (w: number) => Math.round((w * 2) / 3);
  return {
    url: url(1600),
    width: 1600,
    height: height(1600),
    alt,
    variants: widths.map((w) => ({ url: url(w), width: w, height: height(w) })),
  };
}
