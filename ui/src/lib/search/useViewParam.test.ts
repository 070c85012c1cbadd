import { describe, expect, it } from "vitest";
import { withView } from "./useViewParam";

describe("withView", () => {
  it.each([
    ["http://h/nl/te-koop/?type=Woning", "map", "http://h/nl/te-koop/?type=Woning&view=map"],
    ["http://h/nl/te-koop/?type=Woning&view=map", undefined, "http://h/nl/te-koop/?type=Woning"],
    ["http://h/nl/te-koop/?view=map&type=Woning", "map", "http://h/nl/te-koop/?type=Woning&view=map"],
    ["http://h/nl/te-koop/", "map", "http://h/nl/te-koop/?view=map"],
    ["http://h/nl/te-koop/?view=map", undefined, "http://h/nl/te-koop/"],
    ["http://h/nl/te-koop/?query=a%20b&type=Caf%C3%A9", undefined, "http://h/nl/te-koop/?query=a%20b&type=Caf%C3%A9"],
  ])("%s with %s", (url, view, want) => {
    expect(withView(url, view)).toBe(want);
  });

  it.each([
    ["http://h/nl/te-koop/?view=map", "12/49.8/5.06", "http://h/nl/te-koop/?view=map&map=12/49.8/5.06"],
    ["http://h/nl/te-koop/?map=7/50.5/4.6&type=82&view=map", "12/49.8/5.06", "http://h/nl/te-koop/?type=82&view=map&map=12/49.8/5.06"],
    ["http://h/nl/te-koop/?type=82&view=map&map=12%2F49.8%2F5.06", undefined, "http://h/nl/te-koop/?type=82&view=map"],
  ])("carries the map's position: %s with %s", (url, map, want) => {
    expect(withView(url, "map", map)).toBe(want);
  });
});
