// The accounts in a real browser: the demo owner logs in, reads the stats
// of a property with its chart and logs out; a request sent about a
// property shows in its owner's portal by kind, never with the visitor's
// name, address or words; a session that ended sends
// the owner back to the login; a forgotten password is reset end to end
// through a real SMTP server (a second `estate serve` of our own, whose
// mails go to an in-process smtp-server); a searcher registers a demand,
// confirms by the link mailed to the address (double opt-in), logs in,
// changes the criteria, pauses and unsubscribes, the town typed
// among the postcodes kept as its postcode and the budget editable. Texts
// come from the locale files, not copied.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { SMTPServer } from "smtp-server";
import libqp from "libqp";
import { assertAccessible, browser, declinedConsent, openPage, testInTurn, withBrowser } from "./support.mjs";
import { detailPath, localize, running, siteData, unexpected, visit } from "./site.mjs";
import { control } from "./forms-support.mjs";
import { freePort, startEstate } from "./own-server.mjs";

const texts = (lang, ns) => JSON.parse(readFileSync(new URL(`../src/locales/${lang}/${ns}.json`, import.meta.url), "utf8"));
const site = await siteData();

// The demo owner of the shipped config (README, make run).
const owner = { email: "eigenaar@ardennes-immo.example", password: "demo-eigenaar-2026" };

withBrowser();

async function logIn(page, lang, email, password) {
  const a = texts(lang, "account");
  await page.getByLabel(a.form.email).fill(email);
  await page.getByLabel(a.form.password, { exact: true }).fill(password);
  await page.getByRole("button", { name: a.login.submit, exact: true }).click();
}

