// Google consent mode v2, Tag Manager, the Google tag and the Facebook pixel.
// Every tag waits for the visitor's choice: a script is injected only when
// its id is configured and the stored flags allow it, and the denied
// defaults are always on the dataLayer before the first script.
import type { Analytics } from "../../lib/api/types";
import type { ConsentFlags } from "./machine";
import { hasScript, injectScript } from "../../lib/dom/scripts";

type Gtag = (...args: unknown[]) => void;

interface Fbq {
  (...args: unknown[]): void;
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[];
  push: Fbq;
  loaded: boolean;
  version: string;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

export const CONSENT_DEFAULTS = {
  ad_user_data: "denied",
  ad_storage: "denied",
  analytics_storage: "denied",
  ad_personalization: "denied",
  wait_for_update: 500,
} as const;

export const tagUrls = {
  tagManager: (id: string) => `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`,
  googleTag: (id: string) => `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`,
  pixel: "https://connect.facebook.net/en_US/fbevents.js",
};

const GOOGLE_TAG_PREFIX = "https://www.googletagmanager.com/gtag/js?";

/** What one page view tells the tags. */
export interface PageView {
  path: string;
  title: string;
  location: string;
}

/** The tags a choice allows: configured ids only. */
export interface TagPlan {
  tagManager: string | null;
  googleTags: string[]; // Analytics (G-…) and Ads (AW-…) ids served by one gtag.js
  pixel: string | null;
}

export function anyTagConfigured(analytics: Analytics): boolean {
  return [analytics.tagManager, analytics.googleAnalytics, analytics.googleAds, analytics.facebookPixel].some(
    (id) => id.trim() !== "",
  );
}

export function planTags(analytics: Analytics, flags: ConsentFlags): TagPlan {
  const statistics = flags.analytics_storage === "granted";
  const ads = flags.ad_storage === "granted";
  const tagManager = analytics.tagManager.trim();
  const pixel = analytics.facebookPixel.trim();
  return {
    // The container holds analytics and advertising tags alike; consent mode
    // then lets each tag inside it run only under its own flag.
    tagManager: tagManager !== "" && (statistics || ads) ? tagManager : null,
    googleTags: [statistics ? analytics.googleAnalytics.trim() : "", ads ? analytics.googleAds.trim() : ""].filter(
      (id) => id !== "",
    ),
    pixel: pixel !== "" && ads ? pixel : null,
  };
}

export function isEmptyPlan(plan: TagPlan): boolean {
  return plan.tagManager === null && plan.googleTags.length === 0 && plan.pixel === null;
}

function dataLayer(): unknown[] {
  window.dataLayer ??= [];
  return window.dataLayer;
}

function gtag(...args: unknown[]): void {
  dataLayer();
  // Google's snippet pushes the arguments object itself: gtag.js tells a
  // command from plain data by that type, so an array would be ignored.
  window.gtag ??= function () {
    // eslint-disable-next-line prefer-rest-params -- the Arguments object itself, as said above: a rest parameter is an array.
    dataLayer().push(arguments);
  };
  window.gtag(...args);
}

function isArguments(entry: unknown): entry is IArguments {
  return Object.prototype.toString.call(entry) === "[object Arguments]";
}

/** Whether a gtag command with these leading arguments is already queued. */
function queued(...lead: unknown[]): boolean {
  return dataLayer().some((entry) => isArguments(entry) && lead.every((value, i) => entry[i] === value));
}

/** Defines window.gtag and queues the denied defaults, once, before anything else can reach the dataLayer. */
export function ensureConsentDefaults(): void {
  if (!queued("consent", "default")) gtag("consent", "default", { ...CONSENT_DEFAULTS });
}

/**
 * Applies a choice: consent update, an optional page view, then the tags the
 * choice allows. Does nothing at all when no tag is configured.
 */
export function applyConsent(flags: ConsentFlags, analytics: Analytics, pageView: PageView | null): void {
  if (!anyTagConfigured(analytics)) return;
  ensureConsentDefaults();
  gtag("consent", "update", { ...flags });
  // The pixel has its own switch; it matters when a visitor withdraws
  // advertising consent after the pixel was loaded during this visit.
  window.fbq?.("consent", flags.ad_storage === "granted" ? "grant" : "revoke");
  const plan = planTags(analytics, flags);
  configureGoogleTags(plan.googleTags);
  if (pageView) sendPageView(pageView);
  if (plan.tagManager) loadTagManager(plan.tagManager);
  if (plan.googleTags[0]) injectGoogleTag(plan.googleTags[0]);
  if (plan.pixel) loadPixel(plan.pixel);
}

/**
 * The consent manager sends every page view itself (on saving, and on each
 * client-side navigation), so the configured Google tags are told not to add
 * their own.
 */
export function sendPageView(pageView: PageView): void {
  gtag("event", "page_view", { page_title: pageView.title, page_location: pageView.location, page_path: pageView.path });
  window.fbq?.("track", "PageView");
}

function configureGoogleTags(ids: string[]): void {
  if (ids.length === 0) return;
  if (!queued("js")) gtag("js", new Date());
  for (const id of ids) {
    if (!queued("config", id)) gtag("config", id, { send_page_view: false });
  }
}

function injectGoogleTag(id: string): void {
  // One gtag.js serves every configured id; later ids only need their config command.
  if (hasScript((src) => src.startsWith(GOOGLE_TAG_PREFIX))) return;
  injectScript(tagUrls.googleTag(id));
}

function loadTagManager(id: string): void {
  const src = tagUrls.tagManager(id);
  if (hasScript((s) => s === src)) return;
  dataLayer().push({ "gtm.start": Date.now(), event: "gtm.js" });
  injectScript(src);
}

function loadPixel(id: string): void {
  if (hasScript((s) => s === tagUrls.pixel)) return;
  // Facebook's snippet: a queue that fbevents.js drains once it has loaded.
  if (!window.fbq) {
    const fbq = function (...args: unknown[]) {
      if (fbq.callMethod) fbq.callMethod(...args);
      else fbq.queue.push(args);
    } as Fbq;
    fbq.push = fbq;
    fbq.loaded = true;
    fbq.version = "2.0";
    fbq.queue = [];
    window.fbq = fbq;
    window._fbq ??= fbq;
  }
  window.fbq("init", id);
  window.fbq("track", "PageView");
  injectScript(tagUrls.pixel);
}
