// What a page asks for as it starts: loads each path in Chromium, waits a few
// seconds for the app's lazy files, and prints how many requests it made,
// how many of them were locale files (JSON), and any console error.
//
//   node bench/requests.mjs http://127.0.0.1:8091 http://127.0.0.1:8092 -- /fr/ /fr/a-vendre/
import { launch } from "../e2e/support.mjs";

const split = process.argv.indexOf("--");
const bases = process.argv.slice(2, split < 0 ? undefined : split);
const paths = split < 0 ? ["/"] : process.argv.slice(split + 1);
const browser = await launch();
try {
  for (const path of paths) {
    for (const base of bases) {
      const page = await browser.newPage();
      const urls = [];
      const errors = [];
      page.on("request", (r) => urls.push(r.url()));
      page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
      await page.goto(base.replace(/\/$/, "") + path);
      await page.waitForTimeout(3000);
      console.log(`${base} ${path}  requests ${urls.length}  JSON ${urls.filter((u) => /\.json(\?|$)/.test(u)).length}  errors ${errors.length}`);
      await page.close();
    }
  }
} finally {
  await browser.close();
}
