import { describe, expect, it } from "vitest";
import { fillText, pickText } from "./text";

describe("pickText", () => {
  it("takes the language's key", () => {
    expect(pickText({ nl: "Te koop", fr: "À vendre", NL: "TE KOOP" }, "nl")).toBe("Te koop");
  });

  it("falls back to the upper-case key", () => {
    expect(pickText({ FR: "À vendre" }, "fr")).toBe("À vendre");
  });

  it("answers an empty string when the language is missing", () => {
    expect(pickText({ nl: "Te koop" }, "fr")).toBe("");
    expect(pickText({}, "fr")).toBe("");
    expect(pickText(undefined, "fr")).toBe("");
    expect(pickText(null, "fr")).toBe("");
  });

  it("keeps an empty translation rather than falling back", () => {
    expect(pickText({ fr: "", FR: "autre" }, "fr")).toBe("");
  });
});

describe("fillText", () => {
  it("fills the known {{name}} variables and leaves the others", () => {
    expect(fillText("© {{year}} {{ name }} – {{other}}", { year: 2025, name: "Ardenne Immo" })).toBe(
      "© 2025 Ardenne Immo – {{other}}",
    );
  });
});
