// Keystroke to visible results on a list page: types queries into the list's
// search box one key at a time and times, in the page's own clock, from the
// keydown to the moment the result count shows the number the search API
// gives for that prefix. Prints p50, p95 and max over every keystroke.
// Run against a server: `make bench-keystroke` (or ESTATE_URL=… node bench/keystroke.mjs).
import { baseURL as base, declinedConsent, launch, openPage } from "../e2e/support.mjs";

const rounds = Number(process.env.ROUNDS ?? 5);
const words = ["bouillon", "chalet", "libramont", "jardin", "4012"];

async function expectedCount(query) {
  const res = await fetch(`${base}/1/indexes/*/queries`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ requests: [{ indexName: "properties_fr", query, filters: "goal:sale", hitsPerPage: 0 }] }),
  });
  return (await res.json()).results[0].nbHits;
}

const browser = await launch();
const { page } = await openPage(browser, { storage: declinedConsent, locale: "fr-BE" });
await page.goto(`${base}/fr/a-vendre/`, { waitUntil: "networkidle" });
const box = page.locator(".search-box__input");
await box.waitFor();
const timings = [];
for (let round = 0; round < rounds; round++) {
  for (const word of words) {
    await box.fill("");
    await page.waitForTimeout(300);
    for (let i = 1; i <= word.length; i++) {
      const prefix = word.slice(0, i);
      const want = await expectedCount(prefix);
      const wait = page.evaluate(
        (want) =>
          new Promise((resolve) => {
            const count = document.querySelector(".search-results__count");
            let start = 0;
            const onKey = () => (start = performance.now());
            document.addEventListener("keydown", onKey, { capture: true, once: true });
            const done = () => {
              const digits = (count?.textContent ?? "").replace(/[^\d]/g, "");
              if (start && digits === String(want)) {
                observer.disconnect();
                resolve(performance.now() - start);
              }
            };
            const observer = new MutationObserver(done);
            observer.observe(document.querySelector("main") ?? document.body, { subtree: true, childList: true, characterData: true });
          }),
        want,
      );
      // The count may already read the same number (a prefix that matches as many): then time the next frame with new hits.
      await page.waitForTimeout(20);
      await box.press(word[i - 1]);
      const ms = await Promise.race([wait, page.waitForTimeout(2000).then(() => null)]);
      if (ms !== null) timings.push(ms);
    }
  }
}
await browser.close();
timings.sort((a, b) => a - b);
const pct = (p) => timings[Math.min(timings.length - 1, Math.floor(p * timings.length))].toFixed(1);
console.log(`keystrokes ${timings.length}  p50 ${pct(0.5)} ms  p95 ${pct(0.95)} ms  max ${timings.at(-1).toFixed(1)} ms`);
