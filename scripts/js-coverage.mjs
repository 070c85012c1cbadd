// What each page's JavaScript is for, before the visitor touches anything: per
// script, the bytes transferred, the bytes it holds and the bytes that ran
// (V8's precise coverage), and the main thread's time in it (a CPU profile);
// then the long tasks of clean loads. A phone (390×844) on a CPU slowed 4×,
// as Lighthouse's mobile profile assumes, and a first visit (no consent
// stored, nothing cached): what Lighthouse measures. Prints markdown.
//
//   scripts/with-server.sh ui node ../scripts/js-coverage.mjs              # the default pages
//   ESTATE_URL=… ROUNDS=5 node scripts/js-coverage.mjs /nl/ /nl/te-koop/   # these paths
//
// The profiled load and the clean ones are separate: coverage and sampling
// slow the page down, so its times are for ranking files, the clean loads'
// for the blocking time. ROUNDS clean loads per page (3); CPU_SLOWDOWN (4).
import { declinedConsent, launch } from "../ui/e2e/support.mjs";

const base = (process.env.ESTATE_URL ?? "http://localhost:8080").replace(/\/$/, "");
const rounds = Number(process.env.ROUNDS ?? 3);
const slowdown = Number(process.env.CPU_SLOWDOWN ?? 4);
// CONSENT=declined measures a returning visitor, without the cookie dialog.
const storage = process.env.CONSENT === "declined" ? declinedConsent : {};

