export { ConsentManager, cookiePolicyHref, type ConsentManagerProps } from "./ConsentManager";
export { openConsentSettings } from "./openSettings";
export { loadRecaptchaIfNeeded } from "./recaptcha";
export {
  CONSENT_FLAGS,
  CONSENT_VERSION,
  FLAG_OF_OPTION,
  OPTION_IDS,
  allOptions,
  consentReducer,
  hasResetQuery,
  initialState,
  makeRecord,
  onlyNecessary,
  parseRecord,
  toFlags,
  type ConsentEvent,
  type ConsentFlag,
  type ConsentFlags,
  type ConsentOptions,
  type ConsentState,
  type ConsentView,
  type OptionId,
  type StoredConsent,
} from "./machine";
export { CONSENT_KEY, clearConsent, readConsent } from "./storage";
