import { describe, expect, it } from "vitest";
import type { Agency } from "../../lib/api/types";
import { site } from "../__fixtures__/site";
import { addressLines, openStreetMapUrl } from "./address";

const base = site.agency.address;

describe("addressLines", () => {
  it.each<[string, Partial<Agency["address"]>, string, string[]]>([
    ["belgian with box", {}, "fr", ["Grand-Rue 24/1", "6800 Libramont-Chevigny"]],
    ["no box", { box: "" }, "fr", ["Grand-Rue 24", "6800 Libramont-Chevigny"]],
    ["box written with a slash", { box: "/1" }, "fr", ["Grand-Rue 24/1", "6800 Libramont-Chevigny"]],
    ["box without number is dropped", { number: "" }, "fr", ["Grand-Rue", "6800 Libramont-Chevigny"]],
    [
      "luxembourg gets its country",
      { countryId: 50, zip: "L-9999", city: "Wemperhardt", countryName: { nl: "Luxemburg", fr: "Luxembourg" } },
      "nl",
      ["Grand-Rue 24/1", "L-9999 Wemperhardt", "Luxemburg"],
    ],
    ["abroad without a name", { countryId: 20, countryName: {} }, "nl", ["Grand-Rue 24/1", "6800 Libramont-Chevigny"]],
    ["spaces trimmed", { street: " Grand-Rue ", number: " 24 ", box: "", city: "Libramont " }, "nl", ["Grand-Rue 24", "6800 Libramont"]],
    ["empty", { street: "", number: "", box: "", zip: "", city: "" }, "nl", []],
  ])("%s", (_name, change, lang, want) => {
    expect(addressLines({ ...base, ...change }, lang)).toEqual(want);
  });
});

describe("openStreetMapUrl", () => {
  it("centres the map on a marker", () => {
    expect(openStreetMapUrl({ lat: 50.1, lng: 5.25 })).toBe("https://www.openstreetmap.org/?mlat=50.1&mlon=5.25#map=16/50.1/5.25");
  });
});
