import { describe, expect, it } from "vitest";
import { searchProfileTexts } from "./testing";

function keys(tree: object, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    v !== null && typeof v === "object" ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

const value = (texts: object, key: string) => key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], texts);

describe("search-profile texts", () => {
  const english = keys(searchProfileTexts.en).sort();

  it.each(Object.entries(searchProfileTexts))("%s has no empty text and keeps the {{email}} markers", (_lang, texts) => {
    for (const key of keys(texts)) expect(String(value(texts, key)).trim(), key).not.toBe("");
    expect(texts.intro).toContain("{{email}}");
    expect(texts.alerts.activeHelp).toContain("{{email}}");
  });

  it("says each alert state", () => {
    for (const state of ["active", "paused", "unsubscribed"]) {
      expect(english).toContain(`alerts.${state}`);
      expect(english).toContain(`alerts.${state}Help`);
    }
  });
});
