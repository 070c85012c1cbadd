import { describe, expect, it } from "vitest";
import { propertyTexts } from "./testing";

describe("property texts", () => {
  // The seed's German text said 6 years: the Flemish rule is 5, in every language.
  it("says 5 years for the renovation duty in every language", () => {
    expect(propertyTexts.en.energy.renovation.text).toContain("within 5 years");
    expect(propertyTexts.nl.energy.renovation.text).toContain("binnen 5 jaar");
    expect(propertyTexts.fr.energy.renovation.text).toContain("dans les 5 ans");
    expect(propertyTexts.de.energy.renovation.text).toContain("innerhalb von 5 Jahren");
  });
});
