import { describe, expect, it } from "vitest";
import { check } from "../forms/rules";
import { sameArea, toArea } from "./geometry";

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
