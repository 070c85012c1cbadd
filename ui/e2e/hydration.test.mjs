// The server renders every page into #root and the browser hydrates it
// (issue 15). For one page of every kind, in nl and fr: hydration reports
// nothing in the console, the DOM after hydration is the server's HTML
// (React kept it instead of rendering anew), and with JavaScript off the
// page still shows its heading and content.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { baseURL as base, declinedConsent, launch, openPage } from "./support.mjs";
import { pageData, pagesOf, settle, siteData, sitemapPaths } from "./site.mjs";

// The shared server's renders may take 5 s (the Makefile's test-browser): with
// the default deadline (200 ms) a busy test machine serves some pages
// client-rendered, and so would leave nothing to hydrate. The deadline's
// fallback has tests of its own (httpd).
const site = await siteData();
const sitemap = await sitemapPaths();
const locales = { nl: "nl-BE", fr: "fr-BE" };

/** The route kinds, by view; not-found is an address no route has. */
const views = ["home", "article", "for-sale", "for-rent", "property", "projects", "project", "office", "guestbook", "login"];
const missing = { nl: "/nl/bestaat-niet-meer/", fr: "/fr/n-existe-plus/" };

/** The first page of each view in a language, found through the page data of the route table's pages. */
async function pagesByView(lang) {
  const found = {};
  for (const { path } of pagesOf(site, sitemap, lang)) {
    const data = await pageData(path, base);
    if (data.redirect || !views.includes(data.view) || found[data.view]) continue;
    found[data.view] = path;
  }
  // A project's address is not in the route table's listed values: the list links to it.
  if (found.projects && !found.project) {
    const url = (await pageData(found.projects, base)).projects?.[0]?.url;
    if (url) found.project = new URL(url, base).pathname;
  }
  for (const view of views) assert.ok(found[view], `${lang}: no page of view ${view}`);
  return [...views.map((view) => ({ view, path: found[view] })), { view: "not-found", path: missing[lang] }];
}

const pages = Object.fromEntries(await Promise.all(Object.keys(locales).map(async (lang) => [lang, await pagesByView(lang)])));

/** #root's HTML in the server's answer: between <div id="root"> and the </div> before the page's data scripts. */
function rootOf(raw) {
  const start = raw.indexOf('<div id="root">');
  const data = raw.indexOf('<script type="application/json" id="site-data">');
  assert.ok(start >= 0 && data > start, "the page has #root and its site data");
  const end = raw.lastIndexOf("</div>", data);
  return raw.slice(start + '<div id="root">'.length, end);
}

/**
 * #root's HTML in the page, and the server's HTML parsed the same way (a
 * detached element's innerHTML), both without what the browser legitimately
 * changes after hydration:
 * - style attributes: configured colours and the header's measured height
 *   are set through the CSSOM once mounted (the server writes none; checked);
 * - a list without initial results (#search-data) starts its search after
 *   mount, so its .listings-search is not in the server's HTML;
 * - the captcha's <altcha-widget> fills itself once its code has loaded,
 *   after hydration;
 * - a form's fields are disabled until hydration (ScriptGate), and so are the
 *   list's filters, with a note that they are getting ready;
 * - a banner gallery's next photo joins, hidden, once the page has loaded.
 */
async function comparableRoots(page, serverRoot) {
  return page.evaluate((html) => {
    const normalize = (root, listOnClient) => {
      for (const el of root.querySelectorAll("[style]")) el.removeAttribute("style");
      if (listOnClient) for (const el of root.querySelectorAll(".listings-search")) el.remove();
      for (const el of root.querySelectorAll("altcha-widget")) el.replaceChildren();
      for (const el of root.querySelectorAll("fieldset.script-gate")) el.removeAttribute("disabled");
      for (const el of root.querySelectorAll("fieldset.listings-search__gate")) {
        el.removeAttribute("disabled");
        el.removeAttribute("aria-describedby");
      }
      for (const el of root.querySelectorAll(".listings-search__wait")) el.remove();
      for (const el of root.querySelectorAll(".banner__image--hidden")) el.remove();
      return root.innerHTML;
    };
    const server = document.createElement("div");
    server.innerHTML = html;
    const live = document.getElementById("root").cloneNode(true);
    const listOnClient = !document.getElementById("search-data") && !server.querySelector(".listings-search");
    return { server: normalize(server, listOnClient), client: normalize(live, listOnClient) };
  }, serverRoot);
}

/**
 * Loads the page until the server's answer holds its render, and returns
 * that answer's HTML (the very response the browser then hydrated). A render
 * that misses its deadline (a cold runtime, a busy machine) is served
 * client-rendered while the page cache renders it again behind it, so an
 * answer may have an empty #root.
 */
async function gotoRendered(page, path) {
  for (let i = 0; i < 20; i++) {
    const response = await page.goto(path, { waitUntil: "load" });
    const raw = await response.text();
    if (rootOf(raw).includes("<h1")) return raw;
    await new Promise((r) => setTimeout(r, 250));
  }
  assert.fail(`${path}: the server never rendered the page (the log says why)`);
}

