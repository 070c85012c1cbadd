import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { PageData, PropertyDetail } from "../../lib/api/types";
import { installDialogPolyfill } from "../../lib/dialog/testSupport";
import { shownLeadForms } from "../../features/forms/stubLeadForm";
import { propertyFr, propertyNl } from "../__fixtures__/pages";
import { site } from "../__fixtures__/site";
import { PropertyPage } from "./PropertyPage";
import { renderDetail } from "./testing";

vi.mock("../../features/forms", async () => ({ LeadForm: (await import("../../features/forms/stubLeadForm")).StubLeadForm }));

beforeAll(installDialogPolyfill);

const withProperty = (page: PageData, change: Partial<PropertyDetail>, lang = page.lang): PageData => ({
  ...page,
  lang,
  property: { ...page.property!, ...change },
});

const future = (days: number, hour: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};

const dialog = () => document.querySelector("dialog")!;
const lastForm = () => shownLeadForms.at(-1)!;
// Read as is: the testing library's matchers would fold the no-break spaces the notices keep "10 %" together with.
const notice = (open: HTMLElement) => open.querySelector(".property-request__notice-text")?.textContent;

/** Opens a request with the keyboard and answers the open dialog. */
async function request(name: string) {
  const user = userEvent.setup();
  const button = screen.getByRole("button", { name });
  button.focus();
  await user.keyboard("{Enter}");
  const open = await screen.findByRole("dialog");
  await within(open).findByRole("form");
  return { user, button, open };
}

describe("requests on an available sale (nl)", () => {
  it("lists information, visit and offer beside the agent, ahead of the contact", () => {
    renderDetail(<PropertyPage site={site} page={propertyNl} />, "nl");
    const actions = screen.getByRole("region", { name: "Interesse in dit pand?" });
    expect(within(actions).getAllByRole("button").map((b) => b.textContent)).toEqual(["Informatie aanvragen", "Bezoek plannen", "Bod uitbrengen"]);
    for (const b of within(actions).getAllByRole("button")) expect(b.getAttribute("aria-haspopup")).toBe("dialog");
    expect(actions.closest("aside")).not.toBeNull();
    expect(dialog().open).toBe(false);
  });

  it("'Informatie aanvragen' opens contact-me for this listing, focus inside; Escape gives the focus back", async () => {
    renderDetail(<PropertyPage site={site} page={propertyNl} />, "nl");
    const { user, button, open } = await request("Informatie aanvragen");
    expect(open.getAttribute("aria-labelledby")).toBe(within(open).getByRole("heading", { level: 2, name: "Informatie aanvragen" }).id);
    expect(open.contains(document.activeElement)).toBe(true);
    expect(within(open).getByText("Chalet te koop in Bouillon – ref. 4512")).toBeTruthy();
    expect(lastForm()).toMatchObject({ form: "contact-me", fixed: { property: 4512 }, defaults: { request: "info" } });
    await user.keyboard("{Escape}");
    expect(dialog().open).toBe(false);
    expect(document.activeElement).toBe(button);
  });

  it("the close button closes too", async () => {
    renderDetail(<PropertyPage site={site} page={propertyNl} />, "nl");
    const { user, button, open } = await request("Bod uitbrengen");
    await user.click(within(open).getByRole("button", { name: "Sluiten" }));
    expect(dialog().open).toBe(false);
    expect(document.activeElement).toBe(button);
  });

  it("'Bod uitbrengen' opens the offer with the 10 % deposit notice, the amount worked out", async () => {
    renderDetail(<PropertyPage site={site} page={propertyNl} />, "nl");
    const { open } = await request("Bod uitbrengen");
    expect(lastForm()).toMatchObject({ form: "offer", fixed: { property: 4512 } });
    expect(notice(open)).toBe("Wordt uw bod aanvaard, dan stort u een voorschot van 10\u00a0% van de prijs (€ 24.500) op de derdenrekening van de vastgoedmakelaar.");
  });

  it("the offer notice does without an amount when the price is on request", async () => {
    renderDetail(<PropertyPage site={site} page={withProperty(propertyNl, { price: { amount: null, published: false, startingFrom: false, text: "" } })} />, "nl");
    const { open } = await request("Bod uitbrengen");
    expect(notice(open)).toBe("Wordt uw bod aanvaard, dan stort u een voorschot van 10\u00a0% van de prijs op de derdenrekening van de vastgoedmakelaar.");
  });

  it("'Bezoek plannen' without slots asks for a visit with contact-me", async () => {
    renderDetail(<PropertyPage site={site} page={propertyNl} />, "nl");
    await request("Bezoek plannen");
    expect(lastForm()).toMatchObject({ form: "contact-me", fixed: { property: 4512 }, defaults: { request: "visit" } });
  });

  it("'Bezoek plannen' with slots books one, offering only those with places left", async () => {
    const slots = [
      { id: "s1", start: future(2, 9), end: future(2, 10), free: 0 },
      { id: "s2", start: future(3, 9), end: future(3, 10), free: 2 },
      { id: "s3", start: future(2, 13), end: future(2, 14), free: 1 },
    ];
    renderDetail(<PropertyPage site={site} page={withProperty(propertyNl, { visitSlots: slots })} />, "nl");
    const { open } = await request("Bezoek plannen");
    expect(lastForm()).toMatchObject({ form: "contact-appointment", fixed: { property: 4512 } });
    expect(lastForm().slots!.map((s) => s.id)).toEqual(["s3", "s2"]);
    expect(within(open).queryByText("De afspraken zijn volzet")).toBeNull();
  });

  it("when every slot is taken, says the appointments are full and still takes a visit request", async () => {
    const slots = [{ id: "s1", start: future(2, 9), end: future(2, 10), free: 0 }];
    renderDetail(<PropertyPage site={site} page={withProperty(propertyNl, { visitSlots: slots })} />, "nl");
    const { open } = await request("Bezoek plannen");
    expect(within(open).getByText("De afspraken zijn volzet")).toBeTruthy();
    expect(lastForm()).toMatchObject({ form: "contact-me", defaults: { request: "visit" } });
  });

  it("'Documenten aanvragen' opens request-documents, and 'Naar een vriend sturen' send-to-friend", async () => {
    renderDetail(<PropertyPage site={site} page={propertyNl} />, "nl");
    const docs = await request("Documenten aanvragen");
    expect(within(docs.open).getByRole("heading", { name: "Documenten aanvragen" })).toBeTruthy();
    expect(lastForm()).toEqual({ form: "request-documents", fixed: { property: 4512 } });
    await docs.user.keyboard("{Escape}");
    const friend = await request("Naar een vriend sturen");
    expect(within(friend.open).getByRole("heading", { name: "Naar een vriend sturen" })).toBeTruthy();
    expect(lastForm()).toEqual({ form: "send-to-friend", fixed: { property: 4512 } });
  });

  it("shows one dialog at a time, in the top layer, after the page's content", async () => {
    const { container } = renderDetail(<PropertyPage site={site} page={propertyNl} />, "nl");
    expect(container.querySelectorAll("dialog")).toHaveLength(1);
    expect(container.querySelector("article")!.lastElementChild!.tagName).toBe("DIALOG");
  });
});

