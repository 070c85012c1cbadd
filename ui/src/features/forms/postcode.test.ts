import { describe, expect, it } from "vitest";
import cases from "../../../../leads/testdata/postcodes.json";
import { check, normalize } from "./rules";
import { fieldsSchema, specMessages } from "./schema";
import { fieldsOf, looksLikeTown, postcode, messages } from "./spec";

// The same cases as the server's test (leads/validate_test.go): the postcode rule of leads/forms.json reads alike
// in Go and here.
const zones = fieldsOf("demand-register").find((f) => f.name === "zones")!;
const zip = fieldsOf("contact-demand").find((f) => f.name === "valuationZip")!;

describe("the postcode rule of leads/forms.json", () => {
  it.each(cases.cases.map((c) => [c.typed, c] as const))("%j", (_typed, c) => {
    const want = "postcode" in c ? c.postcode : null;
    const town = "town" in c && c.town === true;
    expect(postcode(c.typed)).toBe(want);
    if (want === null) expect(looksLikeTown(c.typed)).toBe(town);

    // A zip field takes postcodes only, written one way.
    expect(check(zip, c.typed)?.key ?? null).toBe(want === null ? "zip" : null);
    if (want !== null) expect(normalize(zip, c.typed)).toBe(want);

    // A list of postcodes also takes a town name, for the server to look up.
    expect(check(zones, [c.typed])?.key ?? null).toBe(want !== null || town ? null : "zip");
    if (want !== null) expect(normalize(zones, [c.typed])).toEqual([want]);
  });

  it("refuses a town name the towns index does not have, whatever its case or accents, and takes the others", () => {
    const unknown = ["Nergensdorp", "Bertrixe"];
    for (const name of ["Bertrix", "Bièvre", "Saint Hubert"]) expect(check(zones, [name], unknown), name).toBeNull();
    expect(check(zones, ["6830", "NERGENSDORP"], unknown)).toEqual({ key: "unknownTown", params: { town: "NERGENSDORP" } });
    // Not looked up yet (or the lookup failed): the server judges.
    expect(check(zones, ["Nergensdorp"], [])).toBeNull();
  });

  it.each([
    ["nl", "De gemeente ‘Nergensdorp’ kennen we niet: kies een van de suggesties of vul de postcode in."],
    ["fr", messages.fr!.unknownTown.replace("{{town}}", "Nergensdorp")],
  ])("%s: the unknown town's message names it", (lang, text) => {
    const result = fieldsSchema([zones], specMessages(lang), { zones: ["Nergensdorp"] }).safeParse({ zones: ["Nergensdorp"] });
    expect(result.error?.issues[0]?.message).toBe(text);
  });
});
