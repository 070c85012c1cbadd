import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { forRentFr, forSaleNl } from "../__fixtures__/pages";
import { renderWith } from "../__fixtures__/render";
import { site } from "../__fixtures__/site";
import { ForRentPage, ForSalePage } from "./ListingsPage";

const countText = () => document.querySelector(".listings-page__count")?.textContent;

describe("ListingsPage", () => {
  it.each([
    ["nl", 58, "58 panden te koop"],
    ["nl", 1, "1 pand te koop"],
    ["nl", 0, "Momenteel zijn er geen panden te koop"],
    ["nl", 1250, "1.250 panden te koop"],
    ["fr", 58, "58 biens à vendre"],
    ["fr", 1, "1 bien à vendre"],
    ["fr", 0, "Aucun bien à vendre pour le moment"],
    ["fr", 1000000, "1 000 000 de biens à vendre"],
    ["en", 58, "58 properties for sale"],
    ["en", 1, "1 property for sale"],
    ["de", 58, "58 Immobilien zu verkaufen"],
    ["de", 1, "1 Immobilie zu verkaufen"],
  ] as const)("%s: %i for sale", (lang, sale, want) => {
    renderWith(<ForSalePage site={site} page={{ ...forSaleNl, lang, counts: { sale, rent: 0 } }} />, lang);
    // Intl groups with a narrow no-break space in French; compare on plain spaces.
    expect(countText()?.replace(/\s/g, " ")).toBe(want);
  });

  it("counts rentals on the for-rent page", () => {
    renderWith(<ForRentPage site={site} page={{ ...forRentFr, counts: { sale: 58, rent: 3 } }} />, "fr");
    expect(countText()).toBe("3 biens à louer");
  });

  it("shows the heading and intro, and no count without counts", () => {
    renderWith(<ForSalePage site={site} page={{ ...forSaleNl, counts: undefined }} />, "nl");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Te koop");
    expect(screen.getByText("Ons aanbod in de Ardennen.")).toBeTruthy();
    expect(countText()).toBeUndefined();
  });
});
