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

export async function launch() {
  return chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", args: flags });
}

/**
 * A flow the browser runs once, in one of the site's languages: flow k of a
 * series runs in the k-th language, round the list, so a file's flows share
 * the languages out. Its texts in the others are checked without a browser
 * (the server's HTML of every page, Vitest, the text lint).
 */
export function testInTurn(lang, k, ...args) {
  return turnLanguages[k % turnLanguages.length] === lang ? test(...args) : undefined;
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
 * draws its own layer instead (src/features/map/FallbackLayer.tsx), so these failures are expected, not problems.
 */
export const offlineTile = /^https:\/\/tile\.openstreetmap\.org\/\d+\/\d+\/\d+\.png$/;

/**
 * A page that records console errors, page errors and failed same-origin
 * requests, so every test can assert the site ran cleanly. base is the
 * server's address: the shared one, or a test's own (own-server.mjs).
 */
export async function openPage(browser, { width = 1280, height = 900, locale = "nl-BE", storage, base = baseURL } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, locale, baseURL: base });
  if (storage) {
    await context.addInitScript((entries) => {
      for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
    }, storage);
  }
  // A missing element fails the test in seconds instead of playwright's 30.
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  const problems = [];
  page.on("console", (msg) => {
    // The source address lets a test allow the failures it causes on purpose (a 404 page, blocked tag hosts).
    if (msg.type() === "error" && !offlineTile.test(msg.location().url)) problems.push(`console: ${msg.text()} @ ${msg.location().url}`);
  });
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  page.on("response", (res) => {
    if (res.url().startsWith(base) && res.status() >= 500) problems.push(`HTTP ${res.status()} ${res.url()}`);
  });
  return { context, page, problems };
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
 * Fails on any serious or critical axe-core violation. Contrast is judged on
 * the settled page: a list fading in from its busy state would be measured
 * half-transparent.
 */
export async function assertAccessible(page, label) {
  // A list is judged with its results, not before its first search answers.
  if (await page.locator(".search-results__count").count()) {
    await page.waitForFunction(() => /\d/.test(document.querySelector(".search-results__count")?.textContent ?? ""), null, { timeout: 5000 }).catch(() => undefined);
  }
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity), null, { timeout: 3000 })
    .catch(() => undefined);
  await page.locator(".search-results__list--busy").waitFor({ state: "detached", timeout: 5000 }).catch(() => undefined);
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  assert.deepEqual(
    bad.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(" | ")}`),
    [],
    `axe on ${label}`,
  );
}
