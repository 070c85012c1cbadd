import { describe, expect, it } from "vitest";
import table from "../../../../leads/testdata/validate-cases.json";
import { normalize } from "./rules";
import { formSchema, specMessages } from "./schema";
import { fieldsOf, type FormName, type MessageKey } from "./spec";

// The cases of leads/testdata/validate-cases.json, which the server's test (leads/validate_test.go) runs too: the
// rules of leads/forms.json say the same here and there. The file's $comment says how to read a case.
interface Case {
  name: string;
  form: string;
  lang: string;
  all?: boolean;
  fields: Record<string, unknown>;
  errors: Record<string, string>;
  args?: Record<string, Record<string, string>>;
  values?: Record<string, unknown>;
  choices?: Record<string, string[]>;
  side?: string;
}

const cases = table.cases as unknown as Case[];

/** Writes out {"$text": s, "times": n} and {"$list": v, "times": n}. */
function expand(v: unknown): unknown {
  if (v === null || typeof v !== "object" || !("times" in v)) return v;
  const { $text, $list, times } = v as { $text?: string; $list?: unknown; times: number };
  return $text !== undefined ? $text.repeat(times) : Array.from({ length: times }, () => $list);
}

describe("the shared validation cases", () => {
  it("names each case once", () => {
    expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length);
  });

  it.each(cases.filter((c) => c.side !== "go").map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const form = c.form as FormName;
    const fields = fieldsOf(form);
    const input = Object.fromEntries(Object.entries(c.fields).map(([k, v]) => [k, expand(v)]));
    const msg = specMessages(c.lang);
    const result = formSchema(form, msg, c.choices).safeParse(input);
    const got: Record<string, string> = {};
    for (const issue of result.error?.issues ?? []) got[String(issue.path[0])] ??= issue.message;

    for (const name of Object.keys(c.errors)) expect(fields.some((f) => f.name === name), `the form has no field ${name}`).toBe(true);
    const scope = fields.map((f) => f.name).filter((name) => c.all || name in c.fields || name in c.errors);
    const want = (name: string) => {
      const key = c.errors[name];
      return key === undefined ? undefined : msg(key as MessageKey, c.args?.[name]);
    };
    expect(Object.fromEntries(scope.map((name) => [name, got[name]]))).toEqual(Object.fromEntries(scope.map((name) => [name, want(name)])));

    for (const [name, value] of Object.entries(c.values ?? {})) {
      expect(normalize(fields.find((f) => f.name === name)!, input[name]), name).toEqual(value);
    }
  });
});
