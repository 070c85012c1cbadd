// What the main thread's long tasks are made of while a page starts, on a CPU
// slowed 4×: records a Chromium trace and prints, for each task over 50 ms,
// its start, length and the work inside it (script evaluation per file,
// function calls, microtasks, style, layout, paint, parsing), longest first.
// Use with longtasks.mjs: that one gives medians, this one the why.
//
//   ESTATE_URL=http://127.0.0.1:8092 node bench/trace.mjs /nl/ [/fr/ …]
//   TRACE_OUT=/tmp/t.json …     # also keeps the raw trace of the last path (open it in DevTools)
import { writeFileSync } from "node:fs";
import { declinedConsent, launch } from "../e2e/support.mjs";

const base = (process.env.ESTATE_URL ?? "http://localhost:8080").replace(/\/$/, "");
const slowdown = Number(process.env.CPU_SLOWDOWN ?? 4);
const settleMs = Number(process.env.SETTLE_MS ?? 4000);
const paths = process.argv.slice(2);
if (paths.length === 0) {
  console.error("usage: node bench/trace.mjs PATH…");
  process.exit(2);
}

// Few categories: each one more slows the traced page down.
const categories = (process.env.TRACE_CATEGORIES ?? "toplevel,devtools.timeline,v8.execute,blink.user_timing").split(",");

// The kinds of work worth naming inside a task; everything else is "other".
function label(e) {
  const d = e.args?.data ?? {};
  const file = (url) => (url ?? "").replace(/^.*\//, "").replace(/\?.*$/, "") || "inline";
  switch (e.name) {
    case "EvaluateScript":
    case "v8.evaluateModule":
      return `evaluate ${file(d.url ?? e.args?.url)}`;
    case "FunctionCall":
      return `call ${d.functionName || "(anonymous)"} ${file(d.url)}`;
    case "v8.compile":
    case "v8.compileModule":
    case "V8.CompileCode":
    case "V8.ParseFunction":
    case "V8.ParseProgram":
      return "compile";
    case "ParseHTML":
      return "parse HTML";
    case "UpdateLayoutTree":
    case "RecalculateStyles":
      return "style";
    case "Layout":
      return "layout";
    case "Paint":
    case "PrePaint":
    case "Layerize":
      return "paint";
    case "RunMicrotasks":
      return "microtasks";
    case "TimerFire":
      return "timer";
    case "EventDispatch":
      return `event ${d.type ?? ""}`;
    case "FireAnimationFrame":
      return "animation frame";
    case "ParseAuthorStyleSheet":
      return "parse CSS";
    case "Decode Image":
    case "ImageDecodeTask":
      return "image decode";
    case "GCEvent":
    case "MajorGC":
    case "MinorGC":
    case "V8.GC_SCAVENGER":
      return "GC";
    default:
      return null;
  }
}

async function trace(browser, path) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "nl-BE", isMobile: true, hasTouch: true });
  await context.addInitScript((entries) => {
    for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
  }, declinedConsent);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowdown });
  await browser.startTracing(page, { categories });
  try {
    await page.goto(base + path, { waitUntil: "load", timeout: 60_000 });
    await page.waitForTimeout(settleMs);
  } finally {
    var buf = await browser.stopTracing();
    await context.close();
  }
  return JSON.parse(buf.toString()).traceEvents;
}

function summarize(events) {
  // The renderer's main thread: where the navigation's CrRendererMain runs the page.
  const names = events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain");
  const start = events.find((e) => e.name === "navigationStart" || e.name === "markAsMainFrame") ?? events.find((e) => e.name === "TracingStartedInBrowser");
  let best = null;
  for (const n of names) {
    const count = events.filter((e) => e.pid === n.pid && e.tid === n.tid && /RunTask$/.test(e.name)).length;
    if (!best || count > best.count) best = { pid: n.pid, tid: n.tid, count };
  }
  const mine = events.filter((e) => e.pid === best.pid && e.tid === best.tid && e.ph === "X").sort((a, b) => a.ts - b.ts);
  const nav = events.find((e) => e.name === "navigationStart" && e.pid === best.pid && e.args?.data?.documentLoaderURL?.startsWith("http")) ?? start;
  const t0 = nav.ts;
  const top = mine.some((e) => e.name === "RunTask") ? "RunTask" : "ThreadControllerImpl::RunTask";
  const tasks = mine.filter((e) => e.name === top && e.ts >= t0 && e.dur >= 50_000);
  const out = [];
  for (const task of tasks) {
    const end = task.ts + task.dur;
    const inside = mine.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end);
    // Self time of the labelled events: the time of each minus its labelled children.
    const labelled = inside.map((e) => ({ e, l: label(e) })).filter((x) => x.l);
    const totals = new Map();
    for (const { e, l } of labelled) {
      const kids = labelled.filter((x) => x.e !== e && x.e.ts >= e.ts && x.e.ts + x.e.dur <= e.ts + e.dur);
      // Only direct labelled children (not grandchildren) are subtracted.
      const direct = kids.filter((k) => !kids.some((o) => o !== k && o.e.ts <= k.e.ts && o.e.ts + o.e.dur >= k.e.ts + k.e.dur && o.e.dur > k.e.dur));
      const self = e.dur - direct.reduce((s, k) => s + k.e.dur, 0);
      totals.set(l, (totals.get(l) ?? 0) + self);
    }
    const parts = [...totals].filter(([, d]) => d >= 2000).sort((a, b) => b[1] - a[1]);
    out.push({ start: Math.round((task.ts - t0) / 1000), dur: Math.round(task.dur / 1000), cpu: Math.round((task.tdur ?? 0) / 1000), parts: parts.map(([l, d]) => `${l} ${Math.round(d / 1000)}`) });
  }
  return out;
}

const browser = await launch();
try {
  for (const path of paths) {
    const events = await trace(browser, path);
    if (process.env.TRACE_OUT) writeFileSync(process.env.TRACE_OUT, JSON.stringify({ traceEvents: events }));
    console.log(`${path} (CPU ${slowdown}×): tasks over 50 ms, start+duration (ms) and their work`);
    for (const t of summarize(events)) console.log(`  ${t.start}+${t.dur} (thread ${t.cpu}): ${t.parts.join(", ")}`);
  }
} finally {
  await browser.close();
}
