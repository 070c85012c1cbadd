import { describe, expect, it } from "vitest";
import {
  CONSENT_VERSION,
  allOptions,
  consentReducer,
  hasResetQuery,
  initialState,
  makeRecord,
  onlyNecessary,
  parseRecord,
  toFlags,
  type ConsentEvent,
  type ConsentState,
} from "./machine";

function run(state: ConsentState, ...events: ConsentEvent[]): ConsentState {
  return events.reduce(consentReducer, state);
}

const firstVisit = (): ConsentState => run(initialState(null), { type: "reset" });
const NOW = new Date("2025-03-01T10:00:00.000Z");

describe("consent state machine", () => {
  it("starts closed and opens on the banner for a first visit", () => {
    expect(initialState(null).view).toBe("closed");
    const state = firstVisit();
    expect(state.view).toBe("banner");
    expect(state.saved).toBeNull();
    expect(state.choices).toEqual(onlyNecessary());
  });

  it("agree all saves all five options and grants the four flags", () => {
    const state = run(firstVisit(), { type: "agreeAll" });
    expect(state.view).toBe("closed");
    expect(state.saved).toEqual(allOptions());
    expect(makeRecord(state.saved!, NOW)).toEqual({
      version: CONSENT_VERSION,
      timestamp: "2025-03-01T10:00:00.000Z",
      options: { necessary: true, statistics: true, marketing: true, adUserData: true, personalisation: true },
      flags: { ad_user_data: "granted", ad_storage: "granted", analytics_storage: "granted", ad_personalization: "granted" },
    });
  });

  it("decline keeps only the necessary option and denies the four flags", () => {
    const state = run(firstVisit(), { type: "decline" });
    expect(state.view).toBe("closed");
    expect(state.saved).toEqual({ necessary: true, statistics: false, marketing: false, adUserData: false, personalisation: false });
    expect(toFlags(state.saved!)).toEqual({
      ad_user_data: "denied",
      ad_storage: "denied",
      analytics_storage: "denied",
      ad_personalization: "denied",
    });
  });

  it("change settings toggles the settings view, and agree partly saves the chosen options", () => {
    let state = run(firstVisit(), { type: "changeSettings" });
    expect(state.view).toBe("settings");
    expect(run(state, { type: "changeSettings" }).view).toBe("banner");
    expect(run(state, { type: "back" }).view).toBe("banner");

    state = run(state, { type: "toggle", option: "statistics" }, { type: "toggle", option: "personalisation" });
    expect(state.view).toBe("settings");
    expect(state.saved).toBeNull();

    state = run(state, { type: "agreePartly" });
    expect(state.view).toBe("closed");
    expect(state.saved).toEqual({ necessary: true, statistics: true, marketing: false, adUserData: false, personalisation: true });
    expect(toFlags(state.saved!)).toEqual({
      ad_user_data: "denied",
      ad_storage: "denied",
      analytics_storage: "granted",
      ad_personalization: "granted",
    });
  });

  it("maps each optional toggle onto exactly one consent mode flag", () => {
    const cases = [
      ["statistics", "analytics_storage"],
      ["marketing", "ad_storage"],
      ["adUserData", "ad_user_data"],
      ["personalisation", "ad_personalization"],
    ] as const;
    for (const [option, flag] of cases) {
      const flags = toFlags({ ...onlyNecessary(), [option]: true });
      expect(Object.entries(flags).filter(([, value]) => value === "granted")).toEqual([[flag, "granted"]]);
    }
  });

  it("never lets the necessary option be switched off", () => {
    const settings = run(firstVisit(), { type: "changeSettings" });
    const state = run(settings, { type: "toggle", option: "necessary" }, { type: "agreePartly" });
    expect(state.saved?.necessary).toBe(true);
    expect(makeRecord({ ...onlyNecessary(), necessary: false }, NOW).options.necessary).toBe(true);
  });

  it("ignores choices made outside the view that offers them", () => {
    const closed = initialState(null);
    for (const type of ["agreeAll", "decline", "agreePartly", "changeSettings", "back"] as const) {
      expect(consentReducer(closed, { type })).toBe(closed);
    }
    const banner = firstVisit();
    expect(consentReducer(banner, { type: "agreePartly" })).toBe(banner);
    expect(consentReducer(banner, { type: "toggle", option: "statistics" })).toBe(banner);
  });

  it("creates a new saved object on every save, so saving the same choice twice is still a save", () => {
    const once = run(firstVisit(), { type: "decline" });
    const twice = run(once, { type: "open", view: "banner" }, { type: "decline" });
    expect(twice.saved).toEqual(once.saved);
    expect(twice.saved).not.toBe(once.saved);
  });

  it("reopening the settings shows the stored choice", () => {
    const stored = { ...onlyNecessary(), marketing: true };
    const state = run(initialState(stored), { type: "open", view: "settings" });
    expect(state.view).toBe("settings");
    expect(state.choices).toEqual(stored);
  });

  it("setcookies resets a stored choice and returns to the banner", () => {
    const state = run(initialState(allOptions()), { type: "reset" });
    expect(state).toEqual({ view: "banner", choices: onlyNecessary(), saved: null });
    expect(hasResetQuery("?setcookies")).toBe(true);
    expect(hasResetQuery("?a=1&setcookies=1")).toBe(true);
    expect(hasResetQuery("?page=2")).toBe(false);
    expect(hasResetQuery("")).toBe(false);
  });
});

describe("stored consent records", () => {
  it("round-trip through JSON", () => {
    const record = makeRecord({ ...onlyNecessary(), statistics: true }, NOW);
    expect(parseRecord(JSON.stringify(record))).toEqual(record);
  });

  it("count as no consent when missing, malformed or from another version", () => {
    const record = makeRecord(allOptions(), NOW);
    expect(parseRecord(null)).toBeNull();
    expect(parseRecord("")).toBeNull();
    expect(parseRecord("{not json")).toBeNull();
    expect(parseRecord("true")).toBeNull();
    expect(parseRecord(JSON.stringify({ ...record, version: CONSENT_VERSION + 1 }))).toBeNull();
    expect(parseRecord(JSON.stringify({ ...record, options: { ...record.options, marketing: "yes" } }))).toBeNull();
    expect(parseRecord(JSON.stringify({ ...record, timestamp: undefined }))).toBeNull();
  });

  it("derive the flags from the options rather than trusting stored flags", () => {
    const record = makeRecord(onlyNecessary(), NOW);
    const tampered = { ...record, flags: { ...record.flags, ad_storage: "granted" } };
    expect(parseRecord(JSON.stringify(tampered))?.flags.ad_storage).toBe("denied");
  });
});
