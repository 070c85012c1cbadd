// Shared setup of the browser tests: Debian's chromium driven by
// playwright-core against the `estate serve` that scripts/with-server.sh
// started (ESTATE_URL). No browser is downloaded and no request leaves
// loopback: the resolver maps every other host to nothing.
import { chromium } from "playwright-core";
import AxeBuilder from "@axe-core/playwright";
import assert from "node:assert/strict";
import { after, before, test } from "node:test";

export const baseURL = process.env.ESTATE_URL ?? "http://localhost:8080";

const flags = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];

/**
 * The suite's browser. Under e2e/run.mjs every test file connects to the one Chromium it started (ESTATE_BROWSER_WS):
 * a launch is seconds of CPU, and a file's own would be the only thing it changes. Closing a connected browser
 * disconnects the file from it.
 */
export async function launch() {
  if (process.env.ESTATE_BROWSER_WS) return chromium.connect(process.env.ESTATE_BROWSER_WS);
  return chromium.launch(launchOptions);
}

export const launchOptions = { executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", args: flags };

/**
 * A flow the browser runs once, in one of the site's languages: flow k of a
 * series runs in the k-th language, round the list, so a file's flows share
 * the languages out. Its texts in the others are checked without a browser
 * (the server's HTML of every page, Vitest, the text lint).
 */
export function testInTurn(lang, k, ...args) {
  return isTurnOf(lang, k) ? test(...args) : undefined;
}

/** Whether check k of a series is lang's to run (testInTurn). */
export function isTurnOf(lang, k) {
  return turnLanguages[k % turnLanguages.length] === lang;
}

const turnLanguages = ["nl", "fr"];

/** The test file's browser, once withBrowser() has launched it. */
export let browser;

/** Launches one browser before the calling test file's tests and closes it after them; the tests read it as `browser`. */
export function withBrowser() {
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });
}

/**
 * A map tile of the configured tile server (site.map.tile_url): offline, as here, every tile fails and the map
 * draws its own layer instead (src/lib/map/FallbackLayer.tsx), so these failures are expected, not problems.
 */
export const offlineTile = /^https:\/\/tile\.openstreetmap\.org\/\d+\/\d+\/\d+\.png$/;

/**
 * A page that records console errors, page errors and failed same-origin
 * requests, so every test can assert the site ran cleanly. base is the
 * server's address: the shared one, or a test's own (own-server.mjs).
 */
export async function openPage(browser, { width = 1280, height = 900, locale = "nl-BE", storage, base = baseURL, fresh = false, touch = false } = {}) {
  const options = { width, height, locale, storage, base, touch };
  if (fresh) {
    const { context, page, problems } = await newPage(browser, options);
    return { context, page, problems };
  }
  const key = JSON.stringify(options);
  let pool = pools.get(browser);
  if (!pool) pools.set(browser, (pool = []));
  let shared = pool.find((s) => s.key === key && !s.busy && !s.page.isClosed());
  if (!shared) {
    shared = { key, busy: false, ...(await newPage(browser, options)) };
    pool.push(shared);
  }
  shared.busy = true;
  const release = async () => {
    // A page the test broke or closed is not shared again.
    await leave(shared, { width, height }).catch(() => shared.page.close().catch(() => undefined));
    shared.problems.length = 0;
    shared.busy = false;
  };
  // The test closes its context when done; a shared one is only left as it was found.
  const context = new Proxy(shared.context, {
    get(c, prop) {
      if (prop === "close") return release;
      const value = Reflect.get(c, prop);
      return typeof value === "function" ? value.bind(c) : value;
    },
  });
  return { context, page: shared.page, problems: shared.problems };
}

/**
 * Pages the tests of a file take turns on, one per set of options. A page
 * load in a context that has run the app before costs about half a new
 * one's: the browser's HTTP and code caches keep the app's scripts, and
 * no renderer process is started. What a test may have changed is undone
 * before the next one gets the page (leave); a test that changes more
 * (init scripts, another tab, a cold cache) asks for a fresh page.
 */
