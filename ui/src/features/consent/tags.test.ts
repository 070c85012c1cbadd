// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { allOptions, onlyNecessary, toFlags, type ConsentOptions } from "./machine";
import { CONSENT_DEFAULTS, applyConsent, ensureConsentDefaults, planTags, sendPageView, tagUrls } from "./tags";
import { allAnalytics, dataLayerEntries, injectedScripts, noAnalytics, resetTagGlobals } from "./testSupport";

afterEach(resetTagGlobals);

const pageView = { path: "/nl/", title: "Home", location: "http://localhost:3000/nl/" };
const flagsOf = (options: Partial<ConsentOptions>) => toFlags({ ...onlyNecessary(), ...options });

const GTM = tagUrls.tagManager("GTM-ABC12");
const GTAG_GA = tagUrls.googleTag("G-TEST123");
const GTAG_ADS = tagUrls.googleTag("AW-456789");
const PIXEL = tagUrls.pixel;

describe("consent defaults", () => {
  it("define gtag as the dataLayer pusher and queue the denied defaults once", () => {
    ensureConsentDefaults();
    ensureConsentDefaults();
    expect(typeof window.gtag).toBe("function");
    expect(dataLayerEntries()).toEqual([["consent", "default", { ...CONSENT_DEFAULTS }]]);
    expect(CONSENT_DEFAULTS).toEqual({
      ad_user_data: "denied",
      ad_storage: "denied",
      analytics_storage: "denied",
      ad_personalization: "denied",
      wait_for_update: 500,
    });
    // gtag.js only reads arguments objects as commands.
    expect(Object.prototype.toString.call(window.dataLayer?.[0])).toBe("[object Arguments]");
  });

  it("are on the dataLayer before the first tag script reaches the document", () => {
    // What the dataLayer held at the moment each script was added.
    const atInjection: unknown[][] = [];
    const append = document.head.appendChild.bind(document.head);
    const spy = vi.spyOn(document.head, "appendChild").mockImplementation(<T extends Node>(node: T): T => {
      atInjection.push(dataLayerEntries());
      return append(node);
    });
    applyConsent(toFlags(allOptions()), allAnalytics, pageView);
    spy.mockRestore();
    expect(atInjection.length).toBe(3);
    expect(atInjection[0]?.[0]).toEqual(["consent", "default", { ...CONSENT_DEFAULTS }]);
    expect(atInjection[0]?.[1]).toEqual(["consent", "update", toFlags(allOptions())]);
  });
});

