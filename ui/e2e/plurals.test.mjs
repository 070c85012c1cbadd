// The server renders pages in a JavaScript engine without Intl, with the
// plural rules and number formats of src/lib/format; the browser hydrates them.
// These check that Chromium's own Intl agrees with the tables those helpers
// are tested against (src/lib/format/plural.test.ts, src/lib/format/cases.test.ts):
// Intl.PluralRules picks the same category for every number of
// src/lib/format/testdata/plurals.json, and Intl.NumberFormat writes the numbers
// and percentages of testdata/format/cases.json as the helpers do, so the
// texts read as they did when the site used Intl.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { browser, openPage, withBrowser } from "./support.mjs";

const plurals = JSON.parse(readFileSync(new URL("../src/lib/format/testdata/plurals.json", import.meta.url), "utf8"));
const formats = JSON.parse(readFileSync(new URL("../../testdata/format/cases.json", import.meta.url), "utf8"));
const langs = ["en", "nl", "fr", "de"];
// The locales the site formatted with before src/lib/format: Belgian, and British English.
const locales = { nl: "nl-BE", fr: "fr-BE", en: "en-GB", de: "de-BE" };

withBrowser();

for (const lang of langs) {
  test(`Chromium's Intl.PluralRules gives the fixture's category of every number in ${lang}`, async () => {
    const { context, page, problems } = await openPage(browser);
    try {
      // A string goes to select() as it is: Intl reads it as the number it spells, as the fixture says.
      const got = await page.evaluate(
        ({ lang, ns }) => ns.map((n) => new Intl.PluralRules(lang).select(n)),
        { lang, ns: plurals.cases.map((c) => c.n) },
      );
      const wrong = plurals.cases
        .map((c, i) => ({ n: c.n, want: c[lang], got: got[i] }))
        .filter((r) => r.got !== r.want)
        .map((r) => `${JSON.stringify(r.n)}: Chromium ${r.got}, fixture ${r.want}`);
      assert.deepEqual(wrong, []);
      assert.ok(plurals.cases.length > 200, "the fixture covers 0 to 200 and more");
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}

test("Chromium's Intl.NumberFormat writes the shared number and percent cases as src/lib/format does", async () => {
  const { context, page, problems } = await openPage(browser);
  try {
    // Cases marked "intl": false are where the helpers differ on purpose (no "-0", "" for NaN, unknown languages).
    const numbers = formats.number.filter((c) => c.intl !== false).map((c) => ({ ...c, locale: locales[c.lang], style: "decimal", value: c.value }));
    const percents = formats.percent.map((c) => ({ ...c, locale: locales[c.lang], style: "percent", value: c.ratio }));
    const cases = [...numbers, ...percents];
    const got = await page.evaluate(
      (cases) => cases.map((c) => new Intl.NumberFormat(c.locale, { style: c.style, maximumFractionDigits: c.maximumFractionDigits }).format(c.value)),
      cases,
    );
    const wrong = cases
      .map((c, i) => ({ c, got: got[i] }))
      .filter((r) => r.got !== r.c.want)
      .map((r) => `${r.c.style} ${r.c.value} ${r.c.locale}: Chromium ${JSON.stringify(r.got)}, src/lib/format ${JSON.stringify(r.c.want)}`);
    assert.deepEqual(wrong, []);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
