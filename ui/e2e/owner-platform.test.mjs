// The owner portal shows the listing platform's statistics of a property
// beside the site's own counts: the platform's four visit counts, its views
// per medium over 30 days as stacked bars with a legend and the same figures
// as a table, where the listing was online, the agency's calendar and its
// communication, each long history behind "show all". The demo agency's
// platform data (testdata/platform) has statistics for the demo owner's
// 4003 and 4030; which media they name is the demo's business, so the test
// holds to the shape: two media or more, 30 days. Texts come from the locale
// files, not copied.
//
// OWNER_SHOTS=/tmp/shots-owner also saves the property's page at 390×844 and
// 1366×900 in each language there.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { assertAccessible, browser, declinedConsent, openPage, withBrowser } from "./support.mjs";
import { localize, running, siteData, unexpected } from "./site.mjs";

const texts = (lang, ns) => JSON.parse(readFileSync(new URL(`../src/locales/${lang}/${ns}.json`, import.meta.url), "utf8"));
const site = await siteData();
const shots = process.env.OWNER_SHOTS;

// The demo owner of the shipped config (README, make run).
const owner = { email: "eigenaar@ardennes-immo.example", password: "demo-eigenaar-2026" };

withBrowser();

for (const [lang, id] of [
  ["nl", 4003],
  ["fr", 4030],
]) {
  test(`${lang}: the portal of ${id} shows the platform's counts, views per medium, online media, calendar and communication`, async () => {
    const a = texts(lang, "account");
    const pf = a.portal.platform;
    const { context, page, problems } = await openPage(browser, { storage: declinedConsent, locale: `${lang}-BE`, fresh: true });
    try {
      const portal = localize(site, "/owner-portal/", lang);
      await page.goto(`${portal}?property=${id}`);
      await running(page);
      await page.waitForURL((u) => u.pathname === localize(site, "/login/", lang));
      await page.getByLabel(a.form.email).fill(owner.email);
      await page.getByLabel(a.form.password, { exact: true }).fill(owner.password);
      const answer = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/owner/properties/${id}`);
      await page.getByRole("button", { name: a.login.submit, exact: true }).click();
      await page.waitForURL((u) => u.pathname === portal && u.searchParams.get("property") === String(id));
      const { platform } = await (await answer).json();
      assert.ok(platform, `the owner API has the platform's statistics of ${id}`);

      // The site's own counts stay, named as this website's.
      await page.getByRole("region", { name: a.portal.visits, exact: true }).waitFor();
      const block = page.getByRole("region", { name: pf.heading, exact: true });
      await block.waitFor();

      // The platform's four counts, and when they were fetched.
      const figures = block.getByRole("group", { name: pf.visits, exact: true });
      const values = await figures.getByRole("definition").allTextContents();
      assert.equal(values.length, 4);
      for (const v of values) assert.match(v, /^\d[\d.\s\u202f]*$/, `a count (${v})`);
      const updated = pf.sourceUpdated.slice(0, pf.sourceUpdated.indexOf("{{"));
      assert.ok((await block.locator(".owner-portal__note").first().textContent()).startsWith(updated), "says when the figures were fetched");

      // Views per medium: a legend naming each medium, stacked bars on a canvas, the 30 days as a table.
      const legend = block.getByRole("list", { name: pf.chart.legend, exact: true });
      const media = (await legend.locator(".owner-portal__legend-name").allTextContents()).map((m) => m.trim());
      assert.ok(media.length >= 2, `two media or more (${media.join(", ")})`);
      assert.ok(media.every((m) => m.length > 0));
      const canvas = block.locator("canvas[role=img]");
      await canvas.waitFor();
      const summary = (await canvas.getAttribute("aria-label")) ?? "";
      for (const m of media.filter((m) => m !== pf.chart.other)) assert.ok(summary.includes(m), `the chart's summary names ${m}`);
      await page.waitForFunction(() => {
        const c = document.querySelector(".owner-portal__platform canvas");
        return c instanceof HTMLCanvasElement && c.width > 0 && c.height > 0;
      });

      await block.getByText(pf.chart.table, { exact: true }).click();
      const days = block.getByRole("table", { name: pf.chart.heading, exact: true });
      await days.waitFor();
      assert.equal(await days.locator("tbody tr").count(), 30, "30 days");
      const columns = await days.locator("thead th").allTextContents();
      assert.equal(columns.length, platform.media.length + 2, "the date, each medium and the total");
      assert.deepEqual(columns.slice(1, -1), platform.media.map((m) => m.medium), "the media, most viewed first");
      const total = platform.media.reduce((s, m) => s + m.days.reduce((d, v) => d + v.views, 0), 0);
      const foot = await days.locator("tfoot td").last().textContent();
      assert.equal(Number(foot.replace(/\D/g, "")), total, "the total of every medium's 30 days");

      // Where the listing was online: each medium from a day to a day, or still online.
      const online = block.getByRole("table", { name: pf.online.heading, exact: true });
      const periods = online.locator("tbody tr");
      assert.ok((await periods.count()) >= 1, "at least one medium it was online on");
      for (const row of await periods.all()) {
        const [from, to] = await row.getByRole("cell").allTextContents();
        assert.match(from, /\d{4}/, `from a day (${from})`);
        assert.ok(/\d{4}/.test(to) || to === pf.online.still, `to a day or still online (${to})`);
      }

      // The calendar and the communication, newest first; a long one shows five until asked for all.
      for (const name of [pf.calendar.heading, pf.communication.heading]) {
        const part = block.getByRole("group", { name, exact: true });
        const table = part.getByRole("table", { name, exact: true });
        const rows = table.locator("tbody tr");
        assert.ok((await rows.count()) >= 1, `${name}: entries`);
        const more = part.getByRole("button", { name: new RegExp(`^${pf.showAll.replace(/[()]/g, "\\$&").replace("{{total}}", "(\\d+)")}$`) });
        if (await more.count()) {
          assert.equal(await rows.count(), 5);
          const all = Number(/\d+/.exec(await more.textContent())[0]);
          await more.click();
          assert.equal(await rows.count(), all, `${name}: all ${all} once asked`);
          await part.getByRole("button", { name: pf.showFewer, exact: true }).waitFor();
        }
        const [when] = await rows.first().getByRole("cell").allTextContents();
        assert.match(when, /\d{4}/, `${name}: a date (${when})`);
      }

      await assertAccessible(page, `portal, platform statistics of ${id} (${lang})`);

      // The page as an owner opens it on a phone and on a laptop, in a tab of the same session.
      if (shots) {
        mkdirSync(shots, { recursive: true });
        for (const [w, h] of [
          [390, 844],
          [1366, 900],
        ]) {
          const tab = await context.newPage();
          try {
            await tab.setViewportSize({ width: w, height: h });
            await tab.goto(page.url());
            await running(tab);
            const shown = tab.getByRole("region", { name: pf.heading, exact: true });
            await shown.locator("canvas").waitFor();
            await tab.waitForTimeout(1500); // the chart's first animation
            const overflow = await tab.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
            assert.equal(overflow, 0, `nothing wider than the ${w} px screen`);
            const name = `portal-${lang}-${id}-${w}`;
            await tab.screenshot({ path: join(shots, `${name}-full.png`), fullPage: true });
            // The platform's block screen by screen, as legible as the owner sees it.
            const top = await shown.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
            const height = await shown.evaluate((el) => el.getBoundingClientRect().height);
            for (let y = top - 80, n = 1; y < top + height; y += h - 160, n++) {
              await tab.evaluate((to) => window.scrollTo(0, to), y);
              await tab.waitForTimeout(200);
              await tab.screenshot({ path: join(shots, `${name}-${n}.png`) });
            }
          } finally {
            await tab.close();
          }
        }
      }
      assert.deepEqual(unexpected(problems, /401/), []);
    } finally {
      await context.close();
    }
  });
}
