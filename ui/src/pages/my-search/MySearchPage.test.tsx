import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { structuralViolations } from "../../app/axe";
import type { Demand } from "../../lib/api/account";
import searchTextsFr from "../../locales/fr/search-profile.json";
import { MySearchPage } from "./MySearchPage";
import { demand, mySearchFr, mySearchNl, renderScreen, searchSite, stubServer } from "./testing";

// The map is the browser test's; here the lazy canvas is never opened.
vi.mock("../../features/forms/area/AreaMapCanvas", () => ({ default: () => null }));

afterEach(() => {
  vi.unstubAllGlobals();
});

const account = { csrf: "csrf-1", account: { kind: "searcher", email: "els@example.be", lang: "nl", home: "/nl/mijn-zoekprofiel/" } };

/** The server of a searcher: the demand, and changes answered with the demand as it then is. */
function searcherServer(start: Demand = demand(), overrides: (method: string, url: string, body: unknown) => [number, unknown] | null = () => null) {
  let current = start;
  const server = stubServer((method, url, body) => {
    const special = overrides(method, url, body);
    if (special) return special;
    if (url === "/api/account") return [200, account];
    if (method === "GET" && url.startsWith("/api/demand?")) return [200, current];
    const b = body as Record<string, unknown>;
    if (url === "/api/demand/pause") current = { ...current, paused: b.paused === true, unsubscribed: false };
    else if (url === "/api/demand/unsubscribe") current = { ...current, unsubscribed: true };
    else if (method === "PUT" && url === "/api/demand") current = { ...current, ...(b as Pick<Demand, "criteria" | "frequency">) };
    else return [404, { message: "not found" }];
    return [200, current];
  });
  vi.stubGlobal("fetch", vi.fn(server.fetch));
  return server.calls;
}

const changes = (calls: ReturnType<typeof searcherServer>) => calls.filter((c) => c.method !== "GET");

