// The cookie consent state machine of the spec (section 4), free of the DOM
// and of storage so every path can be tested on its own.
//
// The five toggles and Google consent mode v2: the first toggle covers the
// cookies the site needs to work (language, this very choice) and has no
// consent-mode flag because it is never refused. Each of the four others
// grants exactly one of the four flags, so a visitor can read in the dialog
// what each flag means:
//
//   statistics      → analytics_storage   (Google Analytics; Tag Manager)
//   marketing       → ad_storage          (Google Ads; Facebook pixel; Tag Manager)
//   adUserData      → ad_user_data        (sending visit data to Google for ads)
//   personalisation → ad_personalization  (ads matched to the visitor's interests)

export const OPTION_IDS = ["necessary", "statistics", "marketing", "adUserData", "personalisation"] as const;
export type OptionId = (typeof OPTION_IDS)[number];
export type OptionalId = Exclude<OptionId, "necessary">;
export type ConsentOptions = Record<OptionId, boolean>;

export const CONSENT_FLAGS = ["ad_user_data", "ad_storage", "analytics_storage", "ad_personalization"] as const;
export type ConsentFlag = (typeof CONSENT_FLAGS)[number];
export type FlagValue = "granted" | "denied";
export type ConsentFlags = Record<ConsentFlag, FlagValue>;

export const FLAG_OF_OPTION: Record<OptionalId, ConsentFlag> = {
  statistics: "analytics_storage",
  marketing: "ad_storage",
  adUserData: "ad_user_data",
  personalisation: "ad_personalization",
};

/** Raised when the meaning of the options changes, so that older choices are asked again. */
export const CONSENT_VERSION = 1;

/** The `consent` entry of localStorage. */
export interface StoredConsent {
  version: number;
  timestamp: string; // ISO 8601, when the visitor chose
  options: ConsentOptions;
  flags: ConsentFlags;
}

export type ConsentView = "closed" | "banner" | "settings";

export interface ConsentState {
  view: ConsentView;
  /** What the settings view shows while the visitor is choosing. */
  choices: ConsentOptions;
  /** The last saved choice; a new object on every save so a save is noticed even when nothing changed. */
  saved: ConsentOptions | null;
}

export type ConsentEvent =
  | { type: "open"; view: "banner" | "settings" }
  | { type: "agreeAll" }
  | { type: "decline" }
  | { type: "changeSettings" }
  | { type: "back" }
  | { type: "toggle"; option: OptionId }
  | { type: "agreePartly" }
  | { type: "reset" };

export function onlyNecessary(): ConsentOptions {
  return { necessary: true, statistics: false, marketing: false, adUserData: false, personalisation: false };
}

export function allOptions(): ConsentOptions {
  return { necessary: true, statistics: true, marketing: true, adUserData: true, personalisation: true };
}

export function initialState(saved: ConsentOptions | null): ConsentState {
  return { view: "closed", choices: saved ? { ...saved } : onlyNecessary(), saved };
}

function save(options: ConsentOptions): ConsentState {
  // The necessary option cannot be refused, whatever the caller passes.
  const saved = { ...options, necessary: true };
  return { view: "closed", choices: { ...saved }, saved };
}

export function consentReducer(state: ConsentState, event: ConsentEvent): ConsentState {
  const open = state.view !== "closed";
  switch (event.type) {
    case "open":
      return { ...state, view: event.view, choices: state.saved ? { ...state.saved } : onlyNecessary() };
    case "reset":
      return { view: "banner", choices: onlyNecessary(), saved: null };
    case "agreeAll":
      return open ? save(allOptions()) : state;
    case "decline":
      return open ? save(onlyNecessary()) : state;
    case "changeSettings":
      if (state.view === "banner") return { ...state, view: "settings" };
      if (state.view === "settings") return { ...state, view: "banner" };
      return state;
    case "back":
      return state.view === "settings" ? { ...state, view: "banner" } : state;
    case "toggle":
      if (state.view !== "settings" || event.option === "necessary") return state;
      return { ...state, choices: { ...state.choices, [event.option]: !state.choices[event.option] } };
    case "agreePartly":
      return state.view === "settings" ? save(state.choices) : state;
  }
}

export function toFlags(options: ConsentOptions): ConsentFlags {
  const flag = (id: OptionalId): FlagValue => (options[id] ? "granted" : "denied");
  return {
    ad_user_data: flag("adUserData"),
    ad_storage: flag("marketing"),
    analytics_storage: flag("statistics"),
    ad_personalization: flag("personalisation"),
  };
}

export function makeRecord(options: ConsentOptions, now: Date): StoredConsent {
  return makeRecordAt(options, now.toISOString());
}

/** Reads a stored record back; anything malformed or from another version counts as no consent. */
export function parseRecord(raw: string | null): StoredConsent | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const record = value as Partial<StoredConsent>;
  if (record.version !== CONSENT_VERSION || typeof record.timestamp !== "string") return null;
  const options = record.options as Partial<Record<OptionId, unknown>> | undefined;
  if (typeof options !== "object" || options === null) return null;
  if (!OPTION_IDS.every((id) => typeof options[id] === "boolean")) return null;
  // The flags are derived again rather than trusted, so options and flags never disagree.
  return makeRecordAt(options as ConsentOptions, record.timestamp);
}

function makeRecordAt(options: ConsentOptions, timestamp: string): StoredConsent {
  const chosen = { ...options, necessary: true };
  return { version: CONSENT_VERSION, timestamp, options: chosen, flags: toFlags(chosen) };
}

/** The spec: a query string containing 'setcookies' clears the stored consent. */
export function hasResetQuery(search: string): boolean {
  return search.includes("setcookies");
}
