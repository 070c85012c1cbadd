import { describe, expect, it } from "vitest";
import { localTitle, savedLang, savedPriceText, standingOf, type PropertyState } from "./state";
import type { Favourite } from "./store";

const saved: Favourite = {
  id: 12,
  url: "/nl/te-koop/marche-en-famenne/villa/12/",
  title: "Villa 6900 Marche-en-Famenne",
  price: 450000,
  priceText: "€ 450.000",
  photo: null,
  savedAt: "2026-11-01T10:00:00.000Z",
};

const now = (over: Partial<PropertyState> = {}): PropertyState => ({
  id: 12,
  status: "available",
  goal: "sale",
  title: "Villa",
  type: "Villa",
  city: "Marche-en-Famenne",
  zip: "6900",
  url: "/fr/a-vendre/marche-en-famenne/villa/12/",
  price: 450000,
  priceText: "450 000 €",
  thumbnail: null,
  ...over,
});

describe("standingOf", () => {
  it.each<[string, Favourite, PropertyState | undefined, boolean, string, string | undefined]>([
    ["not asked yet", saved, undefined, false, "unknown", undefined],
    ["unknown to the server", saved, undefined, true, "gone", undefined],
    ["withdrawn", saved, now({ status: "withdrawn", price: null, priceText: "" }), true, "gone", undefined],
    ["sold", saved, now({ status: "sold" }), true, "sold", undefined],
    ["rented", saved, now({ status: "rented", goal: "rent" }), true, "rented", undefined],
    ["under option", saved, now({ status: "option" }), true, "option", undefined],
    ["available at the same price", saved, now(), true, "available", undefined],
    ["available at a lower price", saved, now({ price: 425000, priceText: "425 000 €" }), true, "available", "€ 450.000"],
    ["now on request", saved, now({ price: null, priceText: "Prix sur demande" }), true, "available", undefined],
    ["saved on request", { ...saved, price: null }, now({ price: 425000 }), true, "available", undefined],
  ])("%s", (_, fav, state, answered, kind, was) => {
    const s = standingOf(fav, state, answered);
    expect(s.kind).toBe(kind);
    expect(s.kind === "available" ? s.was : undefined).toBe(was);
  });
});

describe("in the page's language", () => {
  it("writes the saved price for the page's language when it was saved in another", () => {
    const s = standingOf(saved, now({ price: 425000, priceText: "425 000 €" }), true, "fr");
    expect(s.kind === "available" ? s.was : undefined).toBe("450\u202f000\u00a0€");
    expect(savedPriceText(saved, "nl")).toBe("€ 450.000");
    expect(savedPriceText({ ...saved, price: null, priceText: "Prijs op aanvraag" }, "fr")).toBe("");
  });

  it("reads the language a favourite was saved in from its path", () => {
    expect(savedLang(saved)).toBe("nl");
    expect(savedLang({ ...saved, url: "/fr/a-vendre/x/12/" })).toBe("fr");
    expect(savedLang({ ...saved, url: "" })).toBe("");
  });

  it("titles a favourite with the server's words in the page's language, the saved title without them", () => {
    const farm = now({ title: "Ferme ardennaise", type: "Ferme", zip: "6830", city: "Bouillon" });
    expect(localTitle({ ...saved, title: "Hoeve 6830 Bouillon" }, farm)).toBe("Ferme 6830 Bouillon");
    expect(localTitle({ ...saved, title: "Gerenoveerde Ardense hoeve" }, farm)).toBe("Ferme ardennaise");
    expect(localTitle(saved, undefined)).toBe("Villa 6900 Marche-en-Famenne");
  });
});
