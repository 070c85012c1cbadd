import { describe, expect, it } from "vitest";
import { fieldsOf, formForRequest, formsOn, searchProfileForm } from "./spec";
import en from "../../locales/en/forms.json";

// Where forms.json's places show each form: the pages ask these, never a name.
describe("the forms' places", () => {
  it("shows the office's question form before its newsletter sign-up", () => {
    expect(formsOn("office")).toEqual([
      { form: "site-contact", section: "siteContact" },
      { form: "sign-newsletter", section: "newsletter" },
    ]);
    expect(formsOn("home")).toEqual([]);
  });

  it("opens contact-me for information and a free visit request, with the request preset", () => {
    expect(formForRequest("property", "info")).toEqual({ form: "contact-me", defaults: { request: "info" }, whenSlots: false });
    expect(formForRequest("property", "visit")).toEqual({ form: "contact-me", defaults: { request: "visit" }, whenSlots: false });
  });

  it("books a visit when the property has slots left, and answers each other request with its own form", () => {
    expect(formForRequest("property", "visit", { slots: true })).toEqual({ form: "contact-appointment", whenSlots: true });
    expect(formForRequest("property", "offer", { slots: true })?.form).toBe("offer");
    expect(formForRequest("property", "rent")?.form).toBe("rent-application");
    expect(formForRequest("property", "documents")?.form).toBe("request-documents");
    expect(formForRequest("property", "friend")?.form).toBe("send-to-friend");
    expect(formForRequest("project", "ask")?.form).toBe("contact-construction");
    expect(formForRequest("project", "visit")).toBeNull();
  });

  it("lets the searcher edit the registration form's search fields", () => {
    expect(searchProfileForm()).toBe("demand-register");
    expect(fieldsOf(searchProfileForm()).some((f) => f.name === "zones")).toBe(true);
  });

  it("titles every page's form with a section the texts have", () => {
    const sections = en.sections as Record<string, { title?: string }>;
    const views = ["office", "guestbook", "contact-demand", "demand-register"] as const;
    const placed = views.flatMap((v) => formsOn(v));
    expect(placed).toHaveLength(5);
    for (const { section } of placed) expect(sections[section]?.title, section).toBeTruthy();
  });
});
