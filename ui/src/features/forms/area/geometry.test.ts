import { describe, expect, it } from "vitest";
import { check } from "../rules";
import { inArea, placesInArea, sameArea, toArea, type AreaPoint } from "./geometry";

describe("toArea", () => {
  it("rounds to 5 decimals and drops the ring's closing point", () => {
    const ring = [
      { lat: 49.9212345678, lng: 5.3801234567 },
      { lat: 49.95, lng: 5.45 },
      { lat: 49.9, lng: 5.5 },
      { lat: 49.9212345678, lng: 5.3801234567 },
    ];
    expect(toArea(ring)).toEqual([
      [49.92123, 5.38012],
      [49.95, 5.45],
      [49.9, 5.5],
    ]);
  });

  it("gives what the form's area rule accepts", () => {
    const area = toArea([
      { lat: 50.1, lng: 5.1 },
      { lat: 50.2, lng: 5.3 },
      { lat: 50.0, lng: 5.4 },
    ]);
    expect(check({ name: "area", type: "area" }, area)).toBeNull();
  });
});

describe("sameArea", () => {
  it("compares points in order", () => {
    expect(sameArea([[50, 5]], [[50, 5]])).toBe(true);
    expect(sameArea([[50, 5]], [[50, 5.1]])).toBe(false);
    expect(sameArea([], [[50, 5]])).toBe(false);
  });
});

describe("inArea and placesInArea", () => {
  // Around Bouillon and Corbion, drawn as [lat, lng] corners; concave on its east side.
  const area: AreaPoint[] = [
    [49.75, 4.95],
    [49.85, 4.95],
    [49.85, 5.15],
    [49.8, 5.05],
    [49.75, 5.15],
  ];
  const bouillon = { name: "Bouillon", lat: 49.79, lng: 5.06 - 0.03 };
  const corbion = { name: "Corbion", lat: 49.8, lng: 4.98 };
  const notch = { name: "in the notch", lat: 49.8, lng: 5.12 };
  const sainthubert = { name: "Saint-Hubert", lat: 50.03, lng: 5.37 };

  it("tells points inside from points outside, a concave notch included", () => {
    expect(inArea(bouillon, area)).toBe(true);
    expect(inArea(corbion, area)).toBe(true);
    expect(inArea(notch, area)).toBe(false);
    expect(inArea(sainthubert, area)).toBe(false);
  });

  it("keeps the places inside, in their order", () => {
    expect(placesInArea(area, [sainthubert, corbion, notch, bouillon]).map((p) => p.name)).toEqual(["Corbion", "Bouillon"]);
  });

  it("finds nothing in an area drawn where the agency has no town", () => {
    const hainaut: AreaPoint[] = [
      [50.4, 3.9],
      [50.5, 3.9],
      [50.5, 4.1],
      [50.4, 4.1],
    ];
    expect(placesInArea(hainaut, [bouillon, corbion, sainthubert])).toEqual([]);
  });

  it("has nothing inside fewer than three points", () => {
    expect(placesInArea(area.slice(0, 2), [bouillon])).toEqual([]);
  });
});
