import { describe, expect, it } from "vitest";
import { propertyResources } from "../../lib/i18n/testing";

// The parts of the property texts the gallery and the video player own.
const owned = ["gallery", "video"] as const;

function keys(tree: object, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    v !== null && typeof v === "object" ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

const texts = (lang: keyof typeof propertyResources) => {
  const all = propertyResources[lang] as unknown as Record<string, object>;
  return Object.fromEntries(owned.map((k) => [k, all[k] ?? {}]));
};

describe("gallery and video texts", () => {
  it.each(["en", "nl", "fr", "de"] as const)("%s has no empty text and keeps every placeholder", (lang) => {
    const en = texts("en");
    const mine = texts(lang);
    for (const key of keys(mine)) {
      const value = key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], mine);
      expect(value, key).not.toBe("");
      const base = key.replace(/_(one|many|other)$/, "_other");
      const reference = base.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], en);
      const holes = (s: unknown) => [...String(s).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      if (!key.endsWith("_one")) expect(holes(value), key).toEqual(holes(reference));
    }
  });

  it("words the spec's empty state as the spec does", () => {
    expect(texts("en").gallery).toMatchObject({ empty: "No photo was found" });
    expect(texts("nl").gallery).toMatchObject({ empty: "Er werd geen foto gevonden" });
    expect(texts("fr").gallery).toMatchObject({ empty: "Aucune photo n'a été trouvée" });
  });
});
