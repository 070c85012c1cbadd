import { describe, expect, it } from "vitest";
import { regionOf } from "./region";

describe("regionOf", () => {
  it("boxes every placed listing and puts each town at the middle of its listings", () => {
    const region = regionOf([
      { city: "Bouillon", zip: "6830", _geoloc: { lat: 49.79, lng: 5.06 } },
      { city: "Bouillon", zip: "6830", _geoloc: { lat: 49.81, lng: 5.08 } },
      { city: "Alle", zip: "5550", _geoloc: { lat: 49.84, lng: 4.97 } },
      { city: "Saint-Hubert", zip: "6870", _geoloc: { lat: 50.03, lng: 5.37 } },
    ]);
    expect(region.bounds).toEqual({ northEast: { lat: 50.03, lng: 5.37 }, southWest: { lat: 49.79, lng: 4.97 } });
    expect(region.towns.map((t) => t.name)).toEqual(["Alle", "Bouillon", "Saint-Hubert"]);
    const bouillon = region.towns.find((t) => t.name === "Bouillon");
    expect(bouillon?.lat).toBeCloseTo(49.8);
    expect(bouillon?.lng).toBeCloseTo(5.07);
    expect(bouillon?.zip).toBe("6830");
    expect(bouillon?.count).toBe(2);
  });

  it("keeps towns of the same name with different postcodes apart", () => {
    const region = regionOf([
      { city: "Sint-Jan", zip: "1000", _geoloc: { lat: 50.8, lng: 4.3 } },
      { city: "Sint-Jan", zip: "9000", _geoloc: { lat: 51, lng: 3.7 } },
    ]);
    expect(region.towns).toHaveLength(2);
  });

  it("skips listings without a point, and has no box without any", () => {
    const region = regionOf([{ city: "Muno", zip: "6820" }, { city: "Muno", zip: "6820", _geoloc: { lat: Number.NaN, lng: 5 } }]);
    expect(region).toEqual({ bounds: null, towns: [] });
  });

  it("boxes a listing without a town name, but names no town for it", () => {
    const region = regionOf([{ _geoloc: { lat: 50, lng: 5 } }]);
    expect(region.bounds).toEqual({ northEast: { lat: 50, lng: 5 }, southWest: { lat: 50, lng: 5 } });
    expect(region.towns).toEqual([]);
  });
});
