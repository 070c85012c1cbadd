import { parseRecord, type StoredConsent } from "./machine";

export const CONSENT_KEY = "consent";

// Storage can throw (disabled cookies, private modes, full quota); the site
// then behaves as for a visitor who has not chosen yet, and never crashes.

export function readConsent(): StoredConsent | null {
  try {
    return parseRecord(window.localStorage.getItem(CONSENT_KEY));
  } catch {
    return null;
  }
}

export function writeConsent(record: StoredConsent): void {
  try {
    window.localStorage.setItem(CONSENT_KEY, JSON.stringify(record));
  } catch {
    // The choice still applies to this visit; it is asked again next time.
  }
}

export function clearConsent(): void {
  try {
    window.localStorage.removeItem(CONSENT_KEY);
  } catch {
    // Nothing stored that could be cleared.
  }
}
