import { launch, declinedConsent, openPage } from "./support.mjs";
import { readFileSync } from "node:fs";
const cpu = () => { const f = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number); const idle = f[3] + f[4]; const tot = f.reduce((a, b) => a + b, 0); return (tot - idle) / 100; };
const paths = ["/nl/te-koop/", "/nl/", "/fr/a-vendre/", "/nl/gastenboek/"];
const running = (page) => page.locator("html[data-app=running]").waitFor();
const browser = await launch();
const t = async (page, p) => { const t0 = Date.now(); await page.goto(p); await running(page); return Date.now() - t0; };
async function fresh() { const out = []; for (const p of paths) { const { context, page } = await openPage(browser, { storage: declinedConsent, fresh: true }); out.push(await t(page, p)); await context.close(); } return out; }
let sh;
async function noblank() { sh ??= await openPage(browser, { storage: declinedConsent, fresh: true }); const out = []; for (const p of paths) out.push(await t(sh.page, p)); return out; }
async function pooled() { const out = []; for (const p of paths) { const o = await openPage(browser, { storage: declinedConsent }); out.push(await t(o.page, p)); await o.context.close(); } return out; }
const modes = { fresh, noblank, pooled };
const res = Object.fromEntries(Object.keys(modes).map((k) => [k, []]));
for (const f of Object.values(modes)) await f();
for (let r = 0; r < 3; r++) for (const [n, f] of Object.entries(modes)) { const c0 = cpu(), t0 = Date.now(); const each = await f(); res[n].push(`${((Date.now() - t0) / 1000).toFixed(1)}s/${(cpu() - c0).toFixed(1)}cpu [${each.join(",")}]`); }
for (const [n, v] of Object.entries(res)) console.log(n, v.join("  "));
await browser.close();