describe("requests on a rental", () => {
  it.each([
    ["nl", "Huuraanvraag indienen", "De huurwaarborg bedraagt 3 maanden huur (€ 2.550)."],
    ["fr", "Introduire une candidature", "La garantie locative s'élève à 3 mois de loyer (2\u202f550\u00a0€)."],
    ["en", "Apply to rent", "The rental deposit amounts to 3 months' rent (€2,550)."],
    ["de", "Als Mieter bewerben", "Die Mietkaution beträgt 3 Monatsmieten (2.550\u00a0€)."],
  ])("%s: the application carries the 3-months deposit notice", async (lang, name, text) => {
    const page = withProperty(propertyNl, { goal: "rent", price: { amount: 850, published: true, startingFrom: false, text: "€ 850 / maand" } }, lang);
    renderDetail(<PropertyPage site={site} page={page} />, lang);
    expect(screen.queryByRole("button", { name: { nl: "Bod uitbrengen", fr: "Faire une offre", en: "Make an offer", de: "Angebot abgeben" }[lang] })).toBeNull();
    const { open } = await request(name);
    expect(lastForm()).toMatchObject({ form: "rent-application", fixed: { property: 4512 } });
    expect(notice(open)).toBe(text);
  });
});

describe("listings that are no longer on offer", () => {
  it("fr: a sold listing keeps information, documents and a friend, but no visit nor offer", async () => {
    renderDetail(<PropertyPage site={site} page={propertyFr} />, "fr");
    const actions = screen.getByRole("region", { name: "Ce bien vous intéresse\u202f?" });
    expect(within(actions).getAllByRole("button").map((b) => b.textContent)).toEqual(["Demander des informations"]);
    expect(screen.queryByRole("button", { name: "Réserver une visite" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Faire une offre" })).toBeNull();
    const { open } = await request("Demander les documents");
    expect(within(open).getByRole("heading", { name: "Demander les documents" })).toBeTruthy();
    expect(within(open).getByText("Chalet à vendre à Bouillon – réf. 4512")).toBeTruthy();
  });

  it("nl: a rented listing cannot be applied for", () => {
    renderDetail(<PropertyPage site={site} page={withProperty(propertyNl, { goal: "rent", status: "rented" })} />, "nl");
    expect(screen.queryByRole("button", { name: "Huuraanvraag indienen" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Bezoek plannen" })).toBeNull();
  });

  it("nl: a withdrawn listing offers no request at all", () => {
    renderDetail(<PropertyPage site={site} page={withProperty(propertyNl, { withdrawn: true })} />, "nl");
    expect(screen.queryByRole("button", { name: "Informatie aanvragen" })).toBeNull();
    expect(document.querySelector("dialog")).toBeNull();
  });
});

describe("the forms' code", () => {
  it("is fetched when the dialog opens, behind a loading status", async () => {
    renderDetail(<PropertyPage site={site} page={propertyNl} />, "nl");
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Informatie aanvragen" }));
    await waitFor(() => expect(within(dialog()).getByRole("form")).toBeTruthy());
  });
});
