import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { accountSite, portalNl, renderAt, stubApi, type Reply } from "../../features/account/testing";
import type { MediaChartProps } from "./MediaChart";
import type { ViewsChartProps } from "./ViewsChart";
import { OwnerPortalPage, selectedProperty } from "./OwnerPortalPage";
import { chaletDetail, properties, villaDetail, villaPlatform } from "./testing";

// Stands in for the Chart.js chunk (jsdom has no canvas) and records when it is loaded.
const chartModule = vi.hoisted(() => ({ loaded: 0 }));
vi.mock("./ViewsChart", () => {
  chartModule.loaded++;
  return {
    default: ({ summary }: ViewsChartProps) => <canvas role="img" aria-label={summary} />,
  };
});
vi.mock("./MediaChart", () => ({
  default: ({ summary, series }: MediaChartProps) => <canvas role="img" aria-label={summary} data-series={series.map((s) => s.label).join("|")} />,
}));

function api(detail: (id: string) => Reply | undefined = () => undefined) {
  return stubApi((c) => {
    if (c.url === "/api/owner/properties?lang=nl") return [200, properties];
    const m = /^\/api\/owner\/properties\/(\d+)\?lang=nl$/.exec(c.url);
    if (m?.[1]) return detail(m[1]);
    if (c.url === "/api/account/logout") return [200, { redirect: "/nl/login/" }];
    return undefined;
  });
}

const details = (id: string): Reply | undefined =>
  id === "12" ? [200, villaDetail] : id === "40" ? [200, chaletDetail] : [404, { message: "Pand niet gevonden." }];

function renderPortal(search = "") {
  return renderAt(<OwnerPortalPage site={accountSite} page={portalNl} />, "nl", `/nl/eigenaars/portaal/${search}`);
}

describe("selectedProperty", () => {
  it("is a positive whole id, else all", () => {
    expect(selectedProperty("12")).toBe(12);
    expect(selectedProperty(null)).toBeNull();
    for (const bad of ["", "0", "-1", "1.5", "12abc", "all"]) expect(selectedProperty(bad)).toBeNull();
  });
});

