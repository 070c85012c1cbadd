// Test helpers of the forms (imported by *.test.tsx only).
import type { RenderResult } from "@testing-library/react";
import i18next, { type i18n } from "i18next";
import type { ReactElement } from "react";
import { initReactI18next } from "react-i18next";
import { renderRouted } from "../../app/testing";
import de from "../../locales/de/forms.json";
import en from "../../locales/en/forms.json";
import fr from "../../locales/fr/forms.json";
import nl from "../../locales/nl/forms.json";
import { pageTexts } from "../../pages/__fixtures__/render";

export const formTexts = { en, nl, fr, de };

/** The payload the stubbed widget answers. */
export const stubPayload = "c3R1Yi1wYXlsb2Fk";

/**
 * Stands in for <altcha-widget> in jsdom, which has no workers: verify()
 * answers a fixed payload at once. Use with
 * vi.mock("./altchaWidget", () => ({ loadAltcha: async () => defineStubAltcha() })).
 */
export function defineStubAltcha(): void {
  if (customElements.get("altcha-widget")) return;
  customElements.define(
    "altcha-widget",
    class extends HTMLElement {
      async verify() {
        return { payload: stubPayload };
      }
      reset() {}
    },
  );
}

/** An i18next instance with the forms and pages namespaces in all four languages (validation comes from the spec). */
export function formsI18n(lang: string): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    resources: Object.fromEntries(
      Object.entries(formTexts).map(([l, texts]) => [l, { forms: texts, pages: pageTexts[l as keyof typeof pageTexts] }]),
    ),
    ns: ["forms", "pages"],
    defaultNS: "forms",
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

/** Renders a form at `path`; any other path it goes to renders "landed on {path}". */
export function renderForm(ui: ReactElement, lang: string, path = `/${lang}/form/`): RenderResult {
  return renderRouted(ui, formsI18n(lang), path, { withSearch: false });
}

