export { ConsentManager } from "./ConsentManager";
export { openConsentSettings } from "./openSettings";
export { loadRecaptchaIfNeeded } from "./recaptcha";
