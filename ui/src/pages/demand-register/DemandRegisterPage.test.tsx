import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { defineStubAltcha, renderForm } from "../../features/forms/testing";
import { demandRegisterFr } from "../__fixtures__/pages";
import { site } from "../__fixtures__/site";
import { DemandRegisterPage, typeOptions } from "./DemandRegisterPage";

vi.mock("../../features/forms/altchaWidget", () => ({ loadAltcha: async () => defineStubAltcha() }));

const typeTree = [
  { id: 82, name: "Maison", webId: 1, children: [{ id: 91, name: "Villa", webId: 11, children: [] }] },
  { id: 83, name: "Appartement", webId: 2, children: [] },
];

describe("DemandRegisterPage", () => {
  it("offers the page's property types, sub-types under their category", () => {
    expect(typeOptions(typeTree)).toEqual([
      { value: "82", label: "Maison" },
      { value: "91", label: "Maison – Villa" },
      { value: "83", label: "Appartement" },
    ]);
  });

  it("fr: shows the search profile form under the page text and refuses mismatched passwords", async () => {
    renderForm(<DemandRegisterPage site={site} page={{ ...demandRegisterFr, typeTree }} />, "fr");
    expect(screen.getByRole("heading", { level: 1, name: "Je m'inscris" })).toBeTruthy();
    const region = screen.getByRole("region", { name: "Votre profil de recherche" });
    const types = within(region).getByRole("group", { name: /Types de biens/ });
    expect(within(types).getAllByRole("checkbox").map((c) => c.closest("li")?.textContent)).toEqual(["Maison", "Maison – Villa", "Appartement"]);
    for (const label of [/^Budget/, /^Prix minimum/, /^Prix maximum/, /^Chambres/, /^Salles de bains/, /^Garages/, /^Emplacements de parking/]) {
      expect(within(region).getByLabelText(label).getAttribute("inputmode")).toBe("numeric");
    }
    expect(within(region).getByRole("checkbox", { name: "Envoyez-moi aussi la newsletter" })).toBeTruthy();

    const user = userEvent.setup();
    await user.type(within(region).getByLabelText(/^Mot de passe/), "secret123");
    await user.type(within(region).getByLabelText(/^Confirmez le mot de passe/), "secret321");
    await user.click(within(region).getByRole("button", { name: "Tenez-moi au courant" }));
    expect(await within(region).findByText("Les mots de passe ne correspondent pas.")).toBeTruthy();
  });
});