for (const lang of ["nl", "fr"]) {
  describe(`${lang} owner portal`, () => {
    testInTurn(lang, 0, `${lang}: owners page → login → properties → stats with chart → logout`, async () => {
      const a = texts(lang, "account");
      const { context, page, problems } = await openPage(browser, { storage: declinedConsent, locale: `${lang}-BE` });
      try {
        await visit(page, localize(site, "/owners/", lang));
        assert.equal(new URL(page.url()).pathname, localize(site, "/login/", lang), "the owners page leads to the login");

        await logIn(page, lang, owner.email, "not-the-password");
        await page.getByText(a.login.failedDetail).waitFor();
        await page.getByText(a.login.failedHeading).waitFor();
        await assertAccessible(page, `login failed (${lang})`);

        await logIn(page, lang, owner.email, owner.password);
        const portal = localize(site, "/owner-portal/", lang);
        await page.waitForURL((u) => u.pathname === portal);
        await page.getByRole("heading", { level: 1, name: a.portal.title }).waitFor();
        const rows = page.locator("main table tbody tr");
        await rows.first().waitFor();
        assert.equal(await rows.count(), 2, "the demo owner has two properties");
        await assertAccessible(page, `portal, all properties (${lang})`);

        await page.getByRole("combobox", { name: a.portal.select }).selectOption({ index: 1 });
        await page.waitForURL((u) => u.searchParams.has("property"));
        await page.getByRole("heading", { name: a.portal.chart.heading }).waitFor();
        // The site's own chart; the platform's statistics have one of their own (owner-platform.test.mjs).
        const chart = page.locator(".owner-portal__section canvas[role=img]");
        await chart.waitFor();
        assert.match((await chart.getAttribute("aria-label")) ?? "", /\d/, "the chart says what it shows");
        await page.getByRole("heading", { name: a.portal.sources.heading }).waitFor();
        assert.ok((await page.locator("main table").count()) >= 2, "sources and the 30 days as tables");
        await assertAccessible(page, `portal, one property (${lang})`);

        // The selection survives a reload.
        const selected = new URL(page.url()).searchParams.get("property");
        await page.reload();
        await running(page);
        await page.getByRole("heading", { name: a.portal.chart.heading }).waitFor();
        assert.equal(await page.getByRole("combobox", { name: a.portal.select }).inputValue(), selected);

        await page.getByRole("button", { name: a.logout.button, exact: true }).click();
        await page.waitForURL((u) => u.pathname === localize(site, "/login/", lang));
        await visit(page, portal);
        await page.waitForURL((u) => u.pathname === localize(site, "/login/", lang) && u.searchParams.get("next") === portal);
        assert.deepEqual(unexpected(problems, /401/), []);
      } finally {
        await context.close();
      }
    });

    testInTurn(lang, 1, `${lang}: a request about 4030 is counted and listed by kind, without who sent it or what they wrote`, async () => {
      const a = texts(lang, "account");
      const p = texts(lang, "property");
      const stamp = Date.now();
      // What the visitor types, each distinctive enough to be found anywhere on the owner's page.
      const visitor = {
        firstName: "Quirinus",
        lastName: `Zorglub${lang}${stamp}`,
        email: `zorglub.${lang}.${stamp}@example.be`,
        phone: "0471 93 57 00",
        street: "Zorglubstraat 77",
        city: "Zorglubdorp",
        remark: lang === "nl" ? `Mijn geheime vraag ${stamp}` : `Ma question privée ${stamp}`,
      };
      const { context, page, problems } = await openPage(browser, { storage: declinedConsent, locale: `${lang}-BE` });
      try {
        await visit(page, await detailPath(4030, lang));
        await page.getByRole("button", { name: p.requests.info, exact: true }).and(page.locator("[aria-haspopup=dialog]")).click();
        const dialog = page.getByRole("dialog", { name: p.requests.info });
        await dialog.locator("form.lead-form").waitFor({ timeout: 20_000 });
        await control(dialog, "request").selectOption("info");
        await control(dialog, "title").selectOption("mr");
        await control(dialog, "zip").fill("6830");
        for (const [name, value] of Object.entries(visitor)) await control(dialog, name).fill(value);
        await control(dialog, "privacy").check();
        const sent = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/forms/contact-me" && r.request().method() === "POST", { timeout: 30_000 });
        await dialog.locator("button[type=submit]").press("Enter");
        assert.equal((await sent).status(), 201);

        // The portal of 4030 asks for the login first, then opens it.
        const portal = localize(site, "/owner-portal/", lang);
        await page.goto(`${portal}?property=4030`);
        await running(page);
        await page.waitForURL((u) => u.pathname === localize(site, "/login/", lang));
        const answer = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/owner/properties/4030");
        await logIn(page, lang, owner.email, owner.password);
        await page.waitForURL((u) => u.pathname === portal && u.searchParams.get("property") === "4030");
        const api = await (await answer).text();

        const history = page.getByRole("table", { name: a.portal.history.heading });
        const rows = history.locator("tbody tr");
        await rows.first().waitFor();
        const seen = await page.locator("body").innerText();
        for (const [field, typed] of Object.entries(visitor)) {
          assert.ok(!seen.includes(typed), `the page shows the visitor's ${field}`);
          assert.ok(!api.includes(typed), `the owner API carries the visitor's ${field}`);
        }

        const information = a.portal.history.kinds.information;
        const kinds = page.getByRole("table", { name: a.portal.requests.heading });
        const counted = Number((await kinds.getByRole("row").filter({ has: page.getByRole("rowheader", { name: information, exact: true }) }).getByRole("cell").textContent()).trim());
        const listed = await rows.filter({ has: page.getByRole("cell", { name: information, exact: true }) }).count();
        assert.ok(counted >= 1, `the information request is counted (${counted})`);
        assert.equal(listed, counted, "each counted request is in the history");
        // The newest is this one: its kind, from our site, and how far it got.
        const [, kind, source, state] = await rows.first().getByRole("cell").allTextContents();
        assert.deepEqual([kind, source], [information, a.portal.sources.labels.site]);
        assert.ok(Object.values(a.portal.history.statuses).includes(state), `its state (${state})`);

        await assertAccessible(page, `portal, requests of 4030 (${lang})`);
        assert.deepEqual(unexpected(problems, /401/), []);
      } finally {
        await context.close();
      }
    });
  });
}

