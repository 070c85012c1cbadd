import { screen, waitFor, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SiteContext } from "../../app/context";
import { testSite } from "../../app/testing";
import { LeadForm } from "./LeadForm";
import { messages } from "./spec";
import { defineStubAltcha, renderForm, stubPayload } from "./testing";

vi.mock("./altchaWidget", () => ({ loadAltcha: async () => defineStubAltcha() }));

// The towns index as the search API answers it: towns whose name starts with the query, whatever the case.
vi.mock("../../lib/search/client", () => {
  const towns = [
    { name: "Bertrix", zip: "6880" },
    { name: "Bouillon", zip: "6830" },
  ];
  return {
    createSearchClient: () => ({
      search: async ({ requests }: { requests: { indexName: string; query: string }[] }) => ({
        results: requests.map((r) => ({ hits: towns.filter((t) => t.name.toLowerCase().startsWith(r.query.toLowerCase())) })),
      }),
    }),
  };
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

/** A fetch stub that answers once with `response` and records the request. */
function serverAnswers(response: Response | Error | Promise<Response>) {
  const calls: { url: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse(String(init.body)) as Record<string, unknown> });
      if (response instanceof Error) throw response;
      return response;
    }),
  );
  return calls;
}

/** The field's error text, found through its aria-describedby as a screen reader would. */
function errorOf(control: HTMLElement): string {
  expect(control.getAttribute("aria-invalid")).toBe("true");
  const ids = (control.getAttribute("aria-describedby") ?? "").split(" ");
  const error = ids.map((id) => document.getElementById(id)).find((el) => el?.classList.contains("lead-form__error"));
  return error?.textContent ?? "";
}

/** Sends the office contact form (nl) with nothing filled in; returns once it answers with the alert about the fields in red. */
async function sendEmptySiteContactNl() {
  const calls = serverAnswers(answer(201, {}));
  renderForm(<LeadForm form="site-contact" />, "nl");
  const user = userEvent.setup();
  await user.click(screen.getByRole("button", { name: "Verzenden" }));
  const alert = await screen.findByRole("alert");
  await waitFor(() => expect(alert.textContent).toBe("Contactformulier mislukt: gegevens niet verzonden, controleer de rode velden"));
  return { calls, user, alert };
}

async function fillSiteContactNl(user: UserEvent) {
  await user.selectOptions(screen.getByLabelText(/^Aanspreking/), "ms");
  await user.type(screen.getByLabelText(/^Voornaam/), "Els");
  await user.type(screen.getByLabelText(/^Naam/), "Peeters");
  await user.type(screen.getByLabelText(/^E-mail\b/), "els@example.be");
  await user.type(screen.getByLabelText(/^Telefoon/), "0475 12 34 56");
  await user.type(screen.getByLabelText(/^Straat en nummer/), "Grand-Rue 24");
  await user.type(screen.getByLabelText(/^Postcode/), "6800");
  await user.type(screen.getByLabelText(/^Gemeente/), "Libramont");
  await user.type(screen.getByLabelText(/^Uw vraag/), "Is het kantoor zaterdag open?");
  await user.click(screen.getByRole("checkbox", { name: /privacyverklaring/ }));
}

