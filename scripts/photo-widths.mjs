// Which photo a phone downloads for the largest images of a page: for the
// home's banner, the list's first card and a detail page's main photo, the
// rendition's real width against the slot's CSS width and what the screen
// needs (CSS width × device pixel ratio), and its format. The issue-33 goal:
// at 390×844 and 3× the photo is at least 2× its CSS width and never more
// than 1.5× what it needs. Prints markdown.
//
//   ESTATE_URL=http://127.0.0.1:8092 node scripts/photo-widths.mjs
//
// Run it against a server whose image pipeline has processed the photos
// (estate serve logs "images processed pass=avif"); before, the pages show
// the platform's addresses.
import { launch } from "../ui/e2e/support.mjs";

const base = (process.env.ESTATE_URL ?? "http://localhost:8080").replace(/\/$/, "");
const locs = [...(await (await fetch(`${base}/sitemap.xml`)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
const detail = locs.find((p) => /^\/nl\/te-koop\/[^/]+\/[^/]+\/\d+\/$/.test(p));
const pages = [
  ["/nl/", "img.banner__image"],
  ["/fr/a-vendre/", ".property-card img"],
  ["/nl/te-koop/", ".property-card img"],
  [detail, "img.photo-gallery__main-img"],
];
const screens = [
  { name: "390×844 @3", width: 390, height: 844, dpr: 3 },
  { name: "390×844 @2", width: 390, height: 844, dpr: 2 },
  { name: "412×823 @1.75 (Lighthouse)", width: 412, height: 823, dpr: 1.75 },
  { name: "1366×900 @1", width: 1366, height: 900, dpr: 1 },
];

const browser = await launch();
console.log("| screen | page | CSS width | needed px | rendition px | × CSS | × needed | format | bytes |");
console.log("|---|---|--:|--:|--:|--:|--:|---|--:|");
for (const s of screens) {
  for (const [path, selector] of pages) {
    const ctx = await browser.newContext({ viewport: { width: s.width, height: s.height }, deviceScaleFactor: s.dpr });
    const page = await ctx.newPage();
    const sizes = new Map();
    page.on("response", async (r) => {
      if (r.request().resourceType() === "image") sizes.set(r.url(), Number((await r.headerValue("content-length")) ?? 0));
    });
    await page.goto(base + path, { waitUntil: "load" });
    const img = page.locator(selector).first();
    await img.evaluate((el) => el.decode().catch(() => {}));
    const info = await img.evaluate((el) => ({ src: el.currentSrc, css: el.getBoundingClientRect().width }));
    await page.waitForTimeout(300);
    const m = /\/(\d+)\.(avif|webp|jpg)(\?|$)/.exec(info.src);
    const width = m ? Number(m[1]) : NaN;
    const needed = Math.round(info.css * s.dpr);
    const name = new URL(info.src).pathname;
    console.log(
      `| ${s.name} | ${path.length > 30 ? path.slice(0, 27) + "…" : path} | ${Math.round(info.css)} | ${needed} | ${width} | ${(width / info.css).toFixed(2)} | ${(width / needed).toFixed(2)} | ${m?.[2] ?? name} | ${sizes.get(info.src) ?? "?"} |`,
    );
    await ctx.close();
  }
}
await browser.close();
