// Medians of the reports scripts/lighthouse-ab.sh keeps (OUT/{A,B}/ROUND/*.json):
// per page and build, the scores, LCP, TBT, the bytes transferred (all and
// JavaScript), and B's ratio to A. Prints markdown.
//
//   node scripts/lighthouse-summary.mjs /tmp/lh 2   # skip round 1 (it warms the caches)
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";

const [out, from = "1"] = process.argv.slice(2);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const runs = {}; // page -> build -> [metrics]
for (const build of ["A", "B"]) {
  for (const round of readdirSync(join(out, build))) {
    if (Number(round) < Number(from)) continue;
    const dir = join(out, build, round);
    for (const file of readdirSync(dir)) {
      const r = JSON.parse(readFileSync(join(dir, file), "utf8"));
      if (!r.categories?.performance?.score) continue;
      const a = r.audits, c = r.categories;
      const items = a["network-requests"]?.details?.items ?? [];
      const bytes = items.reduce((n, i) => n + (i.transferSize ?? 0), 0);
      const js = items.filter((i) => i.resourceType === "Script").reduce((n, i) => n + (i.transferSize ?? 0), 0);
      const img = items.filter((i) => i.resourceType === "Image").reduce((n, i) => n + (i.transferSize ?? 0), 0);
      const page = new URL(r.finalDisplayedUrl ?? r.requestedUrl).pathname;
      ((runs[page] ??= {})[build] ??= []).push({
        perf: c.performance.score * 100, a11y: c.accessibility.score * 100, bp: c["best-practices"].score * 100, seo: c.seo.score * 100,
        lcp: a["largest-contentful-paint"].numericValue, tbt: a["total-blocking-time"].numericValue, bytes, js, img,
      });
    }
  }
}
const kb = (n) => (n / 1024).toFixed(0);
console.log("| page | build | n | perf | a11y / BP / SEO | LCP ms | TBT ms | bytes KB | JS KB | images KB |");
console.log("|---|---|--:|--:|---|--:|--:|--:|--:|--:|");
for (const page of Object.keys(runs).sort()) {
  const m = {};
  for (const build of ["A", "B"]) {
    const xs = runs[page][build] ?? [];
    if (!xs.length) continue;
    const med = (k) => median(xs.map((x) => x[k]));
    m[build] = { perf: med("perf"), lcp: med("lcp"), tbt: med("tbt"), bytes: med("bytes"), js: med("js"), img: med("img") };
    console.log(`| ${page.length > 34 ? page.slice(0, 31) + "…" : page} | ${build} | ${xs.length} | ${m[build].perf} | ${med("a11y")} / ${med("bp")} / ${med("seo")} | ${Math.round(m[build].lcp)} | ${Math.round(m[build].tbt)} | ${kb(m[build].bytes)} | ${kb(m[build].js)} | ${kb(m[build].img)} |`);
  }
  if (m.A && m.B) {
    const r = (k) => (m.A[k] ? (m.B[k] / m.A[k]).toFixed(2) : "–");
    console.log(`| | B/A | | | | ${r("lcp")} | ${r("tbt")} | ${r("bytes")} | ${r("js")} | ${r("img")} |`);
  }
}