describe("applyConsent", () => {
  it("does nothing at all when no tag is configured", () => {
    applyConsent(toFlags(allOptions()), noAnalytics, pageView);
    expect(injectedScripts()).toEqual([]);
    expect(window.dataLayer).toBeUndefined();
    expect(window.gtag).toBeUndefined();
    expect(window.fbq).toBeUndefined();
  });

  it("loads nothing when everything is declined, but tells consent mode", () => {
    applyConsent(toFlags(onlyNecessary()), allAnalytics, pageView);
    expect(injectedScripts()).toEqual([]);
    expect(dataLayerEntries()).toContainEqual(["consent", "update", toFlags(onlyNecessary())]);
    expect(window.fbq).toBeUndefined();
  });

  it("sends the update, then the page view, then loads the allowed tags", () => {
    applyConsent(toFlags(allOptions()), allAnalytics, pageView);
    const entries = dataLayerEntries();
    const at = (match: (e: unknown) => boolean) => entries.findIndex(match);
    const update = at((e) => Array.isArray(e) && e[0] === "consent" && e[1] === "update");
    const view = at((e) => Array.isArray(e) && e[0] === "event" && e[1] === "page_view");
    expect(update).toBeGreaterThan(0);
    expect(view).toBeGreaterThan(update);
    expect(entries[view]).toEqual(["event", "page_view", { page_title: "Home", page_location: pageView.location, page_path: "/nl/" }]);
    expect(entries).toContainEqual(["config", "G-TEST123", { send_page_view: false }]);
    expect(entries).toContainEqual(["config", "AW-456789", { send_page_view: false }]);
    expect(entries).toContainEqual(expect.objectContaining({ event: "gtm.js" }));
    expect(injectedScripts()).toEqual([GTM, GTAG_GA, PIXEL]);
    expect(window.fbq?.queue).toEqual([
      ["init", "1234567890"],
      ["track", "PageView"],
    ]);
    for (const script of Array.from(document.scripts)) expect(script.async).toBe(true);
  });

  it.each([
    ["statistics only", { statistics: true }, [GTM, GTAG_GA]],
    ["advertising only", { marketing: true }, [GTM, GTAG_ADS, PIXEL]],
    ["ad user data and personalisation without advertising cookies", { adUserData: true, personalisation: true }, []],
  ])("loads each tag only when its flag allows it: %s", (_, options, scripts) => {
    applyConsent(flagsOf(options), allAnalytics, pageView);
    expect(injectedScripts()).toEqual(scripts);
  });

  it.each([
    ["Tag Manager", { ...noAnalytics, tagManager: "GTM-ABC12" }, [GTM]],
    ["Google Analytics", { ...noAnalytics, googleAnalytics: "G-TEST123" }, [GTAG_GA]],
    ["Google Ads", { ...noAnalytics, googleAds: "AW-456789" }, [GTAG_ADS]],
    ["Facebook pixel", { ...noAnalytics, facebookPixel: "1234567890" }, [PIXEL]],
  ])("loads only what is configured: %s", (_, analytics, scripts) => {
    applyConsent(toFlags(allOptions()), analytics, pageView);
    expect(injectedScripts()).toEqual(scripts);
  });

  it("never injects a tag twice, and a later grant only adds what is new", () => {
    applyConsent(flagsOf({ statistics: true }), allAnalytics, pageView);
    applyConsent(flagsOf({ statistics: true }), allAnalytics, null);
    expect(injectedScripts()).toEqual([GTM, GTAG_GA]);

    applyConsent(toFlags(allOptions()), allAnalytics, null);
    // One gtag.js serves both ids; the Ads id only needs its config command.
    expect(injectedScripts()).toEqual([GTM, GTAG_GA, PIXEL]);
    const configs = dataLayerEntries().filter((e) => Array.isArray(e) && e[0] === "config");
    expect(configs).toEqual([
      ["config", "G-TEST123", { send_page_view: false }],
      ["config", "AW-456789", { send_page_view: false }],
    ]);
  });

  it("revokes the pixel's consent when advertising is withdrawn later", () => {
    applyConsent(toFlags(allOptions()), allAnalytics, null);
    applyConsent(flagsOf({ statistics: true }), allAnalytics, null);
    expect(window.fbq?.queue).toContainEqual(["consent", "revoke"]);
  });
});

describe("planTags", () => {
  it("ignores ids made of blanks", () => {
    const plan = planTags({ ...noAnalytics, googleAnalytics: "  ", tagManager: " GTM-X " }, toFlags(allOptions()));
    expect(plan).toEqual({ tagManager: "GTM-X", googleTags: [], pixel: null });
  });
});

describe("sendPageView", () => {
  it("counts the page for Google and, once loaded, for the pixel", () => {
    applyConsent(toFlags(allOptions()), allAnalytics, null);
    sendPageView({ path: "/nl/te-koop/", title: "Te koop", location: "http://localhost:3000/nl/te-koop/" });
    expect(dataLayerEntries().at(-1)).toEqual([
      "event",
      "page_view",
      { page_title: "Te koop", page_location: "http://localhost:3000/nl/te-koop/", page_path: "/nl/te-koop/" },
    ]);
    expect(window.fbq?.queue.at(-1)).toEqual(["track", "PageView"]);
  });
});
