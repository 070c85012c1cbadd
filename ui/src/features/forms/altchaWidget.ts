// The ALTCHA web component, loaded only with a form. The "external" build
// keeps its styles in a stylesheet and its proof-of-work in worker files
// served from our origin, so the site's CSP needs no inline styles and no
// blob: workers.
import "altcha/external";
import "altcha/altcha.css";
import Pbkdf2Worker from "altcha/workers/pbkdf2?worker";
import ShaWorker from "altcha/workers/sha?worker";

for (const hash of ["SHA-256", "SHA-384", "SHA-512"]) {
  globalThis.$altcha.algorithms.set(`PBKDF2/${hash}`, () => new Pbkdf2Worker());
  globalThis.$altcha.algorithms.set(hash, () => new ShaWorker());
}

const translations: Record<string, () => Promise<unknown>> = {
  nl: () => import("altcha/i18n/nl"),
  fr: () => import("altcha/i18n/fr-fr"),
  de: () => import("altcha/i18n/de"),
};

/** Registers the widget and its texts in the page's language (English is built in). */
export async function loadAltcha(lang: string): Promise<void> {
  await translations[lang]?.();
}