const kb = (n) => (n / 1024).toFixed(1);
const chunk = (url) => new URL(url).pathname.replace(/^\/assets\//, "");
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

/** The home, list, one property and one project page in nl and fr, their addresses read from the sitemap. */
async function defaultPaths() {
  const locs = [...(await (await fetch(`${base}/sitemap.xml`)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  const first = (re) => locs.find((p) => re.test(p)) ?? [];
  return ["/nl/", "/fr/", "/nl/te-koop/", "/fr/a-vendre/", first(/^\/nl\/te-koop\/[^/]+\/[^/]+\/\d+\/$/), first(/^\/nl\/nieuwbouw\/[^/]+\/\d+\/$/)].flat();
}

/**
 * The chunks the server announces in the page's `<template id="app-files">`:
 * those the app loads at start. Also warms the page cache: a page whose
 * render missed its deadline goes out client-rendered (no template) and is
 * rendered again behind the request, so it is asked for until it comes
 * rendered (run the server with ESTATE_RENDER_TIMEOUT=5s on a busy machine).
 */
async function announced(path) {
  for (let tries = 0; tries < 20; tries++) {
    const html = await (await fetch(base + path)).text();
    const template = html.match(/<template id="app-files">([\s\S]*?)<\/template>/)?.[1];
    if (template !== undefined) return new Set([...template.matchAll(/href="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]));
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${path}: the server keeps sending it client-rendered`);
}

// Runs in the page before its scripts: the long tasks and the first paint.
function observe() {
  const seen = { longtasks: [], fcp: 0 };
  window.__startup = seen;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) seen.longtasks.push({ start: Math.round(e.startTime), duration: Math.round(e.duration) });
  }).observe({ type: "longtask", buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === "first-contentful-paint") seen.fcp = Math.round(e.startTime);
  }).observe({ type: "paint", buffered: true });
}

/** Loads the page until it has started: load, the app running, no request for 500 ms, then 1 s more. */
async function open(browser, path, prepare) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "nl-BE", isMobile: true, hasTouch: true });
  await context.addInitScript((entries) => {
    for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
  }, storage);
  await context.addInitScript(observe);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowdown });
  const after = await prepare(page, cdp);
  await page.goto(base + path, { waitUntil: "load", timeout: 60_000 });
  await page.waitForSelector("html[data-app=running]", { state: "attached", timeout: 60_000 });
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(1000);
  const result = await after();
  await context.close();
  return result;
}

/** Bytes that ran: V8 nests a function's blocks inside it, so painting ranges outermost first leaves each byte its innermost count. */
function usedBytes(functions) {
  const ranges = functions.flatMap((f) => f.ranges).sort((a, b) => a.startOffset - b.startOffset || b.endOffset - a.endOffset);
  const total = Math.max(0, ...ranges.map((r) => r.endOffset));
  const ran = new Uint8Array(total);
  for (const r of ranges) ran.fill(r.count > 0 ? 1 : 0, r.startOffset, r.endOffset);
  return { total, used: ran.reduce((n, b) => n + b, 0) };
}

/**
 * Milliseconds of samples per file from a CPU profile, in the file's own
 * functions: its modules' evaluation and all they run later (React's
 * hydration is react-dom's, a widget's render its chunk's). Not by module
 * evaluation alone: the bundler wraps modules in init functions called from
 * other chunks, so a file's top-level code says little.
 */
function timePerFile(profile) {
  const urls = new Map(profile.nodes.map((n) => [n.id, n.callFrame.url]));
  const files = new Map();
  profile.samples.forEach((id, i) => {
    const url = urls.get(id);
    if (url.startsWith(`${base}/assets/`)) files.set(chunk(url), (files.get(chunk(url)) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
  });
  return files;
}

/** The profiled load: each script's request, coverage and time. */
function profiled(browser, path) {
  return open(browser, path, async (page, cdp) => {
    const requests = [];
    page.on("requestfinished", (req) => {
      if (req.resourceType() === "script" || /\.js$/.test(req.url())) requests.push(req);
    });
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 1000 });
    await cdp.send("Profiler.startPreciseCoverage", { callCount: false, detailed: false });
    await cdp.send("Profiler.start");
    return async () => {
      const { profile } = await cdp.send("Profiler.stop");
      const { result } = await cdp.send("Profiler.takePreciseCoverage");
      const origin = await page.evaluate(() => performance.timeOrigin);
      const times = timePerFile(profile);
      const coverage = new Map(result.filter((s) => s.url.startsWith(`${base}/assets/`)).map((s) => [chunk(s.url), usedBytes(s.functions)]));
      const rows = [];
      for (const req of requests) {
        const name = chunk(req.url());
        const sizes = await req.sizes();
        rows.push({
          name,
          at: Math.round(req.timing().startTime - origin),
          transferred: sizes.responseBodySize + sizes.responseHeadersSize,
          ...(coverage.get(name) ?? { total: 0, used: 0 }),
          self: times.get(name) ?? 0,
        });
      }
      return rows.sort((a, b) => a.at - b.at);
    };
  });
}

/** A clean load: its long tasks and Lighthouse's blocking time (the tasks after the first paint, past 50 ms each). */
function clean(browser, path) {
  return open(browser, path, async (page) => async () => {
    const seen = await page.evaluate(() => window.__startup);
    const tbt = seen.longtasks.filter((t) => t.start >= seen.fcp).reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
    return { ...seen, tbt };
  });
}

const paths = process.argv.length > 2 ? process.argv.slice(2) : await defaultPaths();
const browser = await launch();
const summary = [];
try {
  console.log(`# JavaScript per page: 390×844, CPU ${slowdown}× slower, first visit${storage.consent ? " (consent stored)" : ""}, ${base}\n`);
  console.log("At: ms from navigation to the request. Start: `template` = announced by the server's app-files, `lazy` = requested");
  console.log("by the app itself before any interaction. Used: bytes of the functions V8 ran before any interaction (function granularity,");
  console.log("as Lighthouse counts). Self: sampled main-thread time in the file's functions (profiled load, slower than a clean one).\n");
  for (const path of paths) {
    const preannounced = await announced(path);
    const rows = await profiled(browser, path);
    const loads = [];
    for (let i = 0; i < rounds; i++) loads.push(await clean(browser, path));
    const typical = loads.find((l) => l.tbt === median(loads.map((x) => x.tbt)));
    console.log(`## ${path}\n`);
    console.log("| script | start | at ms | transferred KB | total KB | used KB | used % | self ms |");
    console.log("|---|---|--:|--:|--:|--:|--:|--:|");
    for (const r of rows) {
      const start = preannounced.has(r.name) ? "template" : /^index-/.test(r.name) ? "entry" : "lazy";
      const pct = r.total ? Math.round((100 * r.used) / r.total) : 0;
      console.log(`| ${r.name} | ${start} | ${r.at} | ${kb(r.transferred)} | ${kb(r.total)} | ${kb(r.used)} | ${pct} | ${Math.round(r.self)} |`);
    }
    const sum = (k) => rows.reduce((n, r) => n + r[k], 0);
    const lazy = rows.filter((r) => !preannounced.has(r.name) && !/^index-/.test(r.name));
    console.log(`| **all ${rows.length}** | | | **${kb(sum("transferred"))}** | **${kb(sum("total"))}** | **${kb(sum("used"))}** | ${Math.round((100 * sum("used")) / sum("total"))} | ${Math.round(sum("self"))} |\n`);
    console.log(`Clean loads (${rounds}): TBT ${loads.map((l) => l.tbt).join(", ")} ms; FCP ${loads.map((l) => l.fcp).join(", ")} ms.`);
    console.log(`Long tasks of the median load (start+duration ms): ${typical.longtasks.map((t) => `${t.start}+${t.duration}`).join(" ") || "none"}\n`);
    summary.push({ path, rows: rows.length, transferred: sum("transferred"), total: sum("total"), used: sum("used"), lazy: lazy.map((r) => r.name), tbt: median(loads.map((l) => l.tbt)), tasks: typical.longtasks.length });
  }
  console.log("## Summary\n");
  console.log("| page | scripts | transferred KB | total KB | used KB | TBT median ms | long tasks | lazy before interaction |");
  console.log("|---|--:|--:|--:|--:|--:|--:|---|");
  for (const s of summary) {
    console.log(`| ${s.path} | ${s.rows} | ${kb(s.transferred)} | ${kb(s.total)} | ${kb(s.used)} | ${s.tbt} | ${s.tasks} | ${s.lazy.join(", ") || "–"} |`);
  }
} finally {
  await browser.close();
}
