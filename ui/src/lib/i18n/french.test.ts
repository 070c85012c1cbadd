import i18next from "i18next";
import { describe, expect, it } from "vitest";
import fixture from "../../../../internal/french/testdata/contractions.json";
import { addFrenchFormats, contract, type Preposition } from "./french";

describe("contract", () => {
  // The same cases as the Go side (internal/french), which the mails use.
  it.each(fixture.cases)("$prep + $name → $want", ({ prep, name, want }) => {
    expect(contract(prep as Preposition, name)).toBe(want);
  });
});

describe("the de and à formats", () => {
  it("contract a name inserted into a French text", async () => {
    const instance = i18next.createInstance();
    await instance.init({
      lng: "fr",
      resources: { fr: { translation: { photos: "Photos {{name, de}}", heading: "{{type}} {{city, à}}" } } },
      interpolation: { escapeValue: false },
    });
    addFrenchFormats(instance);
    expect(instance.t("photos", { name: "Les Jardins de Libramont" })).toBe("Photos des Jardins de Libramont");
    expect(instance.t("photos", { name: "Résidence Semois" })).toBe("Photos de Résidence Semois");
    expect(instance.t("heading", { type: "Maison", city: "Le Rœulx" })).toBe("Maison au Rœulx");
    expect(instance.t("heading", { type: "Maison", city: "La Roche-en-Ardenne" })).toBe("Maison à La Roche-en-Ardenne");
  });
});