describe("LeadForm", () => {
  // The office contact asks a name, an e-mail address or a phone number, and the message: not the title or an address.
  it("nl: shows each required field's message in red, the alert above, and focuses the first", async () => {
    const { calls } = await sendEmptySiteContactNl();
    const firstName = screen.getByLabelText(/^Voornaam/);
    expect(errorOf(firstName)).toBe("Dit veld is verplicht.");
    await waitFor(() => expect(document.activeElement).toBe(firstName));
    for (const label of [/^Naam/, /^Uw vraag/]) {
      expect(errorOf(screen.getByLabelText(label)), String(label)).toBe("Dit veld is verplicht.");
    }
    for (const label of [/^E-mail\b/, /^Telefoon/]) {
      expect(errorOf(screen.getByLabelText(label)), String(label)).toBe("Vul uw e-mailadres of uw telefoonnummer in.");
    }
    for (const label of [/^Aanspreking/, /^Straat en nummer/, /^Postcode/, /^Gemeente/]) {
      const control = screen.getByLabelText(label);
      expect(control.getAttribute("aria-invalid"), String(label)).toBeNull();
      expect(control.getAttribute("aria-required"), String(label)).toBeNull();
    }
    expect(errorOf(screen.getByRole("checkbox", { name: /privacyverklaring/ }))).toBe("Vink dit vakje aan om verder te gaan.");
    expect(screen.getAllByText("Dit veld is verplicht.")[0]!.className).toBe("lead-form__error");
    expect(calls).toHaveLength(0);
  });

  it("fr: required and e-mail messages in French, and they clear once fixed", async () => {
    serverAnswers(answer(201, {}));
    renderForm(<LeadForm form="sign-newsletter" />, "fr");
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^E-mail/), "jan@");
    await user.click(screen.getByRole("button", { name: "S'inscrire" }));

    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(messages.fr!.failed));
    const email = screen.getByLabelText(/^E-mail/);
    expect(errorOf(email)).toBe("Indiquez une adresse e-mail valide.");
    expect(errorOf(screen.getByRole("checkbox", { name: /déclaration de confidentialité/ }))).toBe("Cochez cette case pour continuer.");
    expect(screen.getByLabelText(/^Prénom/).getAttribute("aria-invalid")).toBeNull();

    await user.type(email, "example.be");
    await waitFor(() => expect(email.getAttribute("aria-invalid")).toBeNull());
  });

  it("links the privacy statement of the page's language in a new tab", () => {
    renderForm(
      <SiteContext.Provider value={testSite()}>
        <LeadForm form="sign-newsletter" />
      </SiteContext.Provider>,
      "fr",
    );
    const checkbox = screen.getByRole("checkbox", { name: /déclaration de confidentialité/ });
    expect(checkbox.getAttribute("aria-required")).toBe("true");
    const link = screen.getByRole("link", { name: /déclaration de confidentialité/ });
    expect(link.getAttribute("href")).toBe("/fr/privacy-statement/");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.closest("label")?.textContent).toBe("J'ai lu et j'accepte la déclaration de confidentialité. (s'ouvre dans un nouvel onglet)*");
  });

  it("nl: mismatched passwords on demand-register", async () => {
    serverAnswers(answer(201, {}));
    renderForm(<LeadForm form="demand-register" typeOptions={[{ value: "82", label: "Woning" }]} />, "nl");
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Wachtwoord/), "geheim123");
    await user.type(screen.getByLabelText(/^Bevestig het wachtwoord/), "geheim124");
    await user.click(screen.getByRole("button", { name: "Hou mij op de hoogte" }));
    await screen.findByText("Contactformulier mislukt: gegevens niet verzonden, controleer de rode velden");
    expect(errorOf(screen.getByLabelText(/^Bevestig het wachtwoord/))).toBe("De wachtwoorden komen niet overeen.");
    expect(screen.getByLabelText(/^Wachtwoord/).getAttribute("aria-invalid")).toBeNull();
    expect(errorOf(screen.getByRole("checkbox", { name: "Woning" }))).toBe("Kies er minstens één.");
    expect(errorOf(screen.getByLabelText(/^Postcodes of gemeenten/))).toBe("Geef minstens één postcode op of teken een zone op de kaart.");
  });

  it("nl: offers an area on the map next to the postcodes, without loading the map", async () => {
    renderForm(<LeadForm form="demand-register" typeOptions={[{ value: "82", label: "Woning" }]} />, "nl");
    const search = screen.getByRole("group", { name: "Wat zoekt u?" });
    const picker = within(search).getByRole("group", { name: "Of teken de zone waarin u zoekt" });
    expect(within(picker).getByText("Geen zone getekend").getAttribute("aria-live")).toBe("polite");
    const open = within(picker).getByRole("button", { name: "Teken een zone op de kaart" });
    expect(open.getAttribute("aria-expanded")).toBe("false");
    // The postcodes stay the keyboard way, and no longer claim to be required on their own.
    expect(within(search).getByLabelText(/^Postcodes of gemeenten/).getAttribute("aria-required")).toBeNull();
  });

  it("sends the body of the contract and goes to the thank-you page on 201", async () => {
    const calls = serverAnswers(answer(201, { id: "42", redirect: "/nl/bedankt/site-contact/" }));
    renderForm(<LeadForm form="site-contact" />, "nl");
    const user = userEvent.setup();
    await fillSiteContactNl(user);
    await user.click(screen.getByRole("checkbox", { name: /Voormiddag/ }));
    await user.click(screen.getByRole("button", { name: "Verzenden" }));

    expect(await screen.findByText("landed on /nl/bedankt/site-contact/")).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe("/api/forms/site-contact?lang=nl");
    expect(calls[0]!.body).toEqual({
      lang: "nl",
      altcha: stubPayload,
      fax: "",
      fields: {
        title: "ms",
        firstName: "Els",
        lastName: "Peeters",
        email: "els@example.be",
        phone: "0475 12 34 56",
        street: "Grand-Rue 24",
        zip: "6800",
        city: "Libramont",
        remark: "Is het kantoor zaterdag open?",
        timeSlots: ["morning"],
        contactBy: "",
        privacy: true,
      },
    });
  });

  it("hides fixed fields but sends them, with defaults and omitted fields", async () => {
    const calls = serverAnswers(answer(201, { id: "7", redirect: "/fr/merci/contact-me/" }));
    const onSubmitted = vi.fn();
    renderForm(
      <LeadForm form="contact-me" fixed={{ property: 4321 }} defaults={{ request: "visit" }} omit={["timeSlots", "contactBy", "email"]} onSubmitted={onSubmitted} />,
      "fr",
    );
    expect(screen.queryByLabelText(/^Bien/)).toBeNull();
    expect(screen.queryByRole("group", { name: /Quand pouvons-nous/ })).toBeNull();
    expect(screen.getByLabelText(/^E-mail/)).toBeTruthy(); // required: never omitted
    expect((screen.getByLabelText(/^Votre demande/) as HTMLSelectElement).value).toBe("visit");

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText(/^Civilité/), "mr");
    await user.type(screen.getByLabelText(/^Prénom/), "Luc");
    await user.type(screen.getByLabelText(/^Nom/), "Dubois");
    await user.type(screen.getByLabelText(/^E-mail/), "luc@example.be");
    await user.type(screen.getByLabelText(/^Téléphone/), "+32 61 23 45 67");
    await user.type(screen.getByLabelText(/^Rue et numéro/), "Rue Haute 12");
    await user.type(screen.getByLabelText(/^Code postal/), "L-1234");
    await user.type(screen.getByLabelText(/^Localité/), "Luxembourg");
    await user.type(screen.getByLabelText(/^Votre message/), "Le jardin est-il clôturé\u202f?");
    await user.click(screen.getByRole("checkbox", { name: /déclaration de confidentialité/ }));
    await user.click(screen.getByRole("button", { name: "Envoyer" }));

    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith({ id: "7", redirect: "/fr/merci/contact-me/" }));
    const fields = calls[0]!.body.fields as Record<string, unknown>;
    expect(fields.property).toBe(4321);
    expect(fields.request).toBe("visit");
    expect(fields).not.toHaveProperty("timeSlots");
  });

  it("puts the server's 422 messages on the fields and the alert, keeping the values", async () => {
    serverAnswers(
      answer(422, {
        message: "Contactformulier mislukt: gegevens niet verzonden, controleer de rode velden",
        errors: { email: "Vul een geldig e-mailadres in.", altcha: "De antispamcontrole is mislukt: probeer het opnieuw." },
      }),
    );
    renderForm(<LeadForm form="site-contact" />, "nl");
    const user = userEvent.setup();
    await fillSiteContactNl(user);
    await user.click(screen.getByRole("button", { name: "Verzenden" }));

    const email = screen.getByLabelText(/^E-mail\b/);
    await waitFor(() => expect(errorOf(email)).toBe("Vul een geldig e-mailadres in."));
    await waitFor(() => expect(document.activeElement).toBe(email));
    const alert = screen.getByRole("alert");
    expect(within(alert).getByText("Contactformulier mislukt: gegevens niet verzonden, controleer de rode velden")).toBeTruthy();
    expect(within(alert).getByText("De antispamcontrole is mislukt: probeer het opnieuw.")).toBeTruthy();
    expect((email as HTMLInputElement).value).toBe("els@example.be");
  });

  it("tells a rate-limited visitor to wait a minute (429)", async () => {
    serverAnswers(answer(429, { message: "too many" }));
    renderForm(<LeadForm form="site-contact" />, "nl");
    const user = userEvent.setup();
    await fillSiteContactNl(user);
    await user.click(screen.getByRole("button", { name: "Verzenden" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Te veel aanvragen: probeer het over een minuut opnieuw."));
  });

  it.each([
    ["a network error", new TypeError("Failed to fetch")],
    ["a 503", answer(503, { message: "down" })],
  ])("keeps every value after %s and says the mail was not sent", async (_name, failure) => {
    serverAnswers(failure);
    renderForm(<LeadForm form="site-contact" />, "nl");
    const user = userEvent.setup();
    await fillSiteContactNl(user);
    await user.click(screen.getByRole("button", { name: "Verzenden" }));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe("Uw vraag kon niet verzonden worden. Probeer het opnieuw: wat u invulde, blijft bewaard."),
    );
    expect((screen.getByLabelText(/^Voornaam/) as HTMLInputElement).value).toBe("Els");
    expect((screen.getByLabelText(/^Uw vraag/) as HTMLTextAreaElement).value).toBe("Is het kantoor zaterdag open?");
    expect((screen.getByRole("checkbox", { name: /privacyverklaring/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole("button", { name: "Verzenden" }).hasAttribute("disabled")).toBe(false);
  });

  it("disables the button and marks it busy while sending", async () => {
    let release!: (r: Response) => void;
    serverAnswers(new Promise<Response>((resolve) => (release = resolve)));
    renderForm(<LeadForm form="site-contact" />, "nl");
    const user = userEvent.setup();
    await fillSiteContactNl(user);
    await user.click(screen.getByRole("button", { name: "Verzenden" }));
    const busy = await screen.findByRole("button", { name: "Bezig met verzenden…" });
    expect(busy.hasAttribute("disabled")).toBe(true);
    expect(busy.getAttribute("aria-busy")).toBe("true");
    release(answer(201, { id: "1", redirect: "/nl/bedankt/site-contact/" }));
    expect(await screen.findByText("landed on /nl/bedankt/site-contact/")).toBeTruthy();
  });

  it("sends the honeypot as the server needs it", async () => {
    const calls = serverAnswers(answer(422, { message: "x", errors: {} }));
    const { container } = renderForm(<LeadForm form="site-contact" />, "nl");
    const trap = container.querySelector<HTMLInputElement>('input[name="fax"]')!;
    expect(trap.tabIndex).toBe(-1);
    expect(trap.getAttribute("autocomplete")).toBe("off");
    expect(trap.closest("[aria-hidden='true']")).toBeTruthy();
    const user = userEvent.setup();
    await fillSiteContactNl(user);
    trap.value = "robot";
    await user.click(screen.getByRole("button", { name: "Verzenden" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body.fax).toBe("robot");
  });

  it("takes zones as postcode chips: Enter and comma add, each chip removable by keyboard", async () => {
    renderForm(<LeadForm form="demand-register" />, "nl");
    const user = userEvent.setup();
    const zones = screen.getByLabelText(/^Postcodes of gemeenten/);
    await user.type(zones, "6800{Enter}6600,6700,");
    const chips = screen.getByRole("list", { name: /gekozen/ });
    expect(within(chips).getAllByRole("listitem").map((li) => li.firstChild?.textContent)).toEqual(["6800", "6600", "6700"]);
    const remove = within(chips).getByRole("button", { name: "6600 verwijderen" });
    remove.focus();
    await user.keyboard("{Enter}");
    expect(within(chips).getAllByRole("listitem").map((li) => li.firstChild?.textContent)).toEqual(["6800", "6700"]);
    expect(screen.getByText("6600 verwijderd")).toBeTruthy();
  });

  it("nl: the alert about the fields in red goes once they are fixed, without sending again", async () => {
    const { calls, user, alert } = await sendEmptySiteContactNl();

    await user.type(screen.getByLabelText(/^Voornaam/), "Els");
    await user.type(screen.getByLabelText(/^Naam/), "Peeters");
    await user.type(screen.getByLabelText(/^Telefoon/), "0475 12 34 56");
    await user.type(screen.getByLabelText(/^Uw vraag/), "Bent u zaterdag open?");
    // One field is still in red: the alert stays.
    expect(alert.textContent).not.toBe("");
    await user.click(screen.getByRole("checkbox", { name: /privacyverklaring/ }));
    await waitFor(() => expect(alert.textContent).toBe(""));
    // The phone made the e-mail address optional too.
    expect(screen.getByLabelText(/^E-mail\b/).getAttribute("aria-invalid")).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it("nl: suggests the towns of the index for the postcodes, and names a town it does not know", async () => {
    serverAnswers(answer(201, {}));
    renderForm(<LeadForm form="demand-register" typeOptions={[{ value: "82", label: "Woning" }]} />, "nl");
    const user = userEvent.setup();
    const zones = screen.getByLabelText(/^Postcodes of gemeenten/);
    expect(zones.getAttribute("inputmode")).toBeNull(); // town names are typed too
    await user.type(zones, "bert");
    const list = document.getElementById(zones.getAttribute("list") ?? "")!;
    await waitFor(() => expect([...list.querySelectorAll("option")].map((o) => [o.value, o.textContent])).toEqual([["Bertrix", "6880"]]));
    await user.type(zones, "rix{Enter}l 1234{Enter}Nergensdorp{Enter}");
    const chips = screen.getByRole("list", { name: /gekozen/ });
    expect(within(chips).getAllByRole("listitem").map((li) => li.firstChild?.textContent)).toEqual(["bertrix", "L-1234", "Nergensdorp"]);
    await user.click(screen.getByRole("button", { name: "Hou mij op de hoogte" }));
    await waitFor(() =>
      expect(errorOf(zones)).toBe("De gemeente ‘Nergensdorp’ kennen we niet: kies een van de suggesties of vul de postcode in."),
    );
  });

  it("offers the visit slots as radio buttons in the page's language", async () => {
    renderForm(
      <LeadForm
        form="contact-appointment"
        fixed={{ property: 12 }}
        slots={[
          { id: "101", start: "2026-12-01T09:00:00Z", end: "2026-12-01T09:30:00Z", free: 2 },
          { id: "102", start: "2026-12-01T10:00:00Z", end: "2026-12-01T10:30:00Z", free: 0 },
        ]}
      />,
      "nl",
    );
    const group = screen.getByRole("group", { name: /Kies een tijdstip/ });
    const radios = within(group).getAllByRole("radio");
    expect(radios).toHaveLength(2);
    expect(radios[0]!.closest("li")?.textContent).toMatch(/dinsdag 1 december.*10:00.*10:30/);
    expect(radios[1]!.closest("li")?.textContent).toContain("De afspraken zijn volzet");
  });

  it("shows time slots as a fieldset of checkboxes, the afternoon from 13:00 in Dutch", () => {
    renderForm(<LeadForm form="site-contact" />, "nl");
    const group = screen.getByRole("group", { name: "Wanneer kunnen we u het best bereiken?" });
    expect(within(group).getAllByRole("checkbox").map((c) => c.closest("li")?.textContent)).toEqual([
      "Voormiddag (10:00–13:00)",
      "Namiddag (13:00–16:00)",
      "Avond (16:00–19:00)",
    ]);
  });
});
