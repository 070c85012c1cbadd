import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import added from "../../../../leads/testdata/added-form.json";
import { feedback } from "../__fixtures__/pages";
import { renderWith } from "../__fixtures__/render";
import { site } from "../__fixtures__/site";
import { FeedbackPage } from "./FeedbackPage";
import { formOf } from "./forms";

// The shipped table plus the form leads/testdata/added-form.json adds: its
// thank-you page must follow from the table alone.
vi.mock("../../../../leads/forms.json", async (importOriginal) => {
  const shipped = ((await importOriginal()) as { default: { forms: object } }).default;
  const entry = (await import("../../../../leads/testdata/added-form.json")).default;
  return { default: { ...shipped, forms: { ...shipped.forms, [entry.name]: entry.form } } };
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the thank-you page of a form added through the table", () => {
  it("is that form's page", () => {
    expect(formOf(`/feedback/${added.name}/`)).toBe(added.name);
  });

  it("nl: offers the rentals, the goal of the properties it is for", () => {
    renderWith(<FeedbackPage site={site} page={feedback("nl", added.name)} />, "nl");
    expect(screen.getByRole("link", { name: "Bekijk ons aanbod te huur" }).getAttribute("href")).toBe("/nl/te-huur/");
    expect(screen.queryByRole("link", { name: "Bekijk ons aanbod te koop" })).toBeNull();
  });

  it("nl: asks its receipt and says what the documents mail carries", async () => {
    const receipt = {
      form: added.name,
      subject: { kind: "property", id: 4120, title: "Huis met tuin", url: "/nl/te-huur/bouillon/huis/4120/", goal: "rent" },
      documents: 2,
    };
    const fetched = vi.fn(async () => new Response(JSON.stringify(receipt), { status: 200, headers: { "content-type": "application/json" } }));
    vi.stubGlobal("fetch", fetched);
    renderWith(<FeedbackPage site={site} page={feedback("nl", added.name)} />, "nl", `/nl/bedankt/${added.name}/?receipt=t`);
    expect(await screen.findByText("U ontvangt de 2 documenten van dit pand binnenkort per e-mail.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Terug naar het pand" }).getAttribute("href")).toBe(receipt.subject.url);
    expect(fetched).toHaveBeenCalledTimes(1);
  });
});
