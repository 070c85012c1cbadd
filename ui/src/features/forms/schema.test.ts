import { describe, expect, it } from "vitest";
import { check, normalize } from "./rules";
import { fieldsSchema, formSchema, specMessages } from "./schema";
import { fieldsOf, formNames, type FieldSpec } from "./spec";

function errorsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
}

describe("spec", () => {
  it("expands the groups of every form and names each field once", () => {
    for (const form of formNames) {
      const names = fieldsOf(form).map((f) => f.name);
      expect(new Set(names).size, form).toBe(names.length);
      expect(names, form).toContain("privacy");
    }
    expect(fieldsOf("site-contact").slice(0, 5).map((f) => [f.name, f.group])).toEqual([
      ["title", "person"],
      ["firstName", "person"],
      ["lastName", "person"],
      ["email", "person"],
      ["phone", "person"],
    ]);
  });

  it("lists the twelve forms of the issue", () => {
    expect(formNames).toHaveLength(12);
  });
});

const field = (f: Partial<FieldSpec> & Pick<FieldSpec, "type">): FieldSpec => ({ name: "f", ...f });

describe("check", () => {
  // The rules' cases are shared with the server in leads/testdata/validate-cases.json (validate.test.ts); these are
  // the UI's own.
  it("names a property or project id that is no id as no longer offered", () => {
    expect(check(field({ type: "property", required: true }), "x")?.key).toBe("unknownProperty");
    expect(check(field({ type: "project", required: true }), "-1")?.key).toBe("unknownProject");
  });

  it("checks multi and slot values against the page's choices", () => {
    expect(check(field({ type: "multi" }), ["82"], ["82", "83"])).toBeNull();
    expect(check(field({ type: "multi" }), ["99"], ["82", "83"])?.key).toBe("option");
    expect(check(field({ type: "slot", required: true }), "s9", ["s1"])?.key).toBe("slot");
    expect(check(field({ type: "slot", required: true }), "s1", ["s1"])).toBeNull();
  });

  it("gives the API its types", () => {
    expect(normalize(field({ type: "number" }), " 1,5 ")).toBe(1.5);
    expect(normalize(field({ type: "number" }), "")).toBeUndefined();
    expect(normalize(field({ type: "text" }), "  Jan ")).toBe("Jan");
    expect(normalize(field({ type: "list" }), ["6800", " 6800", "6600", ""])).toEqual(["6800", "6600"]);
    expect(normalize(field({ type: "checkbox" }), true)).toBe(true);
    expect(normalize(field({ type: "property" }), "12")).toBe(12);
    expect(normalize(field({ type: "area" }), [[50.1, 5.1], [50.2, 5.3], [50, 5.4]])).toEqual([[50.1, 5.1], [50.2, 5.3], [50, 5.4]]);
    // No area is left out: the server counts any value given, even [], as filled for 'unless'.
    expect(normalize(field({ type: "area" }), [])).toBeUndefined();
  });
});

describe("form schemas", () => {
  const validPerson = {
    title: "ms",
    firstName: "Els",
    lastName: "Peeters",
    email: "els@example.be",
    phone: "0475 12 34 56",
  };

  it("outputs the body's fields for a valid demand-register", () => {
    const result = formSchema("demand-register", specMessages("nl"), { types: ["82", "83"] }).safeParse({
      ...validPerson,
      password: "geheim123",
      passwordConfirm: "geheim123",
      goal: "buy",
      budget: "250000",
      minRooms: "",
      types: ["82"],
      zones: ["6800", "6600"],
      timeSlots: ["morning"],
      newsletter: true,
      remark: "",
      privacy: true,
    });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({
      title: "ms",
      budget: 250000,
      minRooms: undefined,
      types: ["82"],
      zones: ["6800", "6600"],
      newsletter: true,
      privacy: true,
    });
  });

  describe("postcodes unless an area", () => {
    const triangle = [
      [50.1, 5.1],
      [50.2, 5.3],
      [50.0, 5.4],
    ];
    const zoneFields = fieldsOf("demand-register").filter((f) => f.name === "zones" || f.name === "area");

    it("reads 'unless' and the area field from the spec", () => {
      expect(zoneFields).toEqual([
        { name: "zones", type: "list", items: "postcode", required: true, unless: "area", missing: "zone" },
        { name: "area", type: "area" },
      ]);
    });

    it("an area without postcodes gives the API the area", () => {
      const result = fieldsSchema(zoneFields, specMessages("nl")).safeParse({ zones: [], area: triangle });
      expect(result.success).toBe(true);
      expect(result.data).toEqual({ zones: [], area: triangle });
    });

    it("postcodes without an area are valid, and no area is left out", () => {
      const result = fieldsSchema(zoneFields, specMessages("nl")).safeParse({ zones: ["6800"], area: [] });
      expect(result.data).toEqual({ zones: ["6800"], area: undefined });
    });
  });

  it("checks a partial set of fields (what a page shows)", () => {
    const fields = fieldsOf("contact-me").filter((f) => f.name !== "property");
    const errors = errorsOf(fieldsSchema(fields, specMessages("fr")).safeParse({ ...validPerson, email: "els@", request: "info" }));
    expect(errors.email).toBe("Indiquez une adresse e-mail valide.");
    expect(errors.property).toBeUndefined();
  });
});
