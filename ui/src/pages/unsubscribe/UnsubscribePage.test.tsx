import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { structuralViolations } from "../../app/axe";
import { renderScreen, searchSite, stubServer, unsubscribeFr, unsubscribeNl } from "../my-search/testing";
import { UnsubscribePage } from "./UnsubscribePage";

afterEach(() => {
  vi.unstubAllGlobals();
});

beforeEach(() => {
  window.history.replaceState(null, "", "/");
});

function server(status: number, body: unknown) {
  const stub = stubServer(() => [status, body]);
  vi.stubGlobal("fetch", vi.fn(stub.fetch));
  return stub.calls;
}

/** Opens the page as the mail's link does: the token in the fragment. */
function open(page = unsubscribeNl, hash = "#token=v1.abc%2Bdef.sig") {
  window.history.replaceState({ key: "k1", idx: 0 }, "", `${page.path}${hash}`);
  return renderScreen(<UnsubscribePage site={searchSite} page={page} />, page.lang, page.path);
}

describe("UnsubscribePage", () => {
  it("nl: sends nothing on load, takes the token out of the address bar and keeps the history state", () => {
    const calls = server(200, { message: "ok" });
    open();
    expect(calls).toHaveLength(0);
    expect(window.location.hash).toBe("");
    expect(window.location.pathname).toBe("/nl/uitschrijven/");
    expect(window.history.state).toEqual({ key: "k1", idx: 0 });
    expect(screen.getByRole("heading", { level: 1, name: "Uitschrijven" })).toBeTruthy();
    expect(screen.getByText("De zoekmails voor deze zoekopdracht stopzetten?")).toBeTruthy();
  });

  it("nl: the click POSTs the token of the fragment with {lang} and no CSRF header, and shows the server's message", async () => {
    const calls = server(200, { message: "U bent uitgeschreven voor deze zoekmails." });
    open();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Zoekmails stopzetten" }));
    expect(await screen.findByText("U bent uitgeschreven voor deze zoekmails.")).toBeTruthy();
    expect(screen.getByText("U bent uitgeschreven voor deze zoekmails.").closest("[role=status]")).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: "POST", url: "/api/alerts/unsubscribe?token=v1.abc%2Bdef.sig", body: { lang: "nl" } });
    expect(Object.keys(calls[0]!.headers).map((h) => h.toLowerCase())).not.toContain("x-csrf-token");
    expect(screen.queryByRole("button", { name: "Zoekmails stopzetten" })).toBeNull();
  });

  it("fr: a 400 shows the server's message and the way to log in instead", async () => {
    server(400, { message: "Ce lien a expiré." });
    open(unsubscribeFr);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Arrêter les alertes" }));
    expect((await screen.findByText("Ce lien a expiré.")).closest("[role=alert]")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Me connecter plutôt pour modifier ma recherche" }).getAttribute("href")).toBe(
      "/fr/login/?next=%2Ffr%2Fmon-profil-de-recherche%2F",
    );
  });

  it("fr: a 400 without a message falls back to our own words", async () => {
    server(400, {});
    open(unsubscribeFr);
    await userEvent.setup().click(screen.getByRole("button", { name: "Arrêter les alertes" }));
    expect(await screen.findByText("Ce lien n'est plus valable. Connectez-vous pour arrêter ou modifier vos alertes.")).toBeTruthy();
  });

  it("nl: a link without a token says so at once and offers the login", () => {
    const calls = server(200, {});
    open(unsubscribeNl, "");
    expect(screen.getByText("Deze link is niet meer geldig. Meld u aan om uw zoekmails stop te zetten of te wijzigen.")).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByRole("link", { name: "Meld u liever aan om uw zoekopdracht te wijzigen" })).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("nl: a failure keeps the button to try again", async () => {
    server(500, {});
    open();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Zoekmails stopzetten" }));
    expect(await screen.findByText("Dat is niet gelukt. Probeer het zo meteen opnieuw.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Zoekmails stopzetten" })).toBeTruthy();
  });

  it("passes axe-core", async () => {
    server(200, {});
    const { container } = open();
    document.documentElement.lang = "nl";
    expect(await structuralViolations(container)).toEqual([]);
  });
});
