// The forms of the content pages (free valuation, 'keep me informed',
// guestbook, office question and newsletter) against the running server,
// each flow in Dutch or French (they take turns): a valid submission, with the real ALTCHA widget solving
// its proof of work, lands on the form's thank-you page; a submission with
// every required field empty and a bad e-mail shows the contract's messages
// in red, and the red alert goes once they are fixed; mismatched passwords;
// a town nobody knows among the postcodes; an information request with a
// phone number and no address; one form filled with the keyboard only.
// Labels and messages are read from the locale files and leads/forms.json,
// not copied.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { assertAccessible, browser, declinedConsent, openPage, testInTurn, withBrowser } from "./support.mjs";
import { detailPath, localize, pageData, siteData, unexpected, visit } from "./site.mjs";
import { control, described, errorOf, fieldsOf, red, spec } from "./forms-support.mjs";
import { available, listings } from "./platform-data.mjs";

const texts = (lang, ns) => JSON.parse(readFileSync(new URL(`../src/locales/${lang}/${ns}.json`, import.meta.url), "utf8"));
const site = await siteData();

// The page each form lives on, and the region (its heading, forms namespace) that holds it.
const forms = {
  "contact-demand": { internal: "/contact-demand/", section: "valuation" },
  "demand-register": { internal: "/demand-register/", section: "register" },
  "contact-testimonial": { internal: "/guestbook/", section: "testimonial" },
  "site-contact": { internal: "/office/", section: "siteContact" },
  "sign-newsletter": { internal: "/office/", section: "newsletter" },
};

// A valid value per field type: what a visitor in Libramont would type.
const validValues = {
  text: "Peeters",
  textarea: "Wij zoeken een woning met tuin.",
  email: "els.peeters@example.be",
  phone: "0475 12 34 56",
  zip: "6800",
  url: "https://example.be/",
  password: "geheim-2026",
  number: "3",
  date: "2027-03-01",
};

withBrowser();

function regionOf(page, form, lang) {
  return page.getByRole("region", { name: texts(lang, "forms").sections[forms[form].section].title, exact: true });
}

async function fillValid(region, form) {
  for (const field of fieldsOf(form)) {
    const el = control(region, field.name);
    switch (field.type) {
      case "select":
        if (field.required) await el.selectOption(field.options[field.options.length - 1]);
        break;
      case "multi":
        if (field.required) await el.check();
        break;
      case "list":
        await el.fill("6800");
        await el.press("Enter");
        await el.fill("6600");
        await el.press(",");
        break;
      case "checkbox":
        if (field.required) await el.check();
        break;
      case "area":
        break; // the postcodes place the search; drawing is the area picker's own test
      default:
        await el.fill(validValues[field.type]);
    }
  }
}

/** An available listing for sale of the demo agency (on the market, not under option, Goal 0). */
const forSale = listings("nl").find(
  (p) => p.Goal === 0 && available(p) && !p.ProjectID,
);

async function typeTreeOf(lang) {
  return (await pageData(localize(site, "/demand-register/", lang))).typeTree ?? [];
}

