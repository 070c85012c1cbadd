import { describe, expect, it } from "vitest";
import { pageTexts } from "./__fixtures__/render";
import { formNames } from "../features/forms/spec";

function keys(tree: object, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    v !== null && typeof v === "object" ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

// French has a plural form for large round numbers ("1 000 000 de biens") the others lack.
const withoutMany = (list: string[]) => list.filter((k) => !k.endsWith("_many")).sort();

describe("pages texts", () => {
  const english = withoutMany(keys(pageTexts.en));

  it("has a heading and a message for each of the nine forms", () => {
    for (const form of formNames) {
      expect(english).toContain(`feedback.forms.${form}.heading`);
      expect(english).toContain(`feedback.forms.${form}.message`);
    }
  });
});