const pools = new Map();

async function leave({ context, page, problems, base }, viewport) {
  // A test's routes, listeners, cookies, permissions, media, size and tabs go first, then its document.
  await Promise.all([context.unrouteAll({ behavior: "ignoreErrors" }), page.unrouteAll({ behavior: "ignoreErrors" })]);
  page.removeAllListeners();
  await Promise.all([
    context.clearCookies(),
    context.clearPermissions(),
    page.emulateMedia({ media: null, colorScheme: null, reducedMotion: null }),
    ...context.pages().filter((other) => other !== page).map((other) => other.close()),
  ]);
  if (JSON.stringify(page.viewportSize()) !== JSON.stringify(viewport)) await page.setViewportSize(viewport);
  // The origin's localStorage and the tab's sessionStorage outlive a document: they are emptied from an empty page
  // of the site, which the next test's first page load replaces as a same-site navigation.
  await page.route("**/__left__", (route) => route.fulfill({ body: '<!doctype html><link rel="icon" href="data:,"><title>left</title>', contentType: "text/html" }));
  await page.goto(new URL("/__left__", base).href);
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  watch(page, problems, base);
}

async function newPage(browser, { width, height, locale, storage, base, touch }) {
  // touch: a phone's, whose taps are touch events (page.touchscreen) and whose viewport follows the page's meta tag.
  const context = await browser.newContext({ viewport: { width, height }, locale, baseURL: base, hasTouch: touch, isMobile: touch });
  if (storage) {
    await context.addInitScript((entries) => {
      for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
    }, storage);
  }
  // A missing element fails the test in seconds instead of playwright's 30.
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  const problems = [];
  watch(page, problems, base);
  return { context, page, problems, base };
}

/** Records on problems the page's console errors, page errors and failed requests to the site (base). */
function watch(page, problems, base) {
  page.on("console", (msg) => {
    // The source address lets a test allow the failures it causes on purpose (a 404 page, blocked tag hosts).
    if (msg.type() === "error" && !offlineTile.test(msg.location().url)) problems.push(`console: ${msg.text()} @ ${msg.location().url}`);
  });
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  page.on("response", (res) => {
    if (res.url().startsWith(base) && res.status() >= 500) problems.push(`HTTP ${res.status()} ${res.url()}`);
  });
}

/** Consent stored beforehand, for tests about something else than the dialog. */
export const declinedConsent = {
  consent: JSON.stringify({
    version: 1,
    timestamp: "2026-01-01T00:00:00.000Z",
    options: { necessary: true, statistics: false, marketing: false, adUserData: false, personalisation: false },
    flags: { ad_user_data: "denied", ad_storage: "denied", analytics_storage: "denied", ad_personalization: "denied" },
  }),
};

/**
 * Fails on any serious or critical axe-core violation, on the page or inside
 * the include selector. Contrast is judged on the settled page: a list fading
 * in from its busy state would be measured half-transparent.
 */
export async function assertAccessible(page, label, { include } = {}) {
  // A list is judged with its results, not before its first search answers.
  if (await page.locator(".search-results__count").count()) {
    await page.waitForFunction(() => /\d/.test(document.querySelector(".search-results__count")?.textContent ?? ""), null, { timeout: 5000 }).catch(() => undefined);
  }
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity), null, { timeout: 3000 })
    .catch(() => undefined);
  await page.locator(".search-results__list--busy").waitFor({ state: "detached", timeout: 5000 }).catch(() => undefined);
  // Every rule runs; only the violations are reported in full. axe spends much of a run on a unique selector for
  // every node of every result, and the passes and inapplicable ones are of no use here (axe's API, Performance).
  let axe = new AxeBuilder({ page }).options({ resultTypes: ["violations"] });
  if (include) axe = axe.include(include);
  const result = await axe.analyze();
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  assert.deepEqual(
    bad.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(" | ")}`),
    [],
    `axe on ${label}`,
  );
}
