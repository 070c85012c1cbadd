import { describe, expect, it } from "vitest";
import { standingOf, type PropertyState } from "./state";
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
