import { describe, expect, it } from "vitest";
import { formatMapPosition, mapParamOf, parseMapPosition } from "./position";

const range = { minZoom: 5, maxZoom: 18 };

describe("map position in the address", () => {
  it("writes zoom, latitude and longitude, finer as the map zooms in", () => {
    expect(formatMapPosition({ zoom: 7, lat: 50.5, lng: 4.6 })).toBe("7/50.500/4.600");
    expect(formatMapPosition({ zoom: 14, lat: 49.79312345, lng: 5.0678912 })).toBe("14/49.7931/5.0679");
  });

  it("reads back what it wrote", () => {
    const value = formatMapPosition({ zoom: 12, lat: 49.8123456, lng: 5.0612345 });
    expect(parseMapPosition(value, range)).toEqual({ zoom: 12, lat: 49.8123, lng: 5.0612 });
  });

  it.each([
    ["nothing", undefined],
    ["empty", ""],
    ["two parts", "12/49.8"],
    ["words", "twelve/49.8/5.06"],
    ["a zoom out of range", "2/49.8/5.06"],
    ["a zoom past the tiles", "19/49.8/5.06"],
    ["a latitude off the world", "12/91/5.06"],
    ["a longitude off the world", "12/49.8/181"],
    ["extra parts", "12/49.8/5.06/1"],
  ])("ignores %s", (_name, value) => {
    expect(parseMapPosition(value, range)).toBeNull();
  });

  it("finds the parameter among the list's others", () => {
    expect(mapParamOf("?type=82&view=map&map=12%2F49.8%2F5.06")).toBe("12/49.8/5.06");
    expect(mapParamOf("?view=map&map=12/49.8/5.06")).toBe("12/49.8/5.06");
    expect(mapParamOf("?view=map")).toBeUndefined();
  });
});
