import { StrictMode } from "react";
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { i18n } from "i18next";
import { I18nextProvider } from "react-i18next";
import type { PageData, SiteData } from "../../lib/api/types";
import { ConsentManager, openConsentSettings } from "./index";
import { allOptions, makeRecord, onlyNecessary, type ConsentOptions } from "./machine";
import { CONSENT_KEY } from "./storage";
import { CONSENT_DEFAULTS, tagUrls } from "./tags";
import {
  allAnalytics,
  dataLayerEntries,
  injectedScripts,
  makePage,
  makeSite,
  noAnalytics,
  resetTagGlobals,
  setupConsentI18n,
} from "./testSupport";

let i18nEn: i18n;

beforeEach(async () => {
  i18nEn = await setupConsentI18n("en");
  window.history.replaceState(null, "", "/en/");
});

afterEach(() => {
  resetTagGlobals();
  window.history.replaceState(null, "", "/");
});

function renderManager(site: SiteData = makeSite(), page: PageData = makePage(), i18nInstance: i18n = i18nEn) {
  const ui = (p: PageData) => (
    <I18nextProvider i18n={i18nInstance}>
      <ConsentManager site={site} page={p} />
    </I18nextProvider>
  );
  const result = render(ui(page));
  return { ...result, navigate: (next: PageData) => result.rerender(ui(next)) };
}

function storedConsent() {
  const raw = localStorage.getItem(CONSENT_KEY);
  return raw === null ? null : JSON.parse(raw);
}

function store(options: ConsentOptions) {
  localStorage.setItem(CONSENT_KEY, JSON.stringify(makeRecord(options, new Date())));
}

const GTM = tagUrls.tagManager("GTM-ABC12");
const GTAG_GA = tagUrls.googleTag("G-TEST123");
const PIXEL = tagUrls.pixel;

