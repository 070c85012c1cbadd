import i18next, { type ResourceKey } from "i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MissingLocale } from "./backend";
import { createI18n } from ".";
import { installPluralRules, textFormats } from "./formats";

const bundled = import.meta.glob<ResourceKey>("../../locales/*/*.json", { eager: true, import: "default" });
const validation = import.meta.glob<{ messages: Record<string, ResourceKey> }>("../../../../leads/forms.json", { eager: true, import: "default" });

async function loader(lng: string, ns: string): Promise<ResourceKey> {
  const texts = bundled[`../../locales/${lng}/${ns}.json`];
  if (!texts) throw new MissingLocale(`no ${ns} texts for ${lng}`);
  return texts;
}

const setup = (lang: string) => createI18n({ languages: ["nl", "fr", "en", "de"], defaultLanguage: "nl", lang, loader });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the app's i18next formats", () => {
  // What the server's JavaScript engine offers: no Intl at all.
  it("writes counts with their plural form and grouped digits without Intl", async () => {
    vi.stubGlobal("Intl", undefined);
    const fr = await setup("fr");
    expect(fr.t("count.sale", { ns: "search", count: 1 })).toBe("1 bien à vendre");
    expect(fr.t("count.sale", { ns: "search", count: 0 })).toBe("0 bien à vendre");
    expect(fr.t("count.sale", { ns: "search", count: 1234 })).toBe("1\u202f234 biens à vendre");
    expect(fr.t("count.sale", { ns: "search", count: 1000000 })).toBe("1\u202f000\u202f000 de biens à vendre");
    const nl = await setup("nl");
    expect(nl.t("listings.forSale", { ns: "pages", count: 0 })).toBe("Momenteel zijn er geen panden te koop");
    expect(nl.t("listings.forSale", { ns: "pages", count: 1 })).toBe("1 pand te koop");
    expect(nl.t("listings.forSale", { ns: "pages", count: 1234 })).toBe("1.234 panden te koop");
    const en = await setup("en");
    expect(en.t("trail.position", { ns: "search", position: 1234, total: 12345 })).toBe("Property 1,234 of 12,345");
  });

  it("takes the plural rules from src/lib/format in the browser too, where Intl is there", async () => {
    const instance = i18next.createInstance();
    await instance.init({ lng: "fr", resources: { fr: { translation: { n_one: "one", n_many: "many", n_other: "other" } } } });
    expect(installPluralRules(instance)).toBe(true);
    // The rule i18next now asks is ours, not an Intl.PluralRules.
    const rule = (instance.services.pluralResolver as { getRule(code: string): object }).getRule("fr");
    expect(rule).not.toBeInstanceOf(Intl.PluralRules);
    expect(instance.t("n", { count: 2000000 })).toBe("many");
    expect(instance.t("n", { count: 1.5 })).toBe("one");
  });

  it("keeps i18next's own rules for a language src/lib/format has none for", async () => {
    const instance = i18next.createInstance();
    await instance.init({ lng: "pl", resources: { pl: { translation: { n_one: "one", n_few: "few", n_many: "many", n_other: "other" } } } });
    installPluralRules(instance);
    expect(instance.t("n", { count: 3 })).toBe("few");
  });

  it("honours a number format's maximumFractionDigits", async () => {
    const fr = await setup("fr");
    fr.addResource("fr", "common", "test.area", "{{value, number(maximumFractionDigits: 1)}} m²");
    expect(fr.t("test.area", { value: 1250.56 })).toBe("1\u202f250,6 m²");
    expect(fr.t("test.area", { value: "n/a" })).toBe("n/a m²");
  });

  // A format the setup does not provide would fall back to i18next's Intl one, or to none on the server.
  it("has every format the texts use", () => {
    const used = new Set<string>();
    const texts = [...Object.values(bundled), ...Object.values(validation).map((v) => v.messages)];
    for (const text of texts) {
      for (const m of JSON.stringify(text).matchAll(/\{\{[^}]*?,\s*([^}(]+?)\s*(?:\(|\}\})/g)) used.add(m[1]!);
    }
    expect([...used].sort()).toEqual([...textFormats].sort());
  });
});
