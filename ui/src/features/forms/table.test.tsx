import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import added from "../../../../leads/testdata/added-form.json";
import { LeadForm } from "./LeadForm";
import { formNames, goalOf, sectionsOf, subjectOf, type FormName } from "./spec";
import { defineStubAltcha, renderForm } from "./testing";

vi.mock("./altchaWidget", () => ({ loadAltcha: async () => defineStubAltcha() }));

// The shipped table plus the form leads/testdata/added-form.json adds, as an
// agency would by writing it into leads/forms.json: the UI must need no code for it.
vi.mock("../../../../leads/forms.json", async (importOriginal) => {
  const shipped = ((await importOriginal()) as { default: { forms: object } }).default;
  const entry = (await import("../../../../leads/testdata/added-form.json")).default;
  return { default: { ...shipped, forms: { ...shipped.forms, [entry.name]: entry.form } } };
});

const form = added.name as FormName;

describe("a form added through the table", () => {
  it("is one of the forms, with its subject, goal and sections", () => {
    expect(formNames).toContain(form);
    expect(subjectOf(form)).toBe("property");
    expect(goalOf(form)).toBe("rent");
    expect(sectionsOf(form)).toEqual({ adults: "household", moveDate: "household" });
  });

  it("nl: shows its sections as fieldsets named by their i18n key", () => {
    const { container } = renderForm(<LeadForm form={form} fixed={{ property: 4120 }} />, "nl");
    const household = screen.getByRole("group", { name: "Uw gezin" });
    expect(within(household).getByLabelText(/^Volwassenen/)).toBeTruthy();
    expect(within(household).getByLabelText(/^Gewenste verhuisdatum/)).toBeTruthy();
    expect(within(screen.getByRole("group", { name: "Uw gegevens" })).getByLabelText(/^Voornaam/)).toBeTruthy();
    expect(container.querySelector('[name="property"]')).toBeNull();
  });
});

describe("the shipped forms' sections", () => {
  it.each([
    ["contact-demand", "valuationZip", "valuation"],
    ["demand-register", "passwordConfirm", "account"],
    ["demand-register", "zones", "search"],
    ["rent-application", "moveDate", "household"],
  ] as const)("%s puts %s under %s", (name, field, section) => {
    expect(sectionsOf(name)[field]).toBe(section);
  });

  it("has no sections for a form without them", () => {
    expect(sectionsOf("site-contact")).toEqual({});
  });
});
