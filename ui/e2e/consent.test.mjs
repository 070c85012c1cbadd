// The cookie dialog's four paths (agree all, decline, change settings and
// agree partly, reopen) against a site with every tag configured. The demo
// agency configures none, so the first HTML is rewritten on its way to the
// browser: site data with Tag Manager, Google tag and pixel ids, and the
// Content-Security-Policy the server sends when they are configured. The tag
// hosts do not resolve in the test browser, so a tag that loads shows up as a
// <script> and a failed request, never as a real tag.
import { test } from "node:test";
import assert from "node:assert/strict";
import { baseURL, browser, declinedConsent, openPage, withBrowser } from "./support.mjs";
import { localize, settle, siteData, unexpected, visit } from "./site.mjs";

const site = await siteData();
const analytics = { tagManager: "GTM-TEST", googleAnalytics: "G-TEST", facebookPixel: "123" };
const tagHosts = /^https:\/\/(www\.googletagmanager\.com|connect\.facebook\.net)\//;
const tagFailures = /@ https:\/\/(www\.googletagmanager\.com|connect\.facebook\.net)\//;
const scripts = {
  tagManager: "https://www.googletagmanager.com/gtm.js?id=GTM-TEST",
  googleTag: "https://www.googletagmanager.com/gtag/js?id=G-TEST",
  pixel: "https://connect.facebook.net/en_US/fbevents.js",
};
const denied = { ad_user_data: "denied", ad_storage: "denied", analytics_storage: "denied", ad_personalization: "denied" };
const granted = { ad_user_data: "granted", ad_storage: "granted", analytics_storage: "granted", ad_personalization: "granted" };

withBrowser();

function withAnalytics(json) {
  const data = JSON.parse(json);
  Object.assign(data.analytics, analytics);
  // As the server writes it: nothing in the JSON can close the script element.
  return JSON.stringify(data).replace(/</g, "\\u003c");
}

function withTagHosts(csp) {
  return csp
    .replace("script-src 'self'", "script-src 'self' https://www.googletagmanager.com https://connect.facebook.net")
    .replace("connect-src 'self'", "connect-src 'self' https://*.google-analytics.com https://*.googletagmanager.com https://www.facebook.com")
    .replace("img-src 'self'", "img-src 'self' https://*.google-analytics.com https://*.googletagmanager.com https://www.facebook.com");
}

