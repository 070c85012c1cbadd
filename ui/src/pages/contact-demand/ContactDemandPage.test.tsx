import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { defineStubAltcha, renderForm } from "../../features/forms/testing";
import { contactDemandNl } from "../__fixtures__/pages";
import { site } from "../__fixtures__/site";
import { ContactDemandPage } from "./ContactDemandPage";

vi.mock("../../features/forms/altchaWidget", () => ({ loadAltcha: async () => defineStubAltcha() }));

describe("ContactDemandPage", () => {
  it("nl: the valuation form follows the page text and requires the property's address", async () => {
    renderForm(<ContactDemandPage site={site} page={contactDemandNl} />, "nl");
    const intro = screen.getByText("Vraag een vrijblijvende schatting van uw woning aan.");
    const region = screen.getByRole("region", { name: "Vraag uw gratis schatting aan" });
    expect(intro.compareDocumentPosition(region) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const user = userEvent.setup();
    await user.click(within(region).getByRole("button", { name: "Vraag mijn gratis schatting aan" }));
    for (const label of [/^Straat van het pand/, /^Postcode van het pand/, /^Gemeente van het pand/]) {
      const input = within(region).getByLabelText(label);
      expect(input.getAttribute("aria-invalid"), String(label)).toBe("true");
    }
    expect(within(region).getByLabelText(/^Huisnummer/).getAttribute("aria-invalid")).toBeNull();
    expect(within(region).getByLabelText(/^Soort pand/)).toBeTruthy();
  });
});
