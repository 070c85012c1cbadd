// The header and scroll-to-top at their thresholds (fixed and compact past
// 30 px, the button from 10 px, scroll handling throttled at 100 ms) and the
// mobile menu at 375 px; the header's parts side by side from 320 px; the
// desktop menu on one line.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browser, declinedConsent, openPage, withBrowser } from "./support.mjs";
import { localize, siteData, unexpected, visit } from "./site.mjs";

const site = await siteData();
// The 100 ms throttle plus a frame or two: how long a state that must NOT
// come is given to come. States that must come are waited for instead.
const throttleWait = 160;

withBrowser();

async function scrollTo(page, y) {
  await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
  await page.waitForTimeout(throttleWait);
  assert.equal(await page.evaluate(() => window.scrollY), y, `scrolled to ${y}`);
}

/** Waits until the header is (or is not) fixed and its height transitions have ended. */
async function headerSettles(page, fixed) {
  await page.waitForFunction(
    (want) => {
      const header = document.querySelector("header.header");
      return header.classList.contains("header--fixed") === want && header.getAnimations({ subtree: true }).length === 0;
    },
    fixed,
    { timeout: 3000 },
  );
}

/** What the header looks like: its class, position, the logo's height and where main starts in the document. */
function headerState(page) {
  return page.evaluate(() => {
    const header = document.querySelector("header.header");
    const logo = document.querySelector(".header .logo");
    const main = document.querySelector("main");
    return {
      fixed: header.classList.contains("header--fixed"),
      position: getComputedStyle(header).position,
      compactLogo: logo.classList.contains("logo--compact"),
      logoHeight: Math.round(logo.getBoundingClientRect().height),
      headerTop: Math.round(header.getBoundingClientRect().top),
      mainTop: Math.round(main.getBoundingClientRect().top + window.scrollY),
    };
  });
}

