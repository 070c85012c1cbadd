import { describe, expect, it } from "vitest";
import type { Condition } from "../api/types";
import { evaluateCondition } from "./condition";

const data = {
  lang: "nl",
  status: 200,
  view: "home",
  title: "Welkom in de Ardennen",
  preview: false,
  counts: { sale: 58, rent: 0 },
  limit: 58,
  zipText: "6800",
  emptyText: "  ",
  nothing: null,
  tags: ["chalet", "villa", 12],
  noTags: [],
  noKeys: {},
  content: { modules: [{ title: "Diensten" }, { title: "Getuigenissen" }] },
};

function rule(field: string, logic: string, compareWithValue: Condition["compareWithValue"] = null, extra: Partial<Condition> = {}): Condition {
  return { field, logic: logic as Condition["logic"], compareWithField: "", compareWithValue, advancedCondition: null, ...extra };
}

const yes = rule("counts.sale", "greaterThan", 0);
const no = rule("counts.rent", "greaterThan", 0);

const cases: [string, Condition | null, boolean][] = [
  ["null shows", null, true],

  ["equals number", rule("counts.sale", "equals", 58), true],
  ["equals string", rule("lang", "equals", "nl"), true],
  ["equals differs", rule("lang", "equals", "fr"), false],
  ["equals number vs numeric string", rule("counts.sale", "equals", "58"), true],
  ["equals numeric string vs number", rule("zipText", "equals", 6800), true],
  ["equals number vs non-numeric string", rule("counts.sale", "equals", "fifty-eight"), false],
  ["equals number vs blank string", rule("counts.rent", "equals", ""), false],
  ["equals boolean", rule("preview", "equals", false), true],
  ["equals boolean is not loose with strings", rule("preview", "equals", "false"), false],
  ["equals null", rule("nothing", "equals", null), true],
  ["equals on an object cannot be evaluated", rule("counts", "equals", "x"), false],

  ["notEquals differs", rule("lang", "notEquals", "fr"), true],
  ["notEquals same", rule("lang", "notEquals", "nl"), false],
  ["notEquals is loose too", rule("counts.sale", "notEquals", "58"), false],
  ["notEquals on an array cannot be evaluated", rule("tags", "notEquals", "x"), false],

  ["greaterThan", rule("counts.sale", "greaterThan", 10), true],
  ["greaterThan equal is false", rule("counts.sale", "greaterThan", 58), false],
  ["greaterThan needs numbers", rule("counts.sale", "greaterThan", "10"), false],
  ["greaterThan on a string field", rule("zipText", "greaterThan", 1000), false],
  ["lessThan", rule("counts.rent", "lessThan", 1), true],
  ["lessThan false", rule("counts.sale", "lessThan", 1), false],
  ["lessThan with null", rule("counts.rent", "lessThan", null), false],

  ["contains substring", rule("title", "contains", "Ardennen"), true],
  ["contains missing substring", rule("title", "contains", "Kust"), false],
  ["contains number in string", rule("zipText", "contains", 68), true],
  ["contains in array", rule("tags", "contains", "villa"), true],
  ["contains number in array loosely", rule("tags", "contains", "12"), true],
  ["contains absent in array", rule("tags", "contains", "studio"), false],
  ["contains on a number field", rule("counts.sale", "contains", 5), false],
  ["contains null needle", rule("title", "contains", null), false],

  ["empty null", rule("nothing", "empty"), true],
  ["empty blank string", rule("emptyText", "empty"), true],
  ["empty array", rule("noTags", "empty"), true],
  ["empty object", rule("noKeys", "empty"), true],
  ["empty zero is a value", rule("counts.rent", "empty"), false],
  ["empty text", rule("title", "empty"), false],
  ["notEmpty text", rule("title", "notEmpty"), true],
  ["notEmpty array", rule("tags", "notEmpty"), true],
  ["notEmpty null", rule("nothing", "notEmpty"), false],

  ["array index in path", rule("content.modules.1.title", "equals", "Getuigenissen"), true],
  ["array length in path", rule("content.modules.length", "equals", 2), true],
  ["missing field", rule("counts.project", "equals", 0), false],
  ["missing field is not empty either", rule("property.photo", "empty"), false],
  ["path through a primitive", rule("lang.length", "equals", 2), false],
  ["prototype keys do not resolve", rule("counts.constructor", "notEmpty"), false],
  ["unknown logic", rule("lang", "startsWith", "n"), false],

  ["compareWithField wins", rule("counts.sale", "equals", 0, { compareWithField: "limit" }), true],
  ["compareWithField greaterThan", rule("counts.sale", "greaterThan", 100, { compareWithField: "counts.rent" }), true],
  ["compareWithField missing", rule("counts.sale", "equals", 58, { compareWithField: "counts.nope" }), false],

  ["advanced all true", rule("lang", "equals", "nl", { advancedCondition: { all: [yes, rule("view", "equals", "home")] } }), true],
  ["advanced all with one false", rule("lang", "equals", "nl", { advancedCondition: { all: [yes, no] } }), false],
  ["advanced any", rule("lang", "equals", "nl", { advancedCondition: { any: [no, yes] } }), true],
  ["advanced any all false", rule("lang", "equals", "nl", { advancedCondition: { any: [no] } }), false],
  ["advanced any of none", rule("lang", "equals", "nl", { advancedCondition: { any: [] } }), false],
  ["advanced all and any together", rule("lang", "equals", "nl", { advancedCondition: { all: [yes], any: [no] } }), false],
  ["advanced true cannot rescue a false rule", rule("lang", "equals", "fr", { advancedCondition: { all: [yes] } }), false],
  ["empty field decides by the advanced rule", rule("", "equals", "x", { advancedCondition: { any: [yes] } }), true],
  ["empty field with a false advanced rule", rule("", "equals", "x", { advancedCondition: { all: [no] } }), false],
  ["empty field and no advanced rule", rule("", "equals", "x"), false],
  ["nested advanced", rule("", "equals", null, { advancedCondition: { all: [rule("", "equals", null, { advancedCondition: { any: [yes] } })] } }), true],
  ["advanced list that is not a list", rule("lang", "equals", "nl", { advancedCondition: { all: "yes" as unknown as Condition[] } }), false],
  ["null inside advanced shows", rule("lang", "equals", "nl", { advancedCondition: { all: [null as unknown as Condition] } }), true],
];

describe("evaluateCondition", () => {
  it.each(cases)("%s", (_name, cond, want) => {
    expect(evaluateCondition(cond, data)).toBe(want);
  });

  it("answers false on data it cannot read", () => {
    expect(evaluateCondition(rule("a", "notEmpty"), null)).toBe(false);
    expect(evaluateCondition(rule("a", "notEmpty"), "text")).toBe(false);
  });

  it("answers false when a getter throws", () => {
    const hostile = Object.defineProperty({}, "a", {
      enumerable: true,
      get() {
        throw new Error("boom");
      },
    });
    expect(evaluateCondition(rule("a", "notEmpty"), hostile)).toBe(false);
  });

  it("answers false on a malformed rule", () => {
    expect(evaluateCondition("counts.sale" as unknown as Condition, data)).toBe(false);
    expect(evaluateCondition({ logic: "empty" } as unknown as Condition, data)).toBe(false);
  });
});
