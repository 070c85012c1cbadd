import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { propertyFr, propertyNl } from "../__fixtures__/pages";
import { renderWith } from "../__fixtures__/render";
import { site } from "../__fixtures__/site";
import { PropertyPage } from "./PropertyPage";

describe("PropertyPage", () => {
  it("shows its title, type and city, price, status, reference, photo and description", () => {
    renderWith(<PropertyPage site={site} page={propertyNl} />, "nl");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(propertyNl.title);
    expect(screen.getByText("Chalet te Bouillon")).toBeTruthy();
    expect(screen.getByText("€ 245.000")).toBeTruthy();
    expect(screen.getByText("Beschikbaar")).toBeTruthy();
    expect(screen.getByText("Ref. 4512")).toBeTruthy();
    const img = screen.getByRole("img", { name: "Chalet in Bouillon" });
    expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["800", "533"]);
    expect(screen.getByText(/zicht op de Semois/)).toBeTruthy();
  });

  it("says when there is no photo, and shows the sold badge", () => {
    renderWith(<PropertyPage site={site} page={propertyFr} />, "fr");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(propertyFr.title);
    expect(screen.getByText("Chalet à Bouillon")).toBeTruthy();
    expect(screen.getByText("Vendu").className).toContain("property-page__status--sold");
    expect(screen.getByText("Aucune photo n'a été trouvée")).toBeTruthy();
    expect(screen.queryByRole("img")).toBeNull();
  });

  it("falls back to the page title without a property", () => {
    renderWith(<PropertyPage site={site} page={{ ...propertyNl, property: undefined }} />, "nl");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Chalet te koop in Bouillon");
  });
});
