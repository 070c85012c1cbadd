import { describe, expect, it } from "vitest";
import { check, isDate, isEmail, isPhone, isUrl, isZip, normalize } from "./rules";
import { fieldsSchema, formSchema, specMessages } from "./schema";
import { fieldsOf, formNames, messages, type FieldSpec } from "./spec";

const langs = ["en", "nl", "fr", "de"] as const;

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

describe("value rules", () => {
  it.each([
    ["a@b.be", true],
    ["jan.peeters+immo@ardenne-immo.be", true],
    ["jan@localhost", false],
    ["jan@@b.be", false],
    ["jan @b.be", false],
    ["jan@b.be.", false],
    ["@b.be", false],
  ])("email %s → %s", (v, ok) => expect(isEmail(v)).toBe(ok));

  it.each([
    ["0475 12 34 56", true],
    ["+32 475 12.34.56", true],
    ["(061) 23/45-67", true],
    ["12345678", true],
    ["1234567", false], // 7 digits
    ["+1234567890123456", false], // 16 digits
    ["0475 12 34 5x", false],
    ["0475+123456", false], // + only in front
  ])("phone %s → %s", (v, ok) => expect(isPhone(v)).toBe(ok));

  it.each([
    ["6800", true],
    ["L-1234", true],
    ["B-6800", true],
    ["b-6800", true],
    ["68000", false],
    ["680", false],
    ["F-6800", false],
    ["L1234", true], // written "L-1234": leads/forms.json's postcode rule, shared cases in postcode.test.ts
    ["0999", false],
  ])("zip %s → %s", (v, ok) => expect(isZip(v)).toBe(ok));

  it.each([
    ["https://ardenne-immo.be/", true],
    ["http://example.org/a?b=c", true],
    ["ftp://example.org", false],
    ["www.example.org", false],
    ["https://", false],
    ["https://exa mple.org", false],
  ])("url %s → %s", (v, ok) => expect(isUrl(v)).toBe(ok));

  it.each([
    ["2027-02-28", true],
    ["2028-02-29", true],
    ["2027-02-29", false],
    ["2027-04-31", false],
    ["2027-13-01", false],
    ["2027-1-01", false],
    ["01/02/2027", false],
  ])("date %s → %s", (v, ok) => expect(isDate(v)).toBe(ok));
});

const field = (f: Partial<FieldSpec> & Pick<FieldSpec, "type">): FieldSpec => ({ name: "f", ...f });