// Each flow runs in the browser once, the languages taking turns: a form's
// valid submission in one, its errors in the other. Every message and label
// of both is checked without a browser (Vitest: LeadForm, the validation
// texts, the feedback page; the text lint), and both languages' forms are
// still driven here.
for (const lang of ["nl", "fr"]) {
  const messages = spec.messages[lang];
  const thanks = (form) => localize(site, "/feedback/{form}/", lang).replace("{form}", form);

  describe(`${lang} forms`, { concurrency: 2 }, () => {
    for (const [i, form] of Object.keys(forms).entries()) {
      testInTurn(lang, i, `${lang} ${form}: a valid submission lands on its thank-you page`, async () => {
        if (form === "demand-register") {
          assert.ok((await typeTreeOf(lang)).length > 0, "the demand register offers the property types its required 'types' needs");
        }
        const { context, page, problems } = await openPage(browser, { storage: declinedConsent, locale: `${lang}-BE` });
        try {
          await visit(page, localize(site, forms[form].internal, lang));
          const region = regionOf(page, form, lang);
          await fillValid(region, form);
          const sent = page.waitForResponse((res) => res.url().includes(`/api/forms/${form}`));
          await region.getByRole("button", { name: texts(lang, "forms").submit[form] ?? texts(lang, "forms").submit.default }).click();
          assert.equal((await sent).status(), 201);
          await page.waitForURL((url) => decodeURIComponent(url.pathname) === thanks(form));
          await page.getByRole("heading", { level: 2, name: texts(lang, "pages").feedback.forms[form].heading }).waitFor();
          assert.deepEqual(unexpected(problems), []);
        } finally {
          await context.close();
        }
      });

      testInTurn(lang, i + 1, `${lang} ${form}: each required field and an invalid e-mail show the localized message in red`, async () => {
        const { context, page, problems } = await openPage(browser, { storage: declinedConsent, locale: `${lang}-BE` });
        try {
          await visit(page, localize(site, forms[form].internal, lang));
          const region = regionOf(page, form, lang);
          await control(region, "email").fill("els.peeters@");
          await region.getByRole("button", { name: texts(lang, "forms").submit[form] ?? texts(lang, "forms").submit.default }).click();

          await region.getByRole("alert").filter({ hasText: messages.failed }).waitFor();
          const fields = fieldsOf(form);
          const expected = (f) =>
            f.name === "email"
              ? messages.email
              : f.unless
                ? messages[f.missing]
                : f.type === "checkbox"
                  ? messages.accept
                  : f.type === "multi" || f.type === "list"
                    ? messages.requiredOne
                    : messages.required;
          // The e-mail address was given (if wrong): a field it makes optional is not asked for.
          const asked = (f) => (f.required && f.unless !== "email") || f.name === "email";
          for (const field of fields.filter(asked)) {
            assert.deepEqual(await errorOf(described(region, field)), { invalid: true, text: expected(field), color: red }, `${field.name}`);
          }
          for (const field of fields.filter((f) => !asked(f) && f.type !== "area")) {
            assert.equal((await errorOf(described(region, field))).invalid, false, `${field.name} is optional`);
          }
          const first = fields.find(asked);
          assert.ok(await control(region, first.name).evaluate((el) => el === document.activeElement), "the first field in red has the focus");
          await assertAccessible(page, `${form} with its errors (${lang})`);
          assert.deepEqual(unexpected(problems), []);
        } finally {
          await context.close();
        }
      });
    }

    testInTurn(lang, 0, `${lang} site-contact: a name, a phone number and the question will do, and the red alert goes once they are given`, async () => {
      const { context, page, problems } = await openPage(browser, { storage: declinedConsent, locale: `${lang}-BE` });
      try {
        await visit(page, localize(site, "/office/", lang));
        const region = regionOf(page, "site-contact", lang);
        const posted = [];
        page.on("request", (r) => r.url().includes("/api/forms/") && posted.push(r.url()));
        await region.getByRole("button", { name: texts(lang, "forms").submit.default }).click();
        const alert = region.getByRole("alert");
        await alert.filter({ hasText: messages.failed }).waitFor();
        for (const name of ["email", "phone"]) {
          assert.deepEqual(await errorOf(control(region, name)), { invalid: true, text: messages.emailOrPhone, color: red }, name);
        }
        for (const name of ["title", "street", "zip", "city"]) {
          assert.equal((await errorOf(control(region, name))).invalid, false, `${name} is not asked for`);
        }
        await control(region, "firstName").fill("Els");
        await control(region, "lastName").fill("Peeters");
        await control(region, "phone").fill("0475 12 34 56");
        await control(region, "remark").fill(lang === "nl" ? "Bent u zaterdag open?" : "Êtes-vous ouverts le samedi\u202f?");
        assert.match(await alert.textContent(), /\S/, "a field is still in red: the alert stays");
        await control(region, "privacy").check();
        await region.locator(".lead-form__alert-text").waitFor({ state: "detached" });
        assert.equal((await errorOf(control(region, "email"))).invalid, false, "the phone number made the e-mail address optional");
        assert.deepEqual(posted, [], "nothing was sent meanwhile");
        await assertAccessible(page, `site-contact fixed (${lang})`);

        const sent = page.waitForResponse((res) => res.url().includes("/api/forms/site-contact"));
        await region.getByRole("button", { name: texts(lang, "forms").submit.default }).click();
        assert.equal((await sent).status(), 201);
        await page.waitForURL((url) => decodeURIComponent(url.pathname) === thanks("site-contact"));
        assert.deepEqual(unexpected(problems), []);
      } finally {
        await context.close();
      }
    });

    testInTurn(lang, 1, `${lang} contact-me: an information request without an address lands on its thank-you page`, async () => {
      const { context, page, problems } = await openPage(browser, { storage: declinedConsent, locale: `${lang}-BE` });
      try {
        const info = texts(lang, "property").requests.info;
        await visit(page, await detailPath(forSale.ID, lang));
        await page.getByRole("button", { name: info, exact: true }).and(page.locator("[aria-haspopup=dialog]")).click();
        const dialog = page.getByRole("dialog", { name: info });
        // The forms' code loads on first use.
        await dialog.locator("form.lead-form").waitFor({ timeout: 20_000 });
        await control(dialog, "firstName").fill("Els");
        await control(dialog, "lastName").fill("Peeters");
        await control(dialog, lang === "nl" ? "phone" : "email").fill(lang === "nl" ? "0475 12 34 56" : "els.peeters@example.be");
        await control(dialog, "remark").fill(lang === "nl" ? "Is de tuin omheind?" : "Le jardin est-il clôturé\u202f?");
        await control(dialog, "privacy").check();
        const sent = page.waitForResponse((res) => res.url().includes("/api/forms/contact-me"), { timeout: 30_000 });
        await dialog.locator("button[type=submit]").click();
        const answer = await sent;
        assert.equal(answer.status(), 201);
        const body = answer.request().postDataJSON();
        assert.deepEqual(["street", "zip", "city"].filter((k) => body.fields[k]), [], "no address was sent");
        await page.waitForURL((url) => decodeURIComponent(url.pathname) === thanks("contact-me"));
        await page.getByRole("heading", { level: 2, name: texts(lang, "pages").feedback.forms["contact-me"].heading }).waitFor();
        assert.deepEqual(unexpected(problems), []);
      } finally {
        await context.close();
      }
    });

    testInTurn(lang, 2, `${lang} demand-register: a town nobody knows among the postcodes is refused, naming it`, async () => {
      const { context, page, problems } = await openPage(browser, { storage: declinedConsent, locale: `${lang}-BE` });
      try {
        await visit(page, localize(site, "/demand-register/", lang));
        const region = regionOf(page, "demand-register", lang);
        await fillValid(region, "demand-register");
        await control(region, "email").fill(`onbekend-${lang}-${Date.now()}@example.be`);
        await control(region, "zones").fill("Nergensdorp");
        await control(region, "zones").press("Enter");
        await region.getByRole("button", { name: texts(lang, "forms").submit["demand-register"] }).click();
        const text = messages.unknownTown.replace("{{town}}", "Nergensdorp");
        await region.locator(".lead-form__field--zones .lead-form__error").filter({ hasText: "Nergensdorp" }).waitFor();
        assert.deepEqual(await errorOf(control(region, "zones")), { invalid: true, text, color: red });
        await assertAccessible(page, `demand-register with an unknown town (${lang})`);
        // The server refuses it too, if the browser's suggestions had not come back yet: no other failure.
        assert.deepEqual(unexpected(problems, /422/), []);
      } finally {
        await context.close();
      }
    });

    testInTurn(lang, 3, `${lang} demand-register: mismatched passwords`, async () => {
      const { context, page } = await openPage(browser, { storage: declinedConsent, locale: `${lang}-BE` });
      try {
        await visit(page, localize(site, "/demand-register/", lang));
        const region = regionOf(page, "demand-register", lang);
        await control(region, "password").fill("geheim-2026");
        await control(region, "passwordConfirm").fill("geheim-2027");
        await region.getByRole("button", { name: texts(lang, "forms").submit["demand-register"] }).click();
        await region.getByRole("alert").filter({ hasText: messages.failed }).waitFor();
        assert.deepEqual(await errorOf(control(region, "passwordConfirm")), { invalid: true, text: messages.match, color: red });
        assert.equal((await errorOf(control(region, "password"))).invalid, false);
        await assertAccessible(page, `demand-register with mismatched passwords (${lang})`);
      } finally {
        await context.close();
      }
    });
  });
}

