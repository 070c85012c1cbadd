import { describe, expect, it } from "vitest";
import { enterTarget, fold, orderOptions } from "./rank";
import type { PropertyResult, TownResult } from "./search";

const town = (name: string, zip: string): TownResult => ({ name, zip, saleCount: 2, rentCount: 0 });
const property = (id: number, city: string): PropertyResult => ({ id, url: `/nl/te-koop/x/y/${id}/`, type: "Woning", city, zip: "6830", description: "", thumbnail: null });

describe("fold", () => {
  it("ignores case, accents, hyphens and apostrophes", () => {
    expect(fold(" Saint-Hubert ")).toBe("saint hubert");
    expect(fold("BIÈVRE")).toBe("bievre");
    expect(fold("L'Église")).toBe("l eglise");
  });
});

describe("orderOptions", () => {
  const results = { properties: [property(4030, "Bouillon")], towns: [town("Bouillon", "6830")] };

  it("puts towns first when the text is a town's name or postcode, or starts one", () => {
    expect(orderOptions("bouillon", results).map((o) => o.kind)).toEqual(["town", "property"]);
    expect(orderOptions("6830", results).map((o) => o.kind)).toEqual(["town", "property"]);
    expect(orderOptions("bouil", results).map((o) => o.kind)).toEqual(["town", "property"]);
  });

  it("keeps references first for a reference or other words", () => {
    expect(orderOptions("4030", results).map((o) => o.kind)).toEqual(["property", "town"]);
    expect(orderOptions("tuin", results).map((o) => o.kind)).toEqual(["property", "town"]);
  });
});

describe("enterTarget", () => {
  const bouillon = town("Bouillon", "6830");
  const options = orderOptions("bouillon", { properties: [property(1, "Bouillon"), property(2, "Bouillon")], towns: [bouillon, town("Bouillonville", "6831")] });

  it("opens the town the text names, whatever the accents or case", () => {
    expect(enterTarget("BOUILLON", options)).toEqual({ kind: "town", hit: bouillon });
    expect(enterTarget("6830", options)).toEqual({ kind: "town", hit: bouillon });
    const bievre = town("Bièvre", "5555");
    expect(enterTarget("bievre", [{ kind: "town", hit: bievre }, { kind: "property", hit: property(3, "Bièvre") }])).toEqual({ kind: "town", hit: bievre });
  });

  it("opens the first town the text starts to name", () => {
    expect(enterTarget("bouil", options)).toEqual({ kind: "town", hit: bouillon });
  });

  it("opens the only option, and nothing when the text is ambiguous or matches nothing", () => {
    expect(enterTarget("4030", [{ kind: "property", hit: property(4030, "Chassepierre") }])?.kind).toBe("property");
    expect(enterTarget("woning", [{ kind: "property", hit: property(1, "A") }, { kind: "property", hit: property(2, "B") }])).toBeUndefined();
    expect(enterTarget("zzz", [])).toBeUndefined();
  });
});