/** A page of the site as it would be with every tag configured, recording each request to a tag host. */
async function openWithTags(options = {}) {
  const opened = await openPage(browser, options);
  const origin = new URL(baseURL).origin;
  await opened.context.route(
    (url) => url.origin === origin,
    async (route) => {
      const request = route.request();
      const url = new URL(request.url());
      if (request.resourceType() === "document") {
        const response = await route.fetch();
        const html = (await response.text()).replace(
          /(<script[^>]*\bid="site-data"[^>]*>)([\s\S]*?)(<\/script>)/,
          (_, open, json, close) => open + withAnalytics(json) + close,
        );
        const headers = { ...response.headers() };
        delete headers["content-length"];
        delete headers["content-encoding"];
        headers["content-security-policy"] = withTagHosts(headers["content-security-policy"] ?? "");
        return route.fulfill({ response, body: html, headers });
      }
      if (url.pathname === "/api/site") {
        const response = await route.fetch();
        return route.fulfill({ response, body: withAnalytics(await response.text()) });
      }
      return route.continue();
    },
  );
  const tagRequests = [];
  const tagRequestsEnded = new Set();
  opened.page.on("request", (req) => {
    if (tagHosts.test(req.url())) tagRequests.push(req.url());
  });
  for (const event of ["requestfailed", "requestfinished"]) {
    opened.page.on(event, (req) => {
      if (tagHosts.test(req.url())) tagRequestsEnded.add(req.url());
    });
  }
  /** Waits until each tag script's request has ended (here: failed, as the hosts do not resolve), so its errors are in. */
  const tagsEnded = async (urls) => {
    const deadline = Date.now() + 10_000;
    while (!urls.every((u) => tagRequestsEnded.has(u))) {
      assert.ok(Date.now() < deadline, `tag requests ended: ${[...tagRequestsEnded].join(", ")}; waiting for ${urls.join(", ")}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    // The console error of a failed load comes with its request's end; one
    // round trip to the page lets it reach us.
    await opened.page.evaluate(() => null);
  };
  return { ...opened, tagRequests, tagsEnded };
}

/**
 * Waits until the page has applied n consent updates. The update, the page
 * view and every tag the choice allows are one synchronous step
 * (src/features/consent/tags.ts applyConsent), so after it a tag that is not there
 * will not come.
 */
function consentApplied(page, n = 1) {
  return page.waitForFunction(
    (n) =>
      (window.dataLayer ?? []).filter(
        (e) => Object.prototype.toString.call(e) === "[object Arguments]" && e[0] === "consent" && e[1] === "update",
      ).length >= n,
    n,
  );
}

/** The dataLayer, with gtag's arguments objects turned into arrays. */
function dataLayer(page) {
  return page.evaluate(() =>
    (window.dataLayer ?? []).map((e) => (Object.prototype.toString.call(e) === "[object Arguments]" ? Array.from(e) : e)),
  );
}

function tagScripts(page) {
  return page.evaluate((hosts) => {
    const re = new RegExp(hosts);
    return [...document.scripts].map((s) => s.src).filter((src) => re.test(src)).sort();
  }, tagHosts.source);
}

function storedConsent(page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem("consent") ?? "null"));
}

async function openDialog(page, path = "/nl/") {
  await visit(page, path);
  const dialog = page.getByRole("dialog", { name: "Cookies op onze website" });
  await dialog.waitFor();
  return dialog;
}

/** The site before any choice: the dialog, the denied defaults, no tag. */
async function assertNothingBeforeConsent(page, tagRequests) {
  assert.deepEqual(await tagScripts(page), [], "no tag script before consent");
  assert.deepEqual(tagRequests, [], "no request to a tag host before consent");
  const layer = await dataLayer(page);
  assert.deepEqual(layer[0], ["consent", "default", { ...denied, wait_for_update: 500 }], "denied defaults come first");
  assert.equal(layer.filter((e) => Array.isArray(e) && e[0] === "consent").length, 1, "nothing but the defaults yet");
  assert.equal(await storedConsent(page), null);
}

/** The consent commands on the dataLayer, in order. */
async function consentCommands(page) {
  return (await dataLayer(page)).filter((e) => Array.isArray(e) && e[0] === "consent").map((e) => [e[1], e[2]]);
}

test("no tag loads before consent; Agree all grants the four flags and loads every tag", async () => {
  const { context, page, problems, tagRequests, tagsEnded } = await openWithTags();
  try {
    const dialog = await openDialog(page);
    await settle(page);
    await assertNothingBeforeConsent(page, tagRequests);
    await dialog.getByRole("button", { name: "Alles accepteren" }).click();
    await dialog.waitFor({ state: "detached" });
    const stored = await storedConsent(page);
    assert.deepEqual(stored.flags, granted);
    assert.deepEqual(stored.options, { necessary: true, statistics: true, marketing: true, adUserData: true, personalisation: true });
    await consentApplied(page);
    assert.deepEqual(await tagScripts(page), [scripts.pixel, scripts.googleTag, scripts.tagManager].sort());
    assert.deepEqual(await consentCommands(page), [
      ["default", { ...denied, wait_for_update: 500 }],
      ["update", granted],
    ]);
    const layer = await dataLayer(page);
    const update = layer.findIndex((e) => Array.isArray(e) && e[1] === "update");
    const gtmStart = layer.findIndex((e) => !Array.isArray(e) && e.event === "gtm.js");
    assert.ok(gtmStart > update, "Tag Manager starts after the consent update");
    assert.ok(layer.some((e) => Array.isArray(e) && e[0] === "event" && e[1] === "page_view"), "a page view is sent");
    await tagsEnded(Object.values(scripts));
    assert.deepEqual(unexpected(problems, tagFailures), []);
  } finally {
    await context.close();
  }
});

test("Decline stores only the necessary option, all four flags denied, and loads no tag", async () => {
  const { context, page, problems, tagRequests } = await openWithTags();
  try {
    const dialog = await openDialog(page);
    await assertNothingBeforeConsent(page, tagRequests);
    await dialog.getByRole("button", { name: "Enkel functionele cookies" }).click();
    await dialog.waitFor({ state: "detached" });
    const stored = await storedConsent(page);
    assert.deepEqual(stored.flags, denied);
    assert.deepEqual(stored.options, { necessary: true, statistics: false, marketing: false, adUserData: false, personalisation: false });
    await consentApplied(page);
    assert.deepEqual(await tagScripts(page), []);
    assert.deepEqual(tagRequests, []);
    assert.deepEqual(await consentCommands(page), [
      ["default", { ...denied, wait_for_update: 500 }],
      ["update", denied],
    ]);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("Change settings, statistics only, Agree partly: analytics granted, the Google tags load, no pixel", async () => {
  const { context, page, problems, tagRequests, tagsEnded } = await openWithTags();
  try {
    const dialog = await openDialog(page);
    await assertNothingBeforeConsent(page, tagRequests);
    await dialog.getByRole("button", { name: "Instellingen wijzigen" }).click();
    const settings = page.getByRole("dialog", { name: "Cookie-instellingen" });
    await settings.waitFor();
    const switches = settings.getByRole("switch");
    assert.equal(await switches.count(), 5, "five toggles");
    const necessary = settings.getByRole("switch", { name: "Functionele cookies" });
    assert.equal(await necessary.isChecked(), true, "necessary is on");
    assert.equal(await necessary.isDisabled(), true, "necessary cannot be refused");
    for (const name of ["Statistieken", "Advertentiecookies", "Gegevens delen voor advertenties", "Gepersonaliseerde advertenties"]) {
      assert.equal(await settings.getByRole("switch", { name }).isChecked(), false, `${name} starts off`);
    }
    await settings.getByRole("switch", { name: "Statistieken" }).check();
    assert.deepEqual(tagRequests, [], "toggling saves nothing yet");
    await settings.getByRole("button", { name: "Mijn keuze bewaren" }).click();
    await settings.waitFor({ state: "detached" });
    const stored = await storedConsent(page);
    assert.deepEqual(stored.flags, { ...denied, analytics_storage: "granted" });
    assert.deepEqual(stored.options, { necessary: true, statistics: true, marketing: false, adUserData: false, personalisation: false });
    await consentApplied(page);
    // tags.ts: Tag Manager runs under statistics or marketing, the Google tag under statistics, the pixel under marketing only.
    assert.deepEqual(await tagScripts(page), [scripts.googleTag, scripts.tagManager].sort());
    await tagsEnded([scripts.googleTag, scripts.tagManager]);
    assert.ok(!tagRequests.some((u) => u.startsWith("https://connect.facebook.net/")), "no pixel request");
    assert.equal(await page.evaluate(() => typeof window.fbq), "undefined", "no pixel queue");
    assert.deepEqual(unexpected(problems, tagFailures), []);
  } finally {
    await context.close();
  }
});

test("?setcookies clears the stored consent and the dialog shows again", async () => {
  const { context, page, problems, tagRequests } = await openWithTags({ storage: declinedConsent });
  try {
    const dialog = await openDialog(page, "/nl/?setcookies");
    assert.equal(await storedConsent(page), null, "the stored choice is gone");
    await assertNothingBeforeConsent(page, tagRequests);
    await dialog.getByRole("button", { name: "Enkel functionele cookies" }).click();
    await dialog.waitFor({ state: "detached" });
    assert.deepEqual((await storedConsent(page)).flags, denied);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("with a stored choice the dialog stays closed; the footer's cookie settings reopen it", async () => {
  const { context, page, problems, tagRequests, tagsEnded } = await openWithTags({ storage: declinedConsent });
  try {
    await visit(page, localize(site, "/office/", "nl"));
    await settle(page);
    assert.equal(await page.getByRole("dialog").count(), 0, "no dialog");
    assert.deepEqual(await tagScripts(page), []);
    const button = page.getByRole("contentinfo").getByRole("button", { name: "Cookie-instellingen" });
    await button.click();
    const settings = page.getByRole("dialog", { name: "Cookie-instellingen" });
    await settings.waitFor();
    assert.equal(await settings.getByRole("switch", { name: "Statistieken" }).isChecked(), false, "shows the stored choice");
    await settings.getByRole("switch", { name: "Advertentiecookies" }).check();
    await settings.getByRole("button", { name: "Mijn keuze bewaren" }).click();
    await settings.waitFor({ state: "detached" });
    assert.deepEqual((await storedConsent(page)).flags, { ...denied, ad_storage: "granted" });
    // The stored choice was applied at load: this is the second update.
    await consentApplied(page, 2);
    // Marketing alone: Tag Manager and the pixel; the Google tag has no Ads id to serve here.
    assert.deepEqual(await tagScripts(page), [scripts.pixel, scripts.tagManager].sort());
    await tagsEnded([scripts.pixel, scripts.tagManager]);
    assert.ok(tagRequests.length > 0);
    assert.deepEqual(unexpected(problems, tagFailures), []);
  } finally {
    await context.close();
  }
});

test("the demo site without tags: a stored choice keeps the dialog closed on every page kind", async () => {
  const { context, page, problems } = await openPage(browser, { storage: declinedConsent });
  try {
    for (const path of ["/nl/", "/fr/", localize(site, "/cookie-policy/", "fr")]) {
      await visit(page, path);
      await settle(page);
      assert.equal(await page.getByRole("dialog").count(), 0, `${path}: no dialog`);
    }
    assert.equal(await page.evaluate(() => window.dataLayer), undefined, "no dataLayer without tags");
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("the dialog is in French on French pages and holds focus", async () => {
  const { context, page, problems } = await openPage(browser, { locale: "fr-BE" });
  try {
    await visit(page, "/fr/");
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    assert.equal(await dialog.getAttribute("aria-modal"), "true");
    const focusedInside = () => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
    await page.waitForFunction(() => !!document.activeElement?.closest('[role="dialog"]'));
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Tab");
      assert.equal(await focusedInside(), true, `Tab ${i + 1} stays in the dialog`);
    }
    const buttons = (await dialog.getByRole("button").allTextContents()).map((s) => s.trim());
    assert.equal(buttons.length, 3);
    assert.ok(!buttons.includes("Alles accepteren"), `French buttons: ${buttons.join(", ")}`);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
