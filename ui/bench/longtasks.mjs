// The main thread's long tasks while a page starts, on a CPU slowed 4× (as
// Lighthouse's mobile profile assumes): first and largest paint, every task
// over 50 ms and the blocking time after the first paint. Compares builds:
// give each server's address, and the runs alternate between them (A, B, A,
// B …) so a busy moment on this shared machine weighs on both alike.
//
//   ESTATE_URLS=old=http://127.0.0.1:8091,new=http://127.0.0.1:8092 ROUNDS=5 node bench/longtasks.mjs /nl/ /nl/te-koop/
//   ESTATE_URL=… node bench/longtasks.mjs /nl/          # one server
//
// Prints medians per server and path, and the long tasks of the median run.
import { declinedConsent, launch } from "../e2e/support.mjs";

const rounds = Number(process.env.ROUNDS ?? 5);
const slowdown = Number(process.env.CPU_SLOWDOWN ?? 4);
// How long after load the page is watched for the work that follows it (hydration, lazy chunks).
const settleMs = Number(process.env.SETTLE_MS ?? 4000);
const servers = (process.env.ESTATE_URLS ?? `current=${process.env.ESTATE_URL ?? "http://localhost:8080"}`)
  .split(",")
  .map((s) => {
    const [name, url] = s.includes("=") ? s.split("=") : [s, s];
    return { name, url: url.replace(/\/$/, "") };
  });
const paths = process.argv.slice(2);
if (paths.length === 0) {
  console.error("usage: node bench/longtasks.mjs PATH…");
  process.exit(2);
}

// Runs in the page before its scripts: buffers what the observers see.
function observe() {
  const seen = { longtasks: [], fcp: 0, lcp: 0 };
  window.__startup = seen;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) seen.longtasks.push({ start: Math.round(e.startTime), duration: Math.round(e.duration) });
  }).observe({ type: "longtask", buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === "first-contentful-paint") seen.fcp = Math.round(e.startTime);
  }).observe({ type: "paint", buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) seen.lcp = Math.round(e.startTime);
  }).observe({ type: "largest-contentful-paint", buffered: true });
}

async function measure(browser, url) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "nl-BE", isMobile: true, hasTouch: true });
  await context.addInitScript((entries) => {
    for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
  }, declinedConsent);
  await context.addInitScript(observe);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowdown });
  try {
    await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    await page.waitForTimeout(settleMs);
    const seen = await page.evaluate(() => window.__startup);
    // Lighthouse's blocking time counts the tasks after the first paint.
    const tbt = seen.longtasks.filter((t) => t.start >= seen.fcp).reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
    const longest = Math.max(0, ...seen.longtasks.map((t) => t.duration));
    return { ...seen, tbt, longest };
  } finally {
    await context.close();
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const browser = await launch();
try {
  const runs = new Map();
  for (let round = 0; round < rounds; round++) {
    for (const path of paths) {
      for (const server of servers) {
        const key = `${server.name} ${path}`;
        if (!runs.has(key)) runs.set(key, []);
        runs.get(key).push(await measure(browser, server.url + path));
      }
    }
  }
  console.log(`CPU slowdown ${slowdown}×, ${rounds} rounds, 390×844; medians (ms)`);
  for (const path of paths) {
    for (const server of servers) {
      const rs = runs.get(`${server.name} ${path}`);
      const tbt = median(rs.map((r) => r.tbt));
      const typical = rs.reduce((best, r) => (Math.abs(r.tbt - tbt) < Math.abs(best.tbt - tbt) ? r : best));
      console.log(
        `${path}  ${server.name.padEnd(8)} FCP ${median(rs.map((r) => r.fcp))}  LCP ${median(rs.map((r) => r.lcp))}  TBT ${tbt}  longest task ${median(rs.map((r) => r.longest))}  tasks > 50 ms ${median(rs.map((r) => r.longtasks.length))}`,
      );
      console.log(`    tasks of the median run (start+duration): ${typical.longtasks.map((t) => `${t.start}+${t.duration}`).join(" ")}`);
    }
  }
} finally {
  await browser.close();
}
