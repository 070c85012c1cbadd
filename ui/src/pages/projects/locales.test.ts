import { describe, expect, it } from "vitest";
import { projectTexts } from "./testing";

function keys(tree: object, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    v !== null && typeof v === "object" ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

// French has a plural form for large round numbers ("1 000 000 de projets") the others lack.
const withoutMany = (list: string[]) => list.filter((k) => !k.endsWith("_many")).sort();

describe("projects texts", () => {
  const english = withoutMany(keys(projectTexts.en));

  it("names every unit status", () => {
    for (const status of ["available", "option", "sold", "rented"]) expect(english).toContain(`status.${status}`);
  });
});
