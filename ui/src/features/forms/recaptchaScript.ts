import { injectScript } from "../../lib/dom/scripts";

export function recaptchaUrl(siteKey: string): string {
  return `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
}

/**
 * Loads reCAPTCHA v3 for the forms that carry a `data-recaptcha` element, and
 * only for those: a page without such a form makes no request to Google.
 * Returns whether the script is (now) part of the page.
 */
export function loadRecaptchaIfNeeded(siteKey: string): boolean {
  const key = siteKey.trim();
  if (key === "" || document.querySelector("[data-recaptcha]") === null) return false;
  injectScript(recaptchaUrl(key));
  return true;
}
