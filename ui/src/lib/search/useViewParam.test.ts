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
});