describe("check", () => {
  it.each<[string, FieldSpec, unknown, string | null]>([
    ["required text empty", field({ type: "text", required: true }), "  ", "required"],
    ["optional text empty", field({ type: "text" }), "", null],
    ["text of 200", field({ type: "text" }), "x".repeat(200), null],
    ["text of 201", field({ type: "text" }), "x".repeat(201), "tooLong"],
    ["text over its own max", field({ type: "text", max: 20 }), "x".repeat(21), "tooLong"],
    ["textarea of 4000", field({ type: "textarea" }), "x".repeat(4000), null],
    ["textarea of 4001", field({ type: "textarea" }), "x".repeat(4001), "tooLong"],
    ["bad email", field({ type: "email", required: true }), "jan@", "email"],
    ["bad phone", field({ type: "phone" }), "12", "phone"],
    ["bad zip", field({ type: "zip" }), "12345", "zip"],
    ["bad url", field({ type: "url" }), "ardenne-immo.be", "url"],
    ["bad date", field({ type: "date" }), "2027-02-30", "date"],
    ["number text", field({ type: "number" }), "abc", "number"],
    ["number decimal comma", field({ type: "number", min: 0 }), "1,5", null],
    ["number below min", field({ type: "number", min: 1 }), "0", "min"],
    ["number above max", field({ type: "number", max: 50 }), "51", "max"],
    ["number at max", field({ type: "number", max: 50 }), 50, null],
    ["short password", field({ type: "password", min: 8 }), "1234567", "minLength"],
    ["long enough password", field({ type: "password", min: 8 }), "12345678", null],
    ["select outside its options", field({ type: "select", options: ["a", "b"] }), "c", "option"],
    ["required select empty", field({ type: "select", options: ["a"], required: true }), "", "required"],
    ["required multi empty", field({ type: "multi", options: ["a"], required: true }), [], "requiredOne"],
    ["multi outside its options", field({ type: "multi", options: ["a"] }), ["a", "z"], "option"],
    ["required list empty", field({ type: "list", required: true }), ["", " "], "requiredOne"],
    ["list of 51", field({ type: "list" }), Array.from({ length: 51 }, (_, i) => String(i)), "tooLong"],
    ["required checkbox unticked", field({ type: "checkbox", required: true }), false, "accept"],
    ["required checkbox ticked", field({ type: "checkbox", required: true }), true, null],
    ["optional checkbox unticked", field({ type: "checkbox" }), false, null],
    ["property id", field({ type: "property", required: true }), 12, null],
    ["property not an id", field({ type: "property", required: true }), "x", "unknownProperty"],
    ["optional area empty", field({ type: "area" }), [], null],
    ["area of 3 points", field({ type: "area" }), [[50.1, 5.1], [50.2, 5.3], [50.0, 5.4]], null],
    ["area of 2 points", field({ type: "area" }), [[50.1, 5.1], [50.2, 5.3]], "area"],
    ["area of 101 points", field({ type: "area" }), Array.from({ length: 101 }, (_, i) => [50 + i / 1000, 5]), "area"],
    ["area outside Belgium", field({ type: "area" }), [[48.8, 2.3], [48.9, 2.4], [48.7, 2.5]], "area"],
    ["area of strings", field({ type: "area" }), [["50", "5"], ["50.1", "5"], ["50", "5.1"]], "area"],
    ["area not a list", field({ type: "area" }), "50,5", "area"],
  ])("%s", (_name, f, value, key) => {
    expect(check(f, value)?.key ?? null).toBe(key);
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

  // The office contact asks only what it needs: a name, an e-mail address or a phone number, and the message.
  it.each(langs)("%s: every required field of site-contact has its message", (lang) => {
    const m = messages[lang]!;
    const errors = errorsOf(formSchema("site-contact", specMessages(lang)).safeParse({}));
    expect(errors).toEqual({
      firstName: m.required,
      lastName: m.required,
      email: m.emailOrPhone,
      phone: m.emailOrPhone,
      remark: m.required,
      privacy: m.accept,
    });
  });

  it.each(["contact-me", "site-contact", "contact-construction"] as const)("%s: an e-mail address or a phone number will do", (form) => {
    const fields = fieldsOf(form).filter((f) => !["property", "project", "request"].includes(f.name));
    const base = { firstName: "Els", lastName: "Peeters", remark: "Nog vrij?", privacy: true };
    for (const reach of [{ email: "els@example.be" }, { phone: "0475 12 34 56" }]) {
      expect(errorsOf(fieldsSchema(fields, specMessages("nl")).safeParse({ ...base, ...reach })), JSON.stringify(reach)).toEqual({});
    }
  });

  it("the free valuation keeps the address of the property to value", () => {
    const errors = errorsOf(formSchema("contact-demand", specMessages("fr")).safeParse({}));
    for (const name of ["valuationStreet", "valuationZip", "valuationCity"]) expect(errors[name], name).toBe(messages.fr!.required);
  });

  it.each(langs)("%s: interpolates limits into messages", (lang) => {
    const errors = errorsOf(
      formSchema("demand-register", specMessages(lang)).safeParse({ password: "short", minRooms: "60", budget: "-1" }),
    );
    expect(errors.password).toBe(messages[lang]!.minLength.replace("{{min}}", "8"));
    expect(errors.minRooms).toBe(messages[lang]!.max.replace("{{max}}", "50"));
    expect(errors.budget).toBe(messages[lang]!.min.replace("{{min}}", "0"));
  });

  it.each([
    ["nl", "De wachtwoorden komen niet overeen."],
    ["fr", "Les mots de passe ne correspondent pas."],
  ])("%s: mismatched passwords", (lang, text) => {
    const errors = errorsOf(
      formSchema("demand-register", specMessages(lang)).safeParse({ password: "geheim123", passwordConfirm: "geheim124" }),
    );
    expect(errors.passwordConfirm).toBe(text);
    expect(errors.password).toBeUndefined();
  });

  it.each([
    ["nl", "Het maximum mag niet lager zijn dan het minimum."],
    ["fr", "Le maximum ne peut pas être inférieur au minimum."],
  ])("%s: a maximum price below the minimum is told as such, as the server does", (lang, text) => {
    const schema = formSchema("demand-register", specMessages(lang));
    expect(errorsOf(schema.safeParse({ minPrice: "300000", maxPrice: "200000" })).maxPrice).toBe(text);
    expect(errorsOf(schema.safeParse({ minPrice: "200000", maxPrice: "300000" })).maxPrice).toBeUndefined();
    expect(errorsOf(schema.safeParse({ minPrice: "", maxPrice: "200000" })).maxPrice).toBeUndefined();
  });

  it("refuses a repeat of a refused password, as the server does", () => {
    const errors = errorsOf(formSchema("demand-register", specMessages("en")).safeParse({ password: "short", passwordConfirm: "short" }));
    expect(errors.passwordConfirm).toBe(messages.en!.match);
  });

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

    it.each(langs)("%s: neither postcodes nor an area → the 'zone' message on the postcodes", (lang) => {
      const errors = errorsOf(fieldsSchema(zoneFields, specMessages(lang)).safeParse({ zones: [], area: [] }));
      expect(errors).toEqual({ zones: messages[lang]!.zone });
    });

    it("an area without postcodes is valid", () => {
      const result = fieldsSchema(zoneFields, specMessages("nl")).safeParse({ zones: [], area: triangle });
      expect(result.success).toBe(true);
      expect(result.data).toEqual({ zones: [], area: triangle });
    });

    it("postcodes without an area are valid, and no area is left out", () => {
      const result = fieldsSchema(zoneFields, specMessages("nl")).safeParse({ zones: ["6800"], area: [] });
      expect(result.data).toEqual({ zones: ["6800"], area: undefined });
    });

    it.each(langs)("%s: a 2-point area → the 'area' message, and the postcodes are not asked for (as the server)", (lang) => {
      const errors = errorsOf(fieldsSchema(zoneFields, specMessages(lang)).safeParse({ zones: [], area: triangle.slice(0, 2) }));
      expect(errors).toEqual({ area: messages[lang]!.area });
    });

    it("the whole demand-register form tells the 'zone' message with the others", () => {
      const errors = errorsOf(formSchema("demand-register", specMessages("fr")).safeParse({}));
      expect(errors.zones).toBe("Indiquez au moins un code postal ou dessinez une zone sur la carte.");
      expect(errors.area).toBeUndefined();
      expect(errors.types).toBe(messages.fr!.requiredOne);
    });
  });

  it("checks a partial set of fields (what a page shows)", () => {
    const fields = fieldsOf("contact-me").filter((f) => f.name !== "property");
    const errors = errorsOf(fieldsSchema(fields, specMessages("fr")).safeParse({ ...validPerson, email: "els@", request: "info" }));
    expect(errors.email).toBe("Indiquez une adresse e-mail valide.");
    expect(errors.property).toBeUndefined();
  });
});