describe("OwnerPortalPage", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("lists every property with today, this week, this month and total, without loading the chart", async () => {
    api();
    renderPortal();
    expect(screen.getByRole("heading", { level: 1, name: "Mijn panden" })).toBeTruthy();
    const table = await screen.findByRole("table", { name: "Alle panden" });
    const rows = within(table).getAllByRole("row");
    expect(rows.map((r) => r.textContent)).toEqual([
      "PandStatusPrijsVandaagDeze weekDeze maandTotaal",
      "Villa – DurbuyDurbuyBeschikbaar€ 325.000317641.234",
      "Chalet – BouillonBouillonVerkochtPrijs op aanvraag029410",
    ]);
    expect(screen.getByRole("heading", { level: 2, name: "Alle panden" })).toBeTruthy();
    const select = screen.getByRole("combobox", { name: "Pand" });
    expect(within(select).getAllByRole("option").map((o) => o.textContent)).toEqual(["Alle panden", "Villa – Durbuy", "Chalet – Bouillon"]);
    expect(chartModule.loaded).toBe(0);
  });

  it("shows one property's figures, chart with its table, sources, appointments, history and documents", async () => {
    api(details);
    renderPortal("?property=12");
    expect(await screen.findByRole("heading", { level: 2, name: "Villa – Durbuy" })).toBeTruthy();
    expect((screen.getByRole("combobox", { name: "Pand" }) as HTMLSelectElement).value).toBe("12");

    const figures = screen.getByRole("region", { name: "Bezoeken op deze website" });
    expect(within(figures).getAllByRole("term").map((t) => t.textContent)).toEqual(["Vandaag", "Deze week", "Deze maand", "Totaal"]);
    expect(within(figures).getAllByRole("definition").map((d) => d.textContent)).toEqual(["3", "17", "64", "1.234"]);

    const chart = await screen.findByRole("img", { name: /^Staafdiagram van de bezoeken per dag/ });
    expect(chart.getAttribute("aria-label")).toBe(
      "Staafdiagram van de bezoeken per dag van za 24 oktober 2026 tot zo 22 november 2026: 465 in totaal, hoogstens 30 op één dag.",
    );
    expect(chartModule.loaded).toBe(1);
    const days = screen.getByRole("table", { name: "Bezoeken op deze website in de laatste 30 dagen", hidden: true });
    const dayRows = within(days).getAllByRole("row", { hidden: true });
    expect(dayRows).toHaveLength(31);
    expect(dayRows[1]?.textContent).toBe("za 24 oktober 20261");
    expect(dayRows[30]?.textContent).toBe("zo 22 november 202630");

    const sources = screen.getByRole("table", { name: "Online mediabronnen" });
    expect(within(sources).getAllByRole("rowheader").map((c) => c.textContent)).toEqual(["Immoweb", "Onze website", "Nieuwsbrief", "tiktok"]);

    const appointments = screen.getByRole("table", { name: "Afspraken" });
    expect(within(appointments).getAllByRole("row").map((r) => r.textContent)).toEqual([
      "Datum en uurStatus",
      "za 28 nov 2026, 10:00–10:30Gepland",
      "za 14 nov 2026, 10:00–10:30Voorbij",
    ]);

    const kinds = screen.getByRole("table", { name: "Aanvragen per soort" });
    expect(within(kinds).getAllByRole("row").map((r) => r.textContent)).toEqual([
      "AanvraagAantal",
      "Vraag om info2",
      "Bezoek geboekt1",
      "Naar een vriend gestuurd1",
    ]);

    const history = screen.getByRole("table", { name: "Communicatiegeschiedenis" });
    expect(within(history).getAllByRole("columnheader").map((c) => c.textContent)).toEqual(["Datum", "Soort", "Bron", "Status"]);
    const entries = within(history).getAllByRole("row").slice(1).map((r) => within(r).getAllByRole("cell").map((c) => c.textContent));
    expect(entries).toEqual([
      ["20 nov 2026 15:05", "Bezoek geboekt", "Onze website", "Doorgegeven"],
      ["19 nov 2026 11:00", "Vraag om info", "Onze website", "In behandeling"],
      ["18 nov 2026 09:00", "Naar een vriend gestuurd", "Onze website", "Doorgegeven"],
      ["12 nov 2026 17:30", "Vraag om info", "Onze website", "Ontvangen"],
    ]);
    expect(screen.getByText("Het kantoor beantwoordt elke aanvraag: wie iets vroeg en wat die schreef, blijft bij het kantoor.")).toBeTruthy();

    expect(screen.getByRole("link", { name: "EPC-attest" }).getAttribute("href")).toBe("/documents/12/epc.pdf");
    expect(screen.getByRole("link", { name: "Bekijk het pand op de website" }).getAttribute("href")).toBe("/nl/te-koop/durbuy/villa/12/");
    const headings = screen.getAllByRole("heading").map((h) => `${h.tagName}:${h.textContent}`);
    expect(headings).toEqual([
      "H1:Mijn panden",
      "H2:Villa – Durbuy",
      "H3:Bezoeken op deze website",
      "H3:Bezoeken op deze website in de laatste 30 dagen",
      "H3:Online mediabronnen",
      "H3:Statistieken van het kantoor",
      "H4:Bezoeken volgens het platform",
      "H4:Bezoeken per medium in de laatste 30 dagen",
      "H4:Waar het pand online stond",
      "H4:Afspraken in de agenda van het kantoor",
      "H4:Communicatie van het kantoor",
      "H3:Afspraken",
      "H3:Aanvragen per soort",
      "H3:Communicatiegeschiedenis",
      "H3:Documenten",
    ]);
  });

  it("shows only when, what, where from and how far, even when an older server sends who and what they wrote", async () => {
    // The fields the owner API carried before it was cut to an allow-list.
    const visitor = { name: "Zorglub Peeters", contact: "Zorglub Peeters", subject: "Bezoek villa", comment: "Bel me op 0471 93 57 00." };
    const leaky = {
      ...villaDetail,
      appointments: villaDetail.appointments.map((a) => ({ ...a, ...visitor })),
      history: villaDetail.history.map((h) => ({ ...h, ...visitor })),
    };
    api((id) => (id === "12" ? [200, leaky] : undefined));
    renderPortal("?property=12");
    await screen.findByRole("table", { name: "Communicatiegeschiedenis" });
    const text = document.body.textContent ?? "";
    for (const typed of Object.values(visitor)) expect(text).not.toContain(typed);
  });

  it("shows the empty states", async () => {
    api(details);
    renderPortal("?property=40");
    expect(await screen.findByText("Geen documenten")).toBeTruthy();
    expect(screen.getByText("Nog geen afspraken")).toBeTruthy();
    expect(screen.getByText("Nog geen aanvragen")).toBeTruthy();
    expect(screen.getByText("Nog geen contacten")).toBeTruthy();
    expect(screen.getByText("Nog geen bezoeken geteld")).toBeTruthy();
    expect(screen.getByText("Dit pand staat niet meer op de website.")).toBeTruthy();
    // Its platform has no statistics (null): nothing of it shows.
    expect(screen.queryByRole("region", { name: "Statistieken van het kantoor" })).toBeNull();
  });

  it("shows the listing platform's statistics apart from the site's own: counts, views per medium, online media, calendar and contacts", async () => {
    api(details);
    renderPortal("?property=12");
    const platform = await screen.findByRole("region", { name: "Statistieken van het kantoor" });
    expect(within(platform).getByText("Cijfers van het publicatieplatform van het kantoor, bijgewerkt op 23 nov 2026 om 06:15.")).toBeTruthy();

    const figures = within(platform).getByRole("group", { name: "Bezoeken volgens het platform" });
    expect(within(figures).getAllByRole("definition").map((d) => d.textContent)).toEqual(["7", "41", "160", "2.480"]);

    const legend = within(platform).getByRole("list", { name: "Media en hun bezoeken in 30 dagen" });
    expect(within(legend).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["Immoweb 60", "Zimmo 15", "Website kantoor 3"]);
    const chart = await within(platform).findByRole("img", { name: /^Gestapeld staafdiagram/ });
    expect(chart.getAttribute("aria-label")).toBe(
      "Gestapeld staafdiagram van de bezoeken per dag en medium van za 24 oktober 2026 tot zo 22 november 2026: 78 in totaal, waarvan 60 op Immoweb, 15 op Zimmo en 3 op Website kantoor.",
    );
    expect(chart.getAttribute("data-series")).toBe("Immoweb|Zimmo|Website kantoor");

    const days = within(platform).getByRole("table", { name: "Bezoeken per medium in de laatste 30 dagen", hidden: true });
    const rows = within(days).getAllByRole("row", { hidden: true });
    expect(rows).toHaveLength(32);
    expect(rows[0]?.textContent).toBe("DatumImmowebZimmoWebsite kantoorTotaal");
    expect(rows[1]?.textContent).toBe("za 24 oktober 20262103");
    expect(rows[31]?.textContent).toBe("Totaal6015378");

    const online = within(platform).getByRole("table", { name: "Waar het pand online stond" });
    expect(within(online).getAllByRole("row").map((r) => r.textContent)).toEqual([
      "MediumVanTot",
      "Website kantoor2 sep 2026Nog online",
      "Immoweb1 sep 2026Nog online",
      "Zimmo1 sep 202615 okt 2026",
    ]);

    const calendar = within(platform).getByRole("table", { name: "Afspraken in de agenda van het kantoor" });
    const calendarRows = () => within(calendar).getAllByRole("row").slice(1);
    expect(within(calendar).getAllByRole("columnheader").map((c) => c.textContent)).toEqual(["Datum", "Soort", "Status"]);
    expect(calendarRows().map((r) => within(r).getAllByRole("cell").map((c) => c.textContent))[0]).toEqual([
      "21 nov 2026 10:00",
      "Bezichtiging",
      "Gepland",
    ]);
    expect(calendarRows()).toHaveLength(5);
    const user = userEvent.setup();
    const more = within(platform).getByRole("button", { name: "Toon alle 7" });
    expect(more.getAttribute("aria-expanded")).toBe("false");
    await user.click(more);
    expect(calendarRows()).toHaveLength(7);
    expect(within(platform).getByRole("button", { name: "Toon minder" }).getAttribute("aria-expanded")).toBe("true");

    const contacts = within(platform).getByRole("table", { name: "Communicatie van het kantoor" });
    expect(within(contacts).getAllByRole("row").map((r) => r.textContent)).toEqual([
      "DatumSoort",
      "20 nov 2026 14:00E-mail naar eigenaar",
      "2 nov 2026 09:30Telefoongesprek",
    ]);
    expect(within(platform).queryAllByRole("button")).toHaveLength(1);
  });

  it("shows no platform section when an older server sends no platform field", async () => {
    const older: Partial<typeof villaDetail> = { ...villaDetail };
    delete older.platform;
    api((id) => (id === "12" ? [200, older] : undefined));
    renderPortal("?property=12");
    await screen.findByRole("table", { name: "Online mediabronnen" });
    expect(screen.queryByRole("region", { name: "Statistieken van het kantoor" })).toBeNull();
    expect(screen.queryByText(/platform/)).toBeNull();
  });

  it("says what the platform has not reported yet", async () => {
    const empty = { ...villaDetail, platform: { ...villaPlatform, fetchedAt: "", media: [], online: [], calendar: [], communication: [] } };
    api((id) => (id === "12" ? [200, empty] : undefined));
    renderPortal("?property=12");
    const platform = await screen.findByRole("region", { name: "Statistieken van het kantoor" });
    expect(within(platform).getByText("Cijfers van het publicatieplatform van het kantoor.")).toBeTruthy();
    for (const text of ["Het platform telde nog geen bezoeken", "Het platform meldt nog geen publicaties", "Nog geen afspraken", "Nog geen communicatie"]) {
      expect(within(platform).getByText(text)).toBeTruthy();
    }
    expect(within(platform).queryByRole("img")).toBeNull();
  });

  it("puts the chosen property in the address and back to all", async () => {
    api(details);
    renderPortal();
    const user = userEvent.setup();
    const select = await screen.findByRole("combobox", { name: "Pand" });
    await screen.findByRole("option", { name: "Chalet – Bouillon" });
    await user.selectOptions(select, "40");
    expect(await screen.findByRole("heading", { level: 2, name: "Chalet – Bouillon" })).toBeTruthy();
    await user.selectOptions(select, "all");
    expect(await screen.findByRole("table", { name: "Alle panden" })).toBeTruthy();
  });

  it("opens a property from the list", async () => {
    api(details);
    renderPortal();
    await userEvent.setup().click(await screen.findByRole("link", { name: "Statistieken van Villa – Durbuy" }));
    expect(await screen.findByRole("heading", { level: 2, name: "Villa – Durbuy" })).toBeTruthy();
  });

  it("shows 'Property Not Found' for a property that is not the owner's", async () => {
    api(details);
    renderPortal("?property=99");
    expect(await screen.findByRole("heading", { level: 2, name: "Pand niet gevonden." })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Terug naar alle panden" })).toBeTruthy();
  });

  it("falls back to its own 'not found' text", async () => {
    api(() => [404, {}]);
    renderPortal("?property=99");
    expect(await screen.findByRole("heading", { level: 2, name: "Pand niet gevonden" })).toBeTruthy();
  });

  it("sends an expired session to the login page with next and expired=1", async () => {
    stubApi((c) => (c.url.startsWith("/api/owner/") ? [401, { message: "Sessie verlopen", expired: true }] : undefined));
    renderPortal("?property=12");
    expect(
      await screen.findByText(`landed on /nl/login/?next=${encodeURIComponent("/nl/eigenaars/portaal/?property=12")}&expired=1`),
    ).toBeTruthy();
  });

  it("sends someone without a session to the login page with next only", async () => {
    stubApi((c) => (c.url.startsWith("/api/owner/") ? [401, { message: "Niet aangemeld" }] : undefined));
    renderPortal();
    expect(await screen.findByText(`landed on /nl/login/?next=${encodeURIComponent("/nl/eigenaars/portaal/")}`)).toBeTruthy();
  });

  it("offers to try again when the figures cannot be read", async () => {
    let fail = true;
    stubApi((c) => (c.url === "/api/owner/properties?lang=nl" ? (fail ? [500, {}] : [200, properties]) : undefined));
    renderPortal();
    const retry = await screen.findByRole("button", { name: "Opnieuw proberen" });
    fail = false;
    await userEvent.setup().click(retry);
    expect(await screen.findByRole("table", { name: "Alle panden" })).toBeTruthy();
  });

  it("says why a searcher's account has no portal (403)", async () => {
    stubApi((c) => (c.url.startsWith("/api/owner/") ? [403, { message: "Dit is geen eigenaarsaccount." }] : undefined));
    renderPortal();
    expect((await screen.findByRole("alert")).textContent).toContain("Dit is geen eigenaarsaccount.");
  });

  it("logs out here or everywhere", async () => {
    const calls = api();
    renderPortal();
    await userEvent.setup().click(await screen.findByRole("button", { name: "Overal afmelden" }));
    expect(await screen.findByText("landed on /nl/login/")).toBeTruthy();
    await waitFor(() => expect(calls.find((c) => c.url === "/api/account/logout")?.body).toEqual({ lang: "nl", everywhere: true }));
  });
});