test("nl site-contact: filled and sent with the keyboard only", async () => {
  const { context, page, problems } = await openPage(browser, { storage: declinedConsent });
  const f = texts("nl", "forms");
  try {
    await visit(page, localize(site, "/office/", "nl"));
    const region = regionOf(page, "site-contact", "nl");
    // Tab from the element before the form, as a visitor arriving at it does.
    await region.getByRole("heading", { level: 2 }).evaluate((h) => {
      h.tabIndex = -1;
      h.focus();
    });
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute("name") ?? document.activeElement?.id ?? "");
    const tab = async () => page.keyboard.press("Tab");

    await tab();
    assert.equal(await focused(), "title");
    await page.keyboard.press("ArrowDown"); // the first title
    for (const [name, value] of [
      ["firstName", "Els"],
      ["lastName", "Peeters"],
      ["email", "els.peeters@example.be"],
      ["phone", "0475 12 34 56"],
      ["street", "Grand-Rue 24"],
      ["zip", "6800"],
      ["city", "Libramont-Chevigny"],
      ["remark", "Bent u zaterdag open?"],
    ]) {
      await tab();
      assert.equal(await focused(), name);
      await page.keyboard.type(value);
    }
    await tab(); // the first time slot
    await page.keyboard.press("Space");
    await tab();
    await tab();
    await tab();
    assert.equal(await focused(), "contactBy");
    await page.keyboard.press("ArrowDown");
    await tab();
    assert.equal(await focused(), "privacy");
    await page.keyboard.press("Space");
    // The privacy statement's link, then the captcha's own checkbox, then the button.
    await tab();
    assert.equal(await page.evaluate(() => document.activeElement?.tagName), "A");
    let steps = 0;
    while ((await page.evaluate(() => document.activeElement?.className ?? "")) !== "lead-form__submit" && steps++ < 5) await tab();
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), f.submit.default);
    const sent = page.waitForResponse((res) => res.url().includes("/api/forms/site-contact"));
    await page.keyboard.press("Enter");
    const body = (await sent).request().postDataJSON();
    assert.equal(body.fields.title, "mr");
    assert.deepEqual(body.fields.timeSlots, ["morning"]);
    assert.equal(body.fields.contactBy, "phone");
    assert.equal(body.fields.privacy, true);
    assert.ok(body.altcha.length > 20, "the widget's payload is sent");
    assert.equal(body.fax, "");
    await page.waitForURL((url) => url.pathname === "/nl/bedankt/site-contact/");
    assert.deepEqual(unexpected(problems), []);
  } finally {
    await context.close();
  }
});
