import { describe, expect, it } from "vitest";
import { boundsOfHits, fromViewBounds, isApproximate, toLatLngTuple } from "./geo";

describe("boundsOfHits", () => {
  it("is null without any point", () => {
    expect(boundsOfHits([])).toBeNull();
    expect(boundsOfHits([{ _geoloc: { lat: Number.NaN, lng: 5 } }])).toBeNull();
  });

  it("is the point itself for one hit", () => {
    expect(boundsOfHits([{ _geoloc: { lat: 49.7, lng: 5.26 } }])).toEqual({
      northEast: { lat: 49.7, lng: 5.26 },
      southWest: { lat: 49.7, lng: 5.26 },
    });
  });

  it("holds every point and skips unusable ones", () => {
    const box = boundsOfHits([
      { _geoloc: { lat: 49.700137, lng: 5.267526 } },
      { _geoloc: { lat: 49.852477, lng: 5.24581 } },
      { _geoloc: { lat: Number.POSITIVE_INFINITY, lng: 0 } },
      { _geoloc: { lat: 50.02, lng: 5.38 } },
    ]);
    expect(box).toEqual({ northEast: { lat: 50.02, lng: 5.38 }, southWest: { lat: 49.700137, lng: 5.24581 } });
    expect(toLatLngTuple(box!)).toEqual([
      [49.700137, 5.24581],
      [50.02, 5.38],
    ]);
  });

  it("does not alias the first hit's point", () => {
    const point = { lat: 49.7, lng: 5.2 };
    boundsOfHits([{ _geoloc: point }, { _geoloc: { lat: 50, lng: 6 } }]);
    expect(point).toEqual({ lat: 49.7, lng: 5.2 });
  });
});

describe("isApproximate", () => {
  it("follows an explicit addressPublished", () => {
    expect(isApproximate({ addressPublished: false, street: "Rue Saint-Roch" })).toBe(true);
    expect(isApproximate({ addressPublished: true })).toBe(false);
  });

  it("without the flag, treats a hit without street as approximate (the index drops unpublished streets)", () => {
    expect(isApproximate({ street: "Rue du Château" })).toBe(false);
    expect(isApproximate({})).toBe(true);
    expect(isApproximate({ street: "" })).toBe(true);
  });
});

it("fromViewBounds copies the corners of a Leaflet view", () => {
  const view = { getNorthEast: () => ({ lat: 50.1, lng: 5.6, alt: 3 }), getSouthWest: () => ({ lat: 49.6, lng: 4.8 }) };
  expect(fromViewBounds(view)).toEqual({ northEast: { lat: 50.1, lng: 5.6 }, southWest: { lat: 49.6, lng: 4.8 } });
});