describe("ConsentManager: the dialog", () => {
  it("opens on a first visit as an accessible modal, with focus on its heading and no tag loaded", () => {
    renderManager();
    const dialog = screen.getByRole("dialog", { name: "Cookies on our website" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    const description = document.getElementById(dialog.getAttribute("aria-describedby") ?? "");
    expect(description?.textContent).toMatch(/^We use functional cookies/);
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Cookies on our website" }));
    for (const name of ["Accept all", "Only functional cookies", "Change settings"]) {
      expect(within(dialog).getByRole("button", { name })).toBeTruthy();
    }
    expect(within(dialog).getByRole("link", { name: "Read our cookie policy" }).getAttribute("href")).toBe(
      "/en/cookie-policy/",
    );
    expect(injectedScripts()).toEqual([]);
    expect(dataLayerEntries()).toEqual([["consent", "default", { ...CONSENT_DEFAULTS }]]);
  });

  it("speaks the page's language and links the localized cookie policy", async () => {
    const i18nNl = await setupConsentI18n("nl");
    renderManager(makeSite(), makePage({ lang: "nl", path: "/nl/" }), i18nNl);
    const dialog = screen.getByRole("dialog", { name: "Cookies op onze website" });
    expect(within(dialog).getByRole("button", { name: "Alles accepteren" })).toBeTruthy();
    expect(within(dialog).getByRole("link", { name: "Lees ons cookiebeleid" }).getAttribute("href")).toBe(
      "/nl/cookie-policy/",
    );
  });

  it("leaves the policy link out when the route table has no cookie policy in this language", () => {
    renderManager(makeSite(), makePage({ lang: "de", path: "/de/" }));
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("stays closed on the cookie policy page so that it can be read", () => {
    renderManager(makeSite(), makePage({ internal: "/cookie-policy/", path: "/en/cookie-policy/" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    act(() => openConsentSettings());
    expect(screen.getByRole("dialog", { name: "Cookie settings" })).toBeTruthy();
  });

  it("is skipped on preview pages, which load no tracking at all", () => {
    store(allOptions());
    renderManager(makeSite(), makePage({ preview: true, path: "/en/preview/" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    act(() => openConsentSettings());
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(injectedScripts()).toEqual([]);
    expect(window.dataLayer).toBeUndefined();
  });

  it("is not shown when the site turns consent off", () => {
    renderManager(makeSite(allAnalytics, false));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(injectedScripts()).toEqual([]);
  });
});

describe("ConsentManager: the four paths", () => {
  it("agree all stores every option granted, then loads every configured tag", async () => {
    const user = userEvent.setup();
    renderManager();
    await user.click(screen.getByRole("button", { name: "Accept all" }));

    expect(screen.queryByRole("dialog")).toBeNull();
    const stored = storedConsent();
    expect(stored).toMatchObject({
      version: 1,
      options: allOptions(),
      flags: { ad_user_data: "granted", ad_storage: "granted", analytics_storage: "granted", ad_personalization: "granted" },
    });
    expect(Number.isNaN(Date.parse(stored.timestamp))).toBe(false);
    expect(injectedScripts()).toEqual([GTM, GTAG_GA, PIXEL]);
    const entries = dataLayerEntries();
    expect(entries[0]).toEqual(["consent", "default", { ...CONSENT_DEFAULTS }]);
    expect(entries[1]).toEqual(["consent", "update", stored.flags]);
    expect(entries).toContainEqual(["event", "page_view", { page_title: "Home | Agence", page_location: "http://localhost:3000/en/", page_path: "/en/" }]);
  });

  it("decline stores only the necessary option and loads no tag", async () => {
    const user = userEvent.setup();
    renderManager();
    await user.click(screen.getByRole("button", { name: "Only functional cookies" }));

    expect(screen.queryByRole("dialog")).toBeNull();
    expect(storedConsent()).toMatchObject({
      options: onlyNecessary(),
      flags: { ad_user_data: "denied", ad_storage: "denied", analytics_storage: "denied", ad_personalization: "denied" },
    });
    expect(injectedScripts()).toEqual([]);
    expect(dataLayerEntries()).toContainEqual(["consent", "update", storedConsent().flags]);
  });

  it("change settings shows five switches, and agree partly stores the chosen ones", async () => {
    const user = userEvent.setup();
    renderManager();
    await user.click(screen.getByRole("button", { name: "Change settings" }));

    const dialog = screen.getByRole("dialog", { name: "Cookie settings" });
    expect(document.activeElement).toBe(within(dialog).getByRole("heading", { name: "Cookie settings" }));
    const switches = within(dialog).getAllByRole("switch") as HTMLInputElement[];
    expect(switches).toHaveLength(5);
    const necessary = within(dialog).getByRole("switch", { name: "Functional cookies" }) as HTMLInputElement;
    expect(necessary.checked).toBe(true);
    expect(necessary.disabled).toBe(true);
    expect(switches.slice(1).map((s) => s.checked)).toEqual([false, false, false, false]);
    const statistics = within(dialog).getByRole("switch", { name: "Statistics" });
    expect(document.getElementById(statistics.getAttribute("aria-describedby") ?? "")?.textContent).toMatch(/Google Analytics/);

    await user.click(statistics);
    await user.click(within(dialog).getByText("Personalised advertising")); // the label toggles its switch too
    await user.click(within(dialog).getByRole("button", { name: "Save chosen options" }));

    expect(screen.queryByRole("dialog")).toBeNull();
    expect(storedConsent()).toMatchObject({
      options: { necessary: true, statistics: true, marketing: false, adUserData: false, personalisation: true },
      flags: { ad_user_data: "denied", ad_storage: "denied", analytics_storage: "granted", ad_personalization: "granted" },
    });
    expect(injectedScripts()).toEqual([GTM, GTAG_GA]);
  });

  it("setcookies in the query clears a stored consent so that the dialog returns", async () => {
    const user = userEvent.setup();
    store(allOptions());
    window.history.replaceState(null, "", "/en/?setcookies");
    renderManager();

    expect(storedConsent()).toBeNull();
    expect(screen.getByRole("dialog", { name: "Cookies on our website" })).toBeTruthy();
    expect(injectedScripts()).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Only functional cookies" }));
    expect(storedConsent()).toMatchObject({ options: onlyNecessary() });
    expect(injectedScripts()).toEqual([]);
  });
});

describe("ConsentManager: returning visitors", () => {
  it("apply a stored consent on mount without showing the dialog", () => {
    store({ ...onlyNecessary(), statistics: true });
    renderManager();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(injectedScripts()).toEqual([GTM, GTAG_GA]);
    const entries = dataLayerEntries();
    expect(entries[0]).toEqual(["consent", "default", { ...CONSENT_DEFAULTS }]);
    expect(entries[1]).toEqual([
      "consent",
      "update",
      { ad_user_data: "denied", ad_storage: "denied", analytics_storage: "granted", ad_personalization: "denied" },
    ]);
  });

  it("count one page view per page on client-side navigation", () => {
    store(allOptions());
    const { navigate } = renderManager();
    const pageViews = () => dataLayerEntries().filter((e) => Array.isArray(e) && e[1] === "page_view");
    expect(pageViews()).toHaveLength(1);

    const forSale = makePage({ path: "/en/for-sale/", internal: "/for-sale/", documentTitle: "For sale | Agence" });
    window.history.pushState(null, "", "/en/for-sale/");
    navigate(forSale);
    navigate({ ...forSale }); // the same page again, as after a refetch
    expect(pageViews()).toHaveLength(2);
    expect(pageViews()[1]).toEqual([
      "event",
      "page_view",
      { page_title: "For sale | Agence", page_location: "http://localhost:3000/en/for-sale/", page_path: "/en/for-sale/" },
    ]);
    expect(injectedScripts()).toEqual([GTM, GTAG_GA, PIXEL]);
  });

  it("ask again when nothing is configured, but load nothing whatever they choose", async () => {
    const user = userEvent.setup();
    renderManager(makeSite(noAnalytics));
    await user.click(screen.getByRole("button", { name: "Accept all" }));
    expect(storedConsent()).toMatchObject({ options: allOptions() });
    expect(injectedScripts()).toEqual([]);
    expect(window.dataLayer).toBeUndefined();
  });
});

describe("openConsentSettings", () => {
  it("reopens the settings with the stored choice and returns focus to the link that opened them", async () => {
    const user = userEvent.setup();
    store({ ...onlyNecessary(), marketing: true });
    const opener = document.createElement("button");
    opener.textContent = "Cookie settings link";
    opener.addEventListener("click", openConsentSettings);
    document.body.appendChild(opener);
    renderManager();
    expect(screen.queryByRole("dialog")).toBeNull();

    await user.click(opener);
    const dialog = screen.getByRole("dialog", { name: "Cookie settings" });
    expect((within(dialog).getByRole("switch", { name: "Advertising cookies" }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByRole("switch", { name: "Statistics" }) as HTMLInputElement).checked).toBe(false);

    await user.click(within(dialog).getByRole("switch", { name: "Statistics" }));
    await user.click(within(dialog).getByRole("button", { name: "Save chosen options" }));
    expect(storedConsent()).toMatchObject({ options: { ...onlyNecessary(), marketing: true, statistics: true } });
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });
});

describe("ConsentManager: keyboard", () => {
  it("traps Tab and Shift+Tab inside the dialog", async () => {
    const user = userEvent.setup();
    const outside = document.createElement("a");
    outside.href = "/en/";
    outside.textContent = "Outside";
    document.body.prepend(outside);
    renderManager();

    const link = screen.getByRole("link", { name: "Read our cookie policy" });
    const acceptAll = screen.getByRole("button", { name: "Accept all" });
    const change = screen.getByRole("button", { name: "Change settings" });

    await user.tab();
    expect(document.activeElement).toBe(link);
    await user.tab();
    expect(document.activeElement).toBe(acceptAll);
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(change);
    await user.tab();
    expect(document.activeElement).toBe(link);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(change);

    outside.focus();
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Cookies on our website" }));
    outside.remove();
  });

  it("closes only through a choice; Escape leads from the settings back to the first view", async () => {
    const user = userEvent.setup();
    renderManager();
    await user.keyboard("{Escape}");
    expect(screen.getByRole("dialog", { name: "Cookies on our website" })).toBeTruthy();

    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Change settings" }));
    await user.keyboard("{Enter}");
    expect(screen.getByRole("dialog", { name: "Cookie settings" })).toBeTruthy();

    await user.keyboard("{Escape}");
    expect(screen.getByRole("dialog", { name: "Cookies on our website" })).toBeTruthy();
    expect(storedConsent()).toBeNull();
  });

  it("operates the switches and the save button from the keyboard", async () => {
    const user = userEvent.setup();
    renderManager();
    await user.click(screen.getByRole("button", { name: "Change settings" }));

    await user.tab(); // the necessary switch is disabled and skipped
    expect(document.activeElement).toBe(screen.getByRole("switch", { name: "Statistics" }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("switch", { name: "Advertising cookies" }));
    await user.keyboard(" ");
    expect((document.activeElement as HTMLInputElement).checked).toBe(true);

    screen.getByRole("button", { name: "Save chosen options" }).focus();
    await user.keyboard("{Enter}");
    expect(storedConsent()).toMatchObject({ options: { ...onlyNecessary(), marketing: true } });
    expect(injectedScripts()).toEqual([GTM, tagUrls.googleTag("AW-456789"), PIXEL]);
  });
});

describe("ConsentManager under StrictMode", () => {
  const renderStrict = () =>
    render(
      <StrictMode>
        <I18nextProvider i18n={i18nEn}>
          <ConsentManager site={makeSite()} page={makePage()} />
        </I18nextProvider>
      </StrictMode>,
    );

  it("applies a stored consent once and counts one page view", () => {
    store(allOptions());
    renderStrict();
    const entries = dataLayerEntries();
    expect(entries.filter((e) => Array.isArray(e) && e[1] === "page_view")).toHaveLength(1);
    expect(entries.filter((e) => Array.isArray(e) && e[1] === "update")).toHaveLength(1);
    expect(injectedScripts()).toEqual([GTM, GTAG_GA, PIXEL]);
  });

  it("still opens the dialog with focus inside on a first visit", () => {
    renderStrict();
    expect(screen.getAllByRole("dialog")).toHaveLength(1);
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Cookies on our website" }));
  });
});