for (const [label, path] of [
  ["a content page", localize(site, "/office/", "nl")],
  ["home (header over the banner)", "/nl/"],
]) {
  test(`header on ${label}: in place up to 30 px, fixed and compact past it, restored at the top`, async () => {
    const { context, page, problems } = await openPage(browser, { storage: declinedConsent });
    try {
      await visit(page, path, { waitUntil: "load" });
      const top = await headerState(page);
      assert.equal(top.fixed, false);
      assert.notEqual(top.position, "fixed");
      assert.equal(top.compactLogo, false);

      await scrollTo(page, 30);
      const at30 = await headerState(page);
      assert.equal(at30.fixed, false, "not fixed at 30 px");
      assert.notEqual(at30.position, "fixed");

      await scrollTo(page, 31);
      await headerSettles(page, true);
      const at31 = await headerState(page);
      assert.equal(at31.fixed, true, "fixed past 30 px");
      assert.equal(at31.position, "fixed");
      assert.equal(at31.headerTop, 0, "pinned to the top of the viewport");
      assert.equal(at31.compactLogo, true);
      assert.ok(at31.logoHeight < top.logoHeight, `the logo shrinks (${top.logoHeight} → ${at31.logoHeight} px)`);
      assert.equal(at31.mainTop, top.mainTop, "turning fixed moves no content");

      await scrollTo(page, 0);
      await headerSettles(page, false);
      const back = await headerState(page);
      assert.deepEqual(back, top, "restored at the top");
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}

test("after a burst of scroll events the header follows the last position", async () => {
  const { context, page, problems } = await openPage(browser, { storage: declinedConsent });
  try {
    await visit(page, localize(site, "/office/", "nl"), { waitUntil: "load" });
    // A burst of scroll events inside one throttle window: the last position wins.
    await page.evaluate(async () => {
      for (const y of [5, 40, 80, 20, 45]) {
        window.scrollTo({ top: y, behavior: "instant" });
        await new Promise((r) => requestAnimationFrame(r));
      }
    });
    await headerSettles(page, true);
    await page.evaluate(async () => {
      for (const y of [60, 10, 0]) {
        window.scrollTo({ top: y, behavior: "instant" });
        await new Promise((r) => requestAnimationFrame(r));
      }
    });
    await headerSettles(page, false);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("scroll-to-top: hidden at 9 px, shown from 10 px, scrolls to the top and moves focus there", async () => {
  const { context, page, problems } = await openPage(browser, { storage: declinedConsent });
  try {
    await visit(page, localize(site, "/office/", "nl"), { waitUntil: "load" });
    const button = page.getByRole("button", { name: "Terug naar boven" });
    assert.equal(await button.count(), 0, "not there at the top");
    await scrollTo(page, 9);
    assert.equal(await button.isVisible(), false, "hidden at 9 px");
    await scrollTo(page, 10);
    await button.waitFor({ state: "visible", timeout: 2000 });
    const far = await page.evaluate(() => Math.min(800, document.documentElement.scrollHeight - window.innerHeight));
    assert.ok(far > 200, "the page is long enough to test scrolling");
    await scrollTo(page, far);
    await button.click();
    // About 500 ms of animation.
    await page.waitForFunction(() => window.scrollY === 0, null, { timeout: 1000 });
    await page.waitForTimeout(100);
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    assert.equal(await page.evaluate(() => document.activeElement?.id), "top", "focus moves to the top of the page");
    // Keyboard users continue from the top: the next Tab reaches the skip link.
    await page.keyboard.press("Tab");
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("href")), "#main");
    await button.waitFor({ state: "detached", timeout: 2000 });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("mobile menu at 375 px: a disclosure that traps Tab while open and closes on Escape", async () => {
  const { context, page, problems } = await openPage(browser, { storage: declinedConsent, width: 375, height: 812 });
  try {
    await visit(page, "/nl/", { waitUntil: "load" });
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      "no horizontal scrolling at 375 px",
    );
    assert.equal(await page.getByRole("navigation", { name: "Hoofdmenu" }).isVisible(), false, "the desktop menu is collapsed");
    const toggle = page.getByRole("button", { name: "Menu" });
    assert.equal(await toggle.getAttribute("aria-expanded"), "false");
    const panel = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
    assert.equal(await panel.isVisible(), false);

    await toggle.click();
    assert.equal(await toggle.getAttribute("aria-expanded"), "true");
    await panel.waitFor();
    const nav = panel.getByRole("navigation", { name: "Sitemenu" });
    const links = nav.getByRole("link");
    const published = site.menu.filter((m) => m.status === "Published").length;
    assert.ok((await links.count()) >= published, "the menu items are listed");
    for (const link of await links.all()) assert.equal(await link.isVisible(), true);
    const demand = localize(site, "/contact-demand/", "nl");
    assert.equal(site.header.contactDemandInMobileMenu, true, "the demo config enables the free valuation item");
    assert.equal(await nav.locator(`a[href="${demand}"]`).count(), 1, "the free valuation item, once");
    assert.equal(await page.evaluate(() => !!document.activeElement?.closest(".mobile-menu")), true, "focus inside");

    // Tab goes through the toggle and every link, then wraps to the toggle.
    const stops = (await links.count()) + 1;
    for (let i = 1; i < stops; i++) {
      await page.keyboard.press("Tab");
      assert.equal(await page.evaluate(() => !!document.activeElement?.closest(".mobile-menu__panel")), true, `Tab ${i} in the panel`);
    }
    await page.keyboard.press("Tab");
    assert.equal(await page.evaluate(() => document.activeElement?.classList.contains("mobile-menu__toggle")), true, "wraps to the toggle");
    await page.keyboard.press("Shift+Tab");
    assert.equal(await page.evaluate(() => !!document.activeElement?.closest(".mobile-menu__panel")), true, "Shift+Tab wraps to the last link");

    await page.keyboard.press("Escape");
    assert.equal(await toggle.getAttribute("aria-expanded"), "false");
    assert.equal(await panel.isVisible(), false);
    assert.equal(await page.evaluate(() => document.activeElement?.classList.contains("mobile-menu__toggle")), true, "focus back on the toggle");

    // Following a link closes the menu.
    await toggle.click();
    await nav.getByRole("link", { name: "Te huur", exact: true }).click();
    await page.waitForURL((url) => url.pathname === localize(site, "/for-rent/", "nl"));
    await page.waitForFunction(() => document.querySelector(".mobile-menu__toggle")?.getAttribute("aria-expanded") === "false");
    assert.equal(await panel.isVisible(), false);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

for (const width of [320, 375, 412, 800]) {
  test(`${width} px: the logo, search, language switcher and menu button sit side by side`, async () => {
    const { context, page, problems } = await openPage(browser, { storage: declinedConsent, width, height: 700 });
    try {
      await visit(page, "/nl/ons-kantoor/");
      const boxes = await page.evaluate(() =>
        [".header__logo .logo", ".quick-search__toggle", ".lang-switch", ".mobile-menu__toggle"].map((s) => {
          const r = document.querySelector(s).getBoundingClientRect();
          return { s, left: r.left, right: r.right, width: r.width };
        }),
      );
      for (let i = 1; i < boxes.length; i++) {
        assert.ok(boxes[i - 1].right <= boxes[i].left + 0.5, `${boxes[i - 1].s} ends at ${boxes[i - 1].right}, ${boxes[i].s} starts at ${boxes[i].left}`);
      }
      assert.ok(boxes[0].width >= 60, `the logo keeps ${boxes[0].width} px`);
      assert.ok(boxes.at(-1).right <= width, "nothing leaves the screen");
      assert.deepEqual(unexpected(problems), []);
    } finally {
      await context.close();
    }
  });
}

for (const [lang, width] of [["nl", 1280], ["fr", 1280], ["fr", 1440]]) {
  test(`${lang} at ${width} px: the desktop menu holds on one line`, async () => {
    const { context, page, problems } = await openPage(browser, { storage: declinedConsent, width, height: 800 });
    try {
      await visit(page, localize(site, "/office/", lang));
      const items = page.locator(".header__nav .menu__list > .menu__item");
      await items.first().waitFor();
      const tops = await items.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
      assert.ok(tops.length >= 8, `${tops.length} menu items`);
      assert.equal(new Set(tops).size, 1, `menu items at ${tops.join(", ")} px`);
      assert.deepEqual(unexpected(problems), []);
    } finally {
      await context.close();
    }
  });
}