describe("MySearchPage", () => {
  it("nl: loads the demand in the page's language and shows its criteria and alert status", async () => {
    const calls = searcherServer();
    renderScreen(<MySearchPage site={searchSite} page={mySearchNl} />, "nl", mySearchNl.path);
    expect(screen.getByRole("heading", { level: 1, name: "Mijn zoekprofiel" })).toBeTruthy();
    expect(await screen.findByText("Uw zoekmails zijn actief")).toBeTruthy();
    expect(calls[0]).toMatchObject({ method: "GET", url: "/api/demand?lang=nl" });
    expect((screen.getByLabelText(/^Maximumprijs/) as HTMLInputElement).value).toBe("300000");
    expect((screen.getByLabelText(/^Minimumprijs/) as HTMLInputElement).value).toBe("");
    const types = screen.getByRole("group", { name: /Soorten panden/ });
    expect(within(types).getAllByRole("checkbox").map((c) => [c.closest("li")?.textContent, (c as HTMLInputElement).checked])).toEqual([
      ["Woning", true],
      ["Woning – Villa", false],
      ["Appartement", false],
    ]);
    expect(screen.getByRole("list", { name: /Postcodes/ }).textContent).toContain("6800");
    expect(screen.getByText("Geen zone getekend")).toBeTruthy();
    expect((screen.getByRole("radio", { name: "Zodra een pand past" }) as HTMLInputElement).checked).toBe(true);
  });

  it("nl: saves with PUT /api/demand, the body exactly the contract's, and says so in the status region", async () => {
    const calls = searcherServer();
    renderScreen(<MySearchPage site={searchSite} page={mySearchNl} />, "nl", mySearchNl.path);
    const user = userEvent.setup();
    const max = await screen.findByLabelText(/^Maximumprijs/);
    await user.clear(max);
    await user.type(max, "350000");
    await user.type(screen.getByLabelText(/^Badkamers/), "1");
    await user.click(screen.getByRole("checkbox", { name: "Appartement" }));
    await user.type(screen.getByRole("combobox", { name: /^Postcodes/ }), "6600{Enter}");
    await user.click(screen.getByRole("radio", { name: /Eén overzicht per dag/ }));
    await user.click(screen.getByRole("button", { name: "Zoekopdracht bewaren" }));

    expect(await screen.findByText("Uw zoekprofiel is bewaard.")).toBeTruthy();
    expect(screen.getByText("Uw zoekprofiel is bewaard.").closest("[role=status]")).toBeTruthy();
    const put = changes(calls);
    expect(put).toHaveLength(1);
    expect(put[0]!.method).toBe("PUT");
    expect(put[0]!.url).toBe("/api/demand");
    expect(put[0]!.headers["x-csrf-token"]).toBe("csrf-1");
    expect(put[0]!.body).toStrictEqual({
      criteria: {
        goal: "buy",
        budget: 280000,
        minPrice: 0,
        maxPrice: 350000,
        minRooms: 2,
        minBathrooms: 1,
        minGarages: 0,
        minParkings: 0,
        types: [82, 83],
        zips: ["6800", "6600"],
        area: [],
        timeSlots: ["morning"],
        newsletter: false,
        remark: "",
      },
      frequency: "daily",
      lang: "nl",
    });
  });

  it("nl: shows the budget given at sign-up, and saves a new one", async () => {
    const calls = searcherServer();
    renderScreen(<MySearchPage site={searchSite} page={mySearchNl} />, "nl", mySearchNl.path);
    const user = userEvent.setup();
    const budget = (await screen.findByLabelText(/^Budget/)) as HTMLInputElement;
    expect(budget.value).toBe("280000");
    await user.clear(budget);
    await user.type(budget, "260000");
    await user.click(screen.getByRole("button", { name: "Zoekopdracht bewaren" }));
    expect(await screen.findByText("Uw zoekprofiel is bewaard.")).toBeTruthy();
    expect((changes(calls)[0]!.body as { criteria: { budget: number } }).criteria.budget).toBe(260000);
  });

  it("fr: a town typed among the postcodes is saved as its postcode, shown once saved", async () => {
    const calls = searcherServer(demand(), (method, url, body) => {
      if (method !== "PUT" || url !== "/api/demand") return null;
      const b = body as Pick<Demand, "criteria" | "frequency">;
      // The server writes the towns as their postcodes.
      return [200, { ...demand(), ...b, criteria: { ...b.criteria, zips: b.criteria.zips.map((z) => (z === "Bertrix" ? "6880" : z)) } }];
    });
    renderScreen(<MySearchPage site={searchSite} page={mySearchFr} />, "fr", mySearchFr.path);
    const user = userEvent.setup();
    await user.type(await screen.findByRole("combobox", { name: /^Codes postaux/ }), "Bertrix{Enter}");
    await user.click(screen.getByRole("button", { name: "Enregistrer ma recherche" }));
    expect(await screen.findByText("Votre profil de recherche est enregistré.")).toBeTruthy();
    expect((changes(calls)[0]!.body as { criteria: { zips: string[] } }).criteria.zips).toEqual(["6800", "Bertrix"]);
    const chips = screen.getByRole("list", { name: /Codes postaux/ });
    expect(within(chips).getAllByRole("listitem").map((li) => li.firstChild?.textContent)).toEqual(["6800", "6880"]);
  });

  it("fr: the alert about the fields in red goes once they are fixed", async () => {
    const calls = searcherServer(demand({ criteria: { ...demand().criteria, zips: [] } }));
    renderScreen(<MySearchPage site={searchSite} page={mySearchFr} />, "fr", mySearchFr.path);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Enregistrer ma recherche" }));
    const alert = (await screen.findByText(/Votre recherche n'est pas enregistrée/)).closest("[role=alert]")!;
    await user.type(screen.getByRole("combobox", { name: /^Codes postaux/ }), "6830{Enter}");
    await waitFor(() => expect(alert.textContent).toBe(""));
    expect(changes(calls)).toHaveLength(0);
  });

  it("fr: an area instead of postcodes is sent as [lat, lng] points", async () => {
    const area: [number, number][] = [
      [49.9, 5.3],
      [50.0, 5.4],
      [49.95, 5.5],
    ];
    const calls = searcherServer(demand({ criteria: { ...demand().criteria, zips: [], area } }));
    renderScreen(<MySearchPage site={searchSite} page={mySearchFr} />, "fr", mySearchFr.path);
    const user = userEvent.setup();
    expect(await screen.findByText("Zone de 3 points")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Enregistrer ma recherche" }));
    expect(await screen.findByText("Votre profil de recherche est enregistré.")).toBeTruthy();
    const body = changes(calls)[0]!.body as { criteria: { zips: string[]; area: unknown } };
    expect(body.criteria.zips).toEqual([]);
    expect(body.criteria.area).toEqual(area);
  });

  it("fr: neither postcodes nor an area is refused in the browser with the spec's 'zone' message", async () => {
    const calls = searcherServer(demand({ criteria: { ...demand().criteria, zips: [] } }));
    renderScreen(<MySearchPage site={searchSite} page={mySearchFr} />, "fr", mySearchFr.path);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Enregistrer ma recherche" }));
    await waitFor(() => expect(screen.getByText(/^Votre recherche n'est pas enregistrée/).textContent).toBe(searchTextsFr.form.invalid));
    expect(screen.getByText("Indiquez au moins un code postal ou dessinez une zone sur la carte.")).toBeTruthy();
    expect(changes(calls)).toHaveLength(0);
  });

  it("nl: a 422 puts the server's errors on their fields (zips is the postcodes field)", async () => {
    searcherServer(demand(), (method, url) =>
      method === "PUT" && url === "/api/demand"
        ? [422, { message: "Controleer de velden.", errors: { maxPrice: "Te hoog.", zips: "Onbekende postcode.", other: "Iets anders." } }]
        : null,
    );
    renderScreen(<MySearchPage site={searchSite} page={mySearchNl} />, "nl", mySearchNl.path);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Zoekopdracht bewaren" }));
    expect(await screen.findByText("Controleer de velden.")).toBeTruthy();
    expect(screen.getByText("Te hoog.").className).toBe("lead-form__error");
    expect(screen.getByLabelText(/^Maximumprijs/).getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("combobox", { name: /^Postcodes/ }).getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Iets anders.").closest("[role=alert]")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Maximumprijs/)));
  });

  it("nl: pauses and resumes the alerts", async () => {
    const calls = searcherServer();
    renderScreen(<MySearchPage site={searchSite} page={mySearchNl} />, "nl", mySearchNl.path);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Zoekmails pauzeren" }));
    expect(await screen.findByText("Uw zoekmails zijn gepauzeerd")).toBeTruthy();
    expect(screen.getByText("Uw zoekmails zijn gepauzeerd.").closest("[role=status]")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Zoekmails hervatten" }));
    expect(await screen.findByText("Uw zoekmails zijn actief")).toBeTruthy();
    expect(changes(calls).map((c) => [c.method, c.url, c.body, c.headers["x-csrf-token"]])).toEqual([
      ["POST", "/api/demand/pause", { paused: true, lang: "nl" }, "csrf-1"],
      ["POST", "/api/demand/pause", { paused: false, lang: "nl" }, "csrf-1"],
    ]);
  });

  it("nl: unsubscribes only after the confirm step, and can subscribe again", async () => {
    const calls = searcherServer();
    renderScreen(<MySearchPage site={searchSite} page={mySearchNl} />, "nl", mySearchNl.path);
    const user = userEvent.setup();
    const stop = await screen.findByRole("button", { name: "Uitschrijven" });
    await user.click(stop);
    const question = screen.getByText(/Alle zoekmails voor deze zoekopdracht stopzetten\?/);
    expect(document.activeElement).toBe(question);
    await user.click(screen.getByRole("button", { name: "Annuleren" }));
    expect(changes(calls)).toHaveLength(0);
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Uitschrijven" }));

    await user.click(screen.getByRole("button", { name: "Uitschrijven" }));
    await user.click(screen.getByRole("button", { name: "Ja, uitschrijven" }));
    expect(await screen.findByText("U bent uitgeschreven voor de zoekmails")).toBeTruthy();
    expect(screen.getByText("U bent uitgeschreven: u ontvangt geen zoekmails meer.")).toBeTruthy();
    expect(changes(calls).map((c) => [c.url, c.body])).toEqual([["/api/demand/unsubscribe", { lang: "nl" }]]);

    await user.click(screen.getByRole("button", { name: "Opnieuw inschrijven" }));
    expect(await screen.findByText("Uw zoekmails zijn actief")).toBeTruthy();
    expect(changes(calls)[1]).toMatchObject({ url: "/api/demand/pause", body: { paused: false, lang: "nl" } });
  });

  it.each([
    [{ message: "Niet aangemeld" }, "landed on /nl/login/?next=%2Fnl%2Fmijn-zoekprofiel%2F"],
    [{ message: "Sessie verlopen", expired: true }, "landed on /nl/login/?next=%2Fnl%2Fmijn-zoekprofiel%2F&expired=1"],
  ])("a 401 sends the person to the login page and back (%o)", async (body, landed) => {
    searcherServer(demand(), (_method, url) => (url.startsWith("/api/demand") ? [401, body] : null));
    renderScreen(<MySearchPage site={searchSite} page={mySearchNl} />, "nl", mySearchNl.path);
    expect(await screen.findByText(landed)).toBeTruthy();
  });

  it("a 401 on saving sends the person to the login page too", async () => {
    searcherServer(demand(), (method) => (method === "PUT" ? [401, { message: "Sessie verlopen", expired: true }] : null));
    renderScreen(<MySearchPage site={searchSite} page={mySearchNl} />, "nl", mySearchNl.path);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Zoekopdracht bewaren" }));
    expect(await screen.findByText("landed on /nl/login/?next=%2Fnl%2Fmijn-zoekprofiel%2F&expired=1")).toBeTruthy();
  });

  it("fr: an owner's account is told this page is for search profiles, with a link to its own screen", async () => {
    searcherServer(demand(), (_method, url) => {
      if (url.startsWith("/api/demand")) return [403, { message: "Accès refusé" }];
      if (url === "/api/account") return [200, { csrf: "c", account: { kind: "owner", email: "o@example.be", lang: "fr", home: "/fr/proprietaires/portail/" } }];
      return null;
    });
    renderScreen(<MySearchPage site={searchSite} page={mySearchFr} />, "fr", mySearchFr.path);
    expect(await screen.findByText("Cette page est réservée aux profils de recherche.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Aller à votre compte" }).getAttribute("href")).toBe("/fr/proprietaires/portail/");
  });

  it("nl: logs out and goes where the server says", async () => {
    const calls = searcherServer(demand(), (_method, url) => (url === "/api/account/logout" ? [200, { redirect: "/nl/login/" }] : null));
    renderScreen(<MySearchPage site={searchSite} page={mySearchNl} />, "nl", mySearchNl.path);
    const user = userEvent.setup();
    await screen.findByText("Uw zoekmails zijn actief");
    const logout = screen.getAllByRole("button").find((b) => b.closest(".my-search__account"))!;
    await user.click(logout);
    expect(await screen.findByText("landed on /nl/login/")).toBeTruthy();
    expect(changes(calls)).toEqual([expect.objectContaining({ method: "POST", url: "/api/account/logout", body: { lang: "nl" } })]);
  });

  it("passes axe-core once loaded, with the map panel and the confirm step open", async () => {
    searcherServer(demand({ paused: true }));
    const { container } = renderScreen(
      <main>
        <MySearchPage site={searchSite} page={mySearchNl} />
      </main>,
      "nl",
      mySearchNl.path,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Teken een zone op de kaart" }));
    await user.click(screen.getByRole("button", { name: "Uitschrijven" }));
    document.documentElement.lang = "nl";
    expect(await structuralViolations(container)).toEqual([]);
  });
});
