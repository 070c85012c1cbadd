import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { structuralViolations } from "../../app/axe";
import { confirmFr, confirmNl, renderScreen, searchSite, stubServer } from "../my-search/testing";
import { DemandConfirmPage } from "./DemandConfirmPage";

afterEach(() => {
  vi.unstubAllGlobals();
});

beforeEach(() => {
  window.history.replaceState(null, "", "/");
});

/** The server: the account API's CSRF token, and the confirmation's answer. */
function server(status: number, body: unknown) {
  const stub = stubServer((_, url) => (url.startsWith("/api/account") ? [200, { csrf: "csrf-1", account: null }] : [status, body]));
  vi.stubGlobal("fetch", vi.fn(stub.fetch));
  return stub.calls;
}

/** Opens the page as the mail's link does: the token in the fragment. */
function open(page = confirmNl, hash = "#token=abc-DEF_123") {
  window.history.replaceState({ key: "k1", idx: 0 }, "", `${page.path}${hash}`);
  return renderScreen(<DemandConfirmPage site={searchSite} page={page} />, page.lang, page.path);
}

describe("DemandConfirmPage", () => {
  it("nl: confirms nothing on load (a mail scanner opening the link opens no account) and takes the token out of the address", () => {
    const calls = server(200, {});
    open();
    expect(calls).toHaveLength(0);
    expect(window.location.hash).toBe("");
    expect(screen.getByRole("heading", { level: 1, name: "Zoekprofiel bevestigen" })).toBeTruthy();
    expect(screen.getByText("Uw zoekaccount openen?")).toBeTruthy();
  });

  it("nl: the click POSTs the token with the CSRF header and shows the server's message and the login", async () => {
    const calls = server(200, { message: "Uw zoekaccount is geopend.", email: "jan@example.be", login: "/nl/login/" });
    open();
    await userEvent.setup().click(screen.getByRole("button", { name: "Mijn zoekprofiel bevestigen" }));
    expect((await screen.findByText("Uw zoekaccount is geopend.")).closest("[role=status]")).toBeTruthy();
    const post = calls.find((c) => c.method === "POST");
    expect(post).toMatchObject({ url: "/api/alerts/confirm", body: { token: "abc-DEF_123", lang: "nl" } });
    expect(Object.entries(post!.headers).find(([h]) => h.toLowerCase() === "x-csrf-token")?.[1]).toBe("csrf-1");
    expect(screen.getByRole("link", { name: "Aanmelden" }).getAttribute("href")).toBe("/nl/login/");
    expect(screen.queryByRole("button", { name: "Mijn zoekprofiel bevestigen" })).toBeNull();
  });

  it("fr: a spent or replaced link says so and offers to sign up again", async () => {
    server(400, { message: "Ce lien de confirmation n'est plus valable." });
    open(confirmFr);
    await userEvent.setup().click(screen.getByRole("button", { name: "Confirmer mon profil de recherche" }));
    expect((await screen.findByText("Ce lien de confirmation n'est plus valable.")).closest("[role=alert]")).toBeTruthy();
    expect(screen.getByRole("link", { name: "M'inscrire à nouveau" })).toBeTruthy();
  });

  it("nl: a link without a token says so at once", () => {
    server(500, {});
    open(confirmNl, "");
    expect(screen.getByText(/Deze link is niet meer geldig/)).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("passes axe-core", async () => {
    server(200, {});
    const { container } = open();
    document.documentElement.lang = "nl";
    expect(await structuralViolations(container)).toEqual([]);
  });
});
