// @vitest-environment jsdom
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { favourites, isSaved, maxFavourites, parse, remove, resetForTests, save, storageKey, subscribe, toggle, useFavourites, useIsSaved, type Favourite } from "./store";

const villa: Omit<Favourite, "savedAt"> = {
  id: 12,
  url: "/nl/te-koop/marche-en-famenne/villa/12/",
  title: "Villa 6900 Marche-en-Famenne",
  price: 450000,
  priceText: "€ 450.000",
  photo: "/demo/photos/12-1.jpg",
};
const flat = { ...villa, id: 7, title: "Appartement 6800 Libramont", price: null, priceText: "Prijs op aanvraag", photo: null };

beforeEach(() => {
  localStorage.clear();
  resetForTests();
});
afterEach(() => vi.restoreAllMocks());

describe("parse", () => {
  it.each([
    ["nothing", null],
    ["not JSON", "{"],
    ["not a list", '{"id":1}'],
  ])("reads %s as no favourites", (_, raw) => {
    expect(parse(raw)).toEqual([]);
  });

  it("drops what it cannot read and repeated ids", () => {
    const ok = { ...villa, savedAt: "2026-11-01T10:00:00.000Z" };
    const raw = JSON.stringify([ok, { ...ok, title: "again" }, { id: "3" }, { ...ok, id: 0 }, { ...ok, id: 8, price: "1" }, null]);
    expect(parse(raw)).toEqual([ok]);
  });

  it("keeps at most the maximum", () => {
    const many = Array.from({ length: maxFavourites + 5 }, (_, i) => ({ ...villa, id: i + 1, savedAt: "x" }));
    expect(parse(JSON.stringify(many))).toHaveLength(maxFavourites);
  });
});

describe("the favourites", () => {
  it("are saved newest first, once each, in localStorage", () => {
    save(villa, new Date("2026-11-01T10:00:00Z"));
    save(flat, new Date("2026-11-02T10:00:00Z"));
    save(villa, new Date("2026-11-03T10:00:00Z"));
    expect(favourites().map((f) => f.id)).toEqual([12, 7]);
    expect(favourites()[0]?.savedAt).toBe("2026-11-03T10:00:00.000Z");
    expect(parse(localStorage.getItem(storageKey))).toEqual(favourites());
  });

  it("toggle saves then removes", () => {
    expect(toggle(villa)).toBe(true);
    expect(isSaved(12)).toBe(true);
    expect(toggle(villa)).toBe(false);
    expect(isSaved(12)).toBe(false);
    expect(favourites()).toEqual([]);
  });

  it("keep the same snapshot while nothing changed", () => {
    save(villa);
    expect(favourites()).toBe(favourites());
  });

  it("tell their subscribers of changes here, and not of a removal that changes nothing", () => {
    const listener = vi.fn();
    const unsubscribe = subscribe(listener);
    save(villa);
    remove(villa.id);
    remove(villa.id);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    save(flat);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("follow another tab through the storage event", () => {
    const listener = vi.fn();
    subscribe(listener);
    const other = JSON.stringify([{ ...flat, savedAt: "2026-11-01T10:00:00.000Z" }]);
    localStorage.setItem(storageKey, other);
    window.dispatchEvent(new StorageEvent("storage", { key: "consent" }));
    expect(listener).not.toHaveBeenCalled();
    window.dispatchEvent(new StorageEvent("storage", { key: storageKey, newValue: other }));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(favourites().map((f) => f.id)).toEqual([7]);
  });

  it("stay for the visit when storage refuses them", () => {
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("full", "QuotaExceededError");
    });
    save(villa);
    expect(isSaved(12)).toBe(true);
    save(flat);
    expect(favourites().map((f) => f.id)).toEqual([7, 12]);
  });
});

describe("the hooks", () => {
  it("render every user again on a change", () => {
    const list = renderHook(() => useFavourites());
    const heart = renderHook(() => useIsSaved(12));
    expect(list.result.current).toEqual([]);
    expect(heart.result.current).toBe(false);
    act(() => save(villa));
    expect(list.result.current.map((f) => f.id)).toEqual([12]);
    expect(heart.result.current).toBe(true);
    act(() => {
      localStorage.setItem(storageKey, "[]");
      window.dispatchEvent(new StorageEvent("storage", { key: storageKey }));
    });
    expect(list.result.current).toEqual([]);
    expect(heart.result.current).toBe(false);
  });
});