/** Where two HTML texts first differ, with some context; "" when they are equal. */
function difference(server, client) {
  if (server === client) return "";
  let i = 0;
  while (server[i] === client[i]) i++;
  const from = Math.max(0, i - 200);
  return `at ${i}:\n  server: …${server.slice(from, i + 300)}\n  client: …${client.slice(from, i + 300)}`;
}

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

describe("the browser hydrates the server's HTML", { concurrency: 2 }, () => {
  for (const lang of Object.keys(locales)) {
    test(lang, async (t) => {
      const { context, page, problems } = await openPage(browser, { storage: declinedConsent, locale: locales[lang], base });
      const messages = [];
      page.on("console", (msg) => {
        if (msg.type() === "error" || msg.type() === "warning") messages.push(`${msg.type()}: ${msg.text()}`);
      });
      try {
        for (const { view, path } of pages[lang]) {
          await t.test(`${view} ${path}`, async () => {
            const before = { messages: messages.length, problems: problems.length };
            const serverRoot = rootOf(await gotoRendered(page, path));
            assert.doesNotMatch(serverRoot, /\sstyle=/, `${path}: a style attribute, which the CSP refuses`);
            await settle(page);
            const hydration = messages.slice(before.messages).filter((m) => /hydrat|#418|#423|#425/i.test(m));
            assert.deepEqual(hydration, [], `${path}: hydration messages`);
            const { server, client } = await comparableRoots(page, serverRoot);
            assert.equal(difference(server, client), "", `${path}: the DOM after hydration differs from the server's HTML`);
            // A 404 page's own answer is the only failure the console may show.
            const others = problems.slice(before.problems).filter((p) => !(view === "not-found" && /404/.test(p)));
            assert.deepEqual(others, [], `${path}: console errors`);
          });
        }
      } finally {
        await context.close();
      }
    });
  }
});

describe("without JavaScript every page shows its content", { concurrency: 2 }, () => {
  for (const lang of Object.keys(locales)) {
    test(lang, async (t) => {
      const context = await browser.newContext({ javaScriptEnabled: false, locale: locales[lang], baseURL: base });
      const page = await context.newPage();
      try {
        for (const { view, path } of pages[lang]) {
          await t.test(`${view} ${path}`, async () => {
            const data = await pageData(path, base);
            await gotoRendered(page, path);
            // The app's main (a list's <noscript> summary from before server rendering has one too).
            const h1 = page.locator("#root main h1");
            assert.equal(await h1.count(), 1, `${path}: one h1 in main`);
            assert.ok(await h1.isVisible(), `${path}: the h1 is visible`);
            const title = view === "not-found" ? await h1.textContent() : data.title;
            assert.equal((await h1.textContent()).trim(), title.trim(), `${path}: the h1 is the page's title`);
            // Content besides the heading: text, links or images in main.
            const main = await page.locator("#root main").evaluate((m) => ({
              text: m.innerText.replace(m.querySelector("h1")?.innerText ?? "", "").trim().length,
              links: m.querySelectorAll("a[href]").length,
              images: m.querySelectorAll("img").length,
            }));
            assert.ok(main.text > 40 || main.links > 0 || main.images > 0, `${path}: main holds more than its heading (${JSON.stringify(main)})`);
            assert.ok(await page.locator("header a[href]").first().isVisible(), `${path}: the header's links are there`);
            assert.ok(await page.locator("footer.footer").isVisible(), `${path}: the footer is there`);
            if (view === "property") {
              assert.ok(await page.locator("#root main img").first().isVisible(), `${path}: the first photo shows`);
            }
          });
        }
      } finally {
        await context.close();
      }
    });
  }
});

// The build writes every script, style and text file in Brotli beside itself
// (vite.plugins.ts precompress) and the server sends that form to a browser
// that takes it: a file that did not decode would leave the page unhydrated.
// Files under 512 bytes are sent as they are.
test("the page's scripts, styles and texts over 1 KB arrive in Brotli and the page runs", async () => {
  const { context, page, problems } = await openPage(browser, { storage: declinedConsent, base, fresh: true });
  const files = [];
  page.on("response", (res) => {
    const { pathname } = new URL(res.url());
    if (/^\/assets\/.+\.(?:js|css|json)$/.test(pathname)) {
      files.push(res.body().then((body) => ({ pathname, bytes: body.length, encoding: res.headers()["content-encoding"] })));
    }
  });
  try {
    await page.goto("/nl/te-koop/", { waitUntil: "load" });
    await page.locator("html[data-app=running]").waitFor({ state: "attached" });
    await page.mouse.move(10, 10); // wakes the list, which loads InstantSearch's chunks
    await page.locator(".listings-search[data-search=live]").waitFor();
    const large = (await Promise.all(files)).filter((f) => f.bytes > 1024);
    assert.ok(large.length >= 5, `only ${large.length} built files over 1 KB loaded`);
    assert.deepEqual(large.filter((f) => f.encoding !== "br"), [], "files sent in another coding than Brotli");
    assert.deepEqual(problems, [], "console errors");
  } finally {
    await context.close();
  }
});
