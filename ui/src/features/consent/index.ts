export { ConsentManager } from "./ConsentManager";
export { openConsentSettings } from "./openSettings";
