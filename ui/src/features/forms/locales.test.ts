import { describe, expect, it } from "vitest";
import { fieldsOf, formNames, messages } from "./spec";
import { formTexts } from "./testing";

function keys(tree: object, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    v !== null && typeof v === "object" ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

const english = keys(formTexts.en).sort();
const allFields = formNames.flatMap((form) => fieldsOf(form));

describe("forms texts", () => {
  it("labels every field and every option of the spec", () => {
    for (const field of allFields) {
      expect(english, field.name).toContain(`labels.${field.name}`);
      for (const option of field.options ?? []) expect(english).toContain(`options.${field.name}.${option}`);
    }
  });

  it("has a 'not sent, try again' text for every form", () => {
    for (const form of formNames) expect(english).toContain(`errors.notSent.${form}`);
  });

  it("keeps the afternoon at 13:00–16:00 in Dutch only", () => {
    expect(formTexts.nl.options.timeSlots.afternoon).toContain("13:00–16:00");
    expect(formTexts.en.options.timeSlots.afternoon).toContain("14:00–16:00");
    expect(formTexts.fr.options.timeSlots.afternoon).toContain("14h00–16h00");
    expect(formTexts.de.options.timeSlots.afternoon).toContain("14:00–16:00");
  });

  it("finds the validation messages in the spec in all four languages", () => {
    for (const lang of ["en", "nl", "fr", "de"]) expect(Object.keys(messages[lang] ?? {}).sort()).toEqual(Object.keys(messages.en!).sort());
  });
});