test("nl: an ended session sends the owner back to the login, which says so", async () => {
  const a = texts("nl", "account");
  const { context, page } = await openPage(browser, { storage: declinedConsent });
  try {
    await visit(page, localize(site, "/login/", "nl"));
    await logIn(page, "nl", owner.email, owner.password);
    await page.waitForURL((u) => u.pathname === localize(site, "/owner-portal/", "nl"));
    // The server forgets the session (as after 30 idle minutes): the
    // browser still holds a cookie that opens nothing.
    const [session] = (await context.cookies()).filter((c) => c.name === "__Host-estate-session");
    assert.ok(session?.httpOnly && session.secure && session.sameSite === "Lax", "a __Host- session cookie");
    await context.addCookies([{ ...session, value: "ended-session-token" }]);
    await page.reload();
    await running(page);
    await page.waitForURL((u) => u.pathname === localize(site, "/login/", "nl") && u.searchParams.get("expired") === "1");
    await page.getByText(a.login.expired).waitFor();
  } finally {
    await context.close();
  }
});

// --- A server of our own, with a real SMTP server ---------------------------

/** An SMTP server on loopback keeping every message it receives. */
async function startSMTP() {
  const messages = [];
  const waiting = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, done) {
      const chunks = [];
      stream.on("data", (c) => chunks.push(c));
      stream.on("end", () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") });
        for (const w of waiting.splice(0)) w();
        done();
      });
    },
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    port,
    messages,
    /** The first message to `to` that `match` accepts, waiting up to 15 s. */
    async waitFor(to, match = () => true) {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const m = messages.find((m) => m.to.includes(to) && match(m));
        if (m) return m;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within 15 s (${messages.length} received)`);
        await new Promise((r) => {
          waiting.push(r);
          setTimeout(r, 200);
        });
      }
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** The text of a mail's text/plain part, its transfer encoding undone. */
function plainText(raw) {
  const part = raw.split(/\r?\n--[^\r\n]+\r?\n/).find((p) => /content-type:\s*text\/plain/i.test(p)) ?? raw;
  const [head, ...body] = part.split(/\r?\n\r?\n/);
  const text = body.join("\n\n");
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) return libqp.decode(text).toString("utf8");
  if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(text.replace(/\s+/g, ""), "base64").toString("utf8");
  return text;
}

/** `estate serve` with the demo data, a fresh store and mail to smtpPort. */
function startMailingEstate(smtpPort) {
  return startEstate({
    env: {
      ESTATE_MAIL_HOST: "127.0.0.1",
      ESTATE_MAIL_PORT: String(smtpPort),
      ESTATE_MAIL_TLS: "none",
      ESTATE_MAIL_FROM: "site@ardennes-immo.example",
    },
  });
}

test("fr: a forgotten password is reset through the mailed link, once", async () => {
  const a = texts("fr", "account");
  const smtp = await startSMTP();
  const estate = await startMailingEstate(smtp.port);
  const { context, page, problems } = await openPage(browser, { storage: declinedConsent, locale: "fr-BE", base: estate.base });
  try {
    await visit(page, localize(site, "/login/", "fr"));
    await page.getByRole("link", { name: a.login.forgot }).click();
    await page.waitForURL((u) => u.pathname === localize(site, "/password-forgotten/", "fr"));
    // The address changes before the new page shows: until then the login
    // form, with its own email field, is still on screen.
    await page.getByRole("heading", { level: 1, name: a.forgotten.title }).waitFor();
    await page.getByLabel(a.form.email).fill(owner.email);
    const requested = page.waitForResponse((res) => res.url().endsWith("/api/account/password-reset"));
    await page.getByRole("button", { name: a.forgotten.submit }).click();
    assert.equal((await requested).status(), 202);
    await page.getByText(a.forgotten.sent).waitFor();

    const mail = await smtp.waitFor(owner.email);
    const link = plainText(mail.raw).match(/https?:\/\/\S+#token=[\w-]+/)?.[0];
    assert.ok(link?.startsWith(`${estate.base}${localize(site, "/password-reset/", "fr")}`), `reset link in:\n${plainText(mail.raw)}`);
    // Nobody else got anything, and an unknown address got no mail.
    await visit(page, localize(site, "/password-forgotten/", "fr"));
    await page.getByRole("heading", { level: 1, name: a.forgotten.title }).waitFor();
    await page.getByLabel(a.form.email).fill("personne@example.be");
    assert.equal(await page.getByLabel(a.form.email).inputValue(), "personne@example.be");
    const asked = page.waitForResponse((res) => res.url().endsWith("/api/account/password-reset"));
    await page.getByRole("button", { name: a.forgotten.submit }).click();
    assert.equal((await asked).status(), 202);
    await page.getByText(a.forgotten.sent).waitFor();

    await page.goto(link);
    await running(page);
    await page.locator("main h1").first().waitFor();
    await page.getByLabel(a.reset.password, { exact: true }).fill("un-nouveau-mot-de-passe");
    await page.getByLabel(a.reset.passwordConfirm).fill("un-nouveau-mot-de-passe");
    assert.ok(!page.url().includes("token="), "the token left the address bar");
    await assertAccessible(page, "new password (fr)");
    await page.getByRole("button", { name: a.reset.submit }).click();
    await page.waitForURL((u) => u.pathname === localize(site, "/login/", "fr") && u.searchParams.get("reset") === "1");
    await page.getByText(a.login.reset).waitFor();

    await logIn(page, "fr", owner.email, owner.password);
    await page.getByText(a.login.failedDetail).waitFor();
    await logIn(page, "fr", owner.email, "un-nouveau-mot-de-passe");
    await page.waitForURL((u) => u.pathname === localize(site, "/owner-portal/", "fr"));

    // The link works once.
    await page.goto(link);
    await running(page);
    await page.locator("main h1").first().waitFor();
    await page.getByLabel(a.reset.password, { exact: true }).fill("encore-un-autre");
    await page.getByLabel(a.reset.passwordConfirm).fill("encore-un-autre");
    await page.getByRole("button", { name: a.reset.submit }).click();
    await page.getByRole("link", { name: a.reset.askNew }).waitFor();
    assert.equal(smtp.messages.filter((m) => m.to.includes("personne@example.be")).length, 0, "no mail to an unknown address");
    // The wrong password (401) and the spent link (400) are the only failures.
    assert.deepEqual(unexpected(problems, /40[01]/), []);
  } finally {
    await context.close();
    await estate.stop();
    await smtp.close();
  }
});

test("fr: a searcher registers, confirms by the mailed link, logs in, changes the criteria, pauses and unsubscribes", async () => {
  const a = texts("fr", "account");
  const s = texts("fr", "search-profile");
  const email = `chercheur-${Date.now()}@example.be`;
  const smtp = await startSMTP();
  const estate = await startMailingEstate(smtp.port);
  const { context, page, problems } = await openPage(browser, { storage: declinedConsent, locale: "fr-BE", base: estate.base });
  try {
    await registerDemand(page, "fr", {
      title: "ms", firstName: "Anne", lastName: "Dubois", email, password: "anne-cherche-2026",
      budget: "280000", maxPrice: "300000", zone: "Bertrix",
    });
    // Nothing is open before the owner of the address confirms.
    await visit(page, localize(site, "/login/", "fr"));
    await logIn(page, "fr", email, "anne-cherche-2026");
    await page.getByText(a.login.failedDetail).waitFor();
    const link = await confirmByMail(page, smtp, estate, "fr", email);
    // The link works once (opened afresh from another page: the same page
    // would take the new fragment as an in-page jump).
    await visit(page, localize(site, "/login/", "fr"));
    await page.goto(link);
    await running(page);
    await page.getByRole("button", { name: s.confirm.button }).waitFor();
    const again = page.waitForResponse((res) => res.url().endsWith("/api/alerts/confirm"));
    await page.getByRole("button", { name: s.confirm.button }).click();
    assert.equal((await again).status(), 400);
    await page.getByRole("link", { name: s.confirm.register }).waitFor();

    await visit(page, localize(site, "/login/", "fr"));
    await logIn(page, "fr", email, "anne-cherche-2026");
    const mine = localize(site, "/my-search/", "fr");
    await page.waitForURL((u) => u.pathname === mine);
    await page.getByRole("heading", { name: s.form.heading }).waitFor();
    assert.equal(await page.locator(".lead-form__field--maxPrice input").inputValue(), "300000", "the registered criteria");
    assert.equal(await page.locator(".lead-form__field--budget input").inputValue(), "280000", "the budget given at sign-up");
    assert.deepEqual(await chips(page), ["6880"], "Bertrix kept as its postcode");
    await page.getByText(s.alerts.active).first().waitFor();
    await assertAccessible(page, "my search (fr)");

    await page.locator(".lead-form__field--budget input").fill("240000");
    await page.locator(".lead-form__field--maxPrice input").fill("250000");
    await page.getByLabel(s.form.frequencies.daily).check();
    await saveAndReload(page, s);
    assert.equal(await page.locator(".lead-form__field--maxPrice input").inputValue(), "250000", "saved across a reload");
    assert.equal(await page.locator(".lead-form__field--budget input").inputValue(), "240000", "the budget saved across a reload");
    assert.ok(await page.getByLabel(s.form.frequencies.daily).isChecked());

    await page.getByRole("button", { name: s.alerts.pause }).click();
    await page.getByText(s.alerts.paused).first().waitFor();
    await page.getByRole("button", { name: s.alerts.resume }).click();
    await page.getByText(s.alerts.active).first().waitFor();
    await page.getByRole("button", { name: s.alerts.unsubscribe }).click();
    await page.getByRole("button", { name: s.alerts.confirmYes }).click();
    await page.getByText(s.alerts.unsubscribed).first().waitFor();
    await page.reload();
    await running(page);
    await page.getByText(s.alerts.unsubscribed).first().waitFor();

    await page.getByRole("button", { name: a.logout.button, exact: true }).click();
    await page.waitForURL((u) => u.pathname === localize(site, "/login/", "fr"));
    // The refused login before the confirmation and the spent link are the only failures.
    assert.deepEqual(unexpected(problems, /40[01]/), []);
  } finally {
    await context.close();
    await estate.stop();
    await smtp.close();
  }
});

/**
 * Reads the demand register's confirmation mail to email (its link, the login page and the address to log in
 * with, the profile page), opens the link and confirms with the page's button; returns the link.
 */
async function confirmByMail(page, smtp, estate, lang, email) {
  const s = texts(lang, "search-profile");
  const body = plainText((await smtp.waitFor(email)).raw);
  const link = body.match(/https?:\/\/\S+#token=[\w-]+/)?.[0];
  assert.ok(link?.startsWith(`${estate.base}${localize(site, "/demand-confirm/", lang)}`), `confirmation link in:\n${body}`);
  for (const want of [`${estate.base}${localize(site, "/login/", lang)}`, `${estate.base}${localize(site, "/my-search/", lang)}`, email]) {
    assert.ok(body.includes(want), `${want} in:\n${body}`);
  }
  assert.equal(smtp.messages.filter((m) => m.to.includes(email)).length, 1, "the confirmation is the only mail to the address");
  await page.goto(link);
  await running(page);
  await page.getByRole("button", { name: s.confirm.button }).waitFor();
  assert.ok(!page.url().includes("token="), "the token left the address bar");
  await assertAccessible(page, `demand confirmation (${lang})`);
  const confirmed = page.waitForResponse((res) => res.url().endsWith("/api/alerts/confirm"));
  await page.getByRole("button", { name: s.confirm.button }).click();
  assert.equal((await confirmed).status(), 200);
  await page.getByRole("link", { name: s.confirm.login }).waitFor();
  return link;
}

/**
 * Sends the demand register ('keep me informed') in lang, with the first property type and one zone typed as given,
 * and waits for its thank-you page.
 */
/** Saves the search profile, waits until the server took it and the page says so, then reloads it to read it back. */
async function saveAndReload(page, s) {
  const saved = page.waitForResponse((res) => res.url().endsWith("/api/demand") && res.request().method() === "PUT");
  await page.getByRole("button", { name: s.form.save }).click();
  assert.equal((await saved).status(), 200);
  await page.getByText(s.done.saved).waitFor();
  await page.reload();
  await running(page);
  await page.getByRole("heading", { name: s.form.heading }).waitFor();
}

async function registerDemand(page, lang, person) {
  const f = texts(lang, "forms");
  await visit(page, localize(site, "/demand-register/", lang));
  const region = page.getByRole("region", { name: f.sections.register.title, exact: true });
  await control(region, "title").selectOption(person.title);
  for (const name of ["firstName", "lastName", "email"]) await control(region, name).fill(person[name]);
  await control(region, "phone").fill("0475 12 34 56");
  await control(region, "password").fill(person.password);
  await control(region, "passwordConfirm").fill(person.password);
  await control(region, "goal").selectOption("buy");
  await control(region, "budget").fill(person.budget);
  if (person.maxPrice) await control(region, "maxPrice").fill(person.maxPrice);
  await control(region, "types").check();
  await control(region, "zones").fill(person.zone);
  await control(region, "zones").press("Enter");
  await control(region, "privacy").check();
  const sent = page.waitForResponse((res) => res.url().includes("/api/forms/demand-register"));
  await region.getByRole("button", { name: f.submit["demand-register"] }).click();
  assert.equal((await sent).status(), 201);
  await page.waitForURL((u) => decodeURIComponent(u.pathname) === localize(site, "/feedback/{form}/", lang).replace("{form}", "demand-register"));
}

/** The postcodes of the search profile's zones, as their chips show them. */
function chips(page) {
  return page.locator(".lead-form__field--zones .lead-form__chip > span").allTextContents();
}

test("nl: a town typed in the search profile is saved as its postcode, an unknown one is refused naming it", async () => {
  const f = texts("nl", "forms");
  const s = texts("nl", "search-profile");
  const messages = JSON.parse(readFileSync(new URL("../../leads/forms.json", import.meta.url), "utf8")).messages.nl;
  const email = `zoeker-${Date.now()}@example.be`;
  const smtp = await startSMTP();
  const estate = await startMailingEstate(smtp.port);
  const { context, page, problems } = await openPage(browser, { storage: declinedConsent, locale: "nl-BE", base: estate.base });
  try {
    await registerDemand(page, "nl", {
      title: "mr", firstName: "Jan", lastName: "Peeters", email, password: "jan-zoekt-2026", budget: "320000", zone: "bertrix",
    });
    await confirmByMail(page, smtp, estate, "nl", email);

    await visit(page, localize(site, "/login/", "nl"));
    await logIn(page, "nl", email, "jan-zoekt-2026");
    await page.waitForURL((u) => u.pathname === localize(site, "/my-search/", "nl"));
    await page.getByRole("heading", { name: s.form.heading }).waitFor();
    assert.deepEqual(await chips(page), ["6880"], "bertrix kept as its postcode");
    assert.equal(await page.locator(".lead-form__field--budget input").inputValue(), "320000", "the budget given at sign-up");

    const zones = page.locator(".lead-form__field--zones input");
    await zones.fill("Nergensdorp");
    await zones.press("Enter");
    await page.getByRole("button", { name: s.form.save }).click();
    const text = messages.unknownTown.replace("{{town}}", "Nergensdorp");
    await page.locator(".lead-form__field--zones .lead-form__error").filter({ hasText: text }).waitFor();
    assert.equal(await zones.getAttribute("aria-invalid"), "true");

    // The unknown town removed and a town typed in another case: saved as its postcode.
    await page.getByRole("button", { name: f.list.remove.replace("{{value}}", "Nergensdorp") }).click();
    await zones.fill("BOUILLON");
    await zones.press("Enter");
    await page.locator(".lead-form__field--budget input").fill("300000");
    await saveAndReload(page, s);
    assert.deepEqual(await chips(page), ["6830", "6880"]);
    assert.equal(await page.locator(".lead-form__field--budget input").inputValue(), "300000");
    await assertAccessible(page, "my search with a town saved (nl)");
    assert.deepEqual(unexpected(problems, /401|422/), []);
  } finally {
    await context.close();
    await estate.stop();
    await smtp.close();
  }
});
