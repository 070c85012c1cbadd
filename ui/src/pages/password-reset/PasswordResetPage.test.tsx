import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { accountSite, renderAt, resetFr, stubApi } from "../../features/account/testing";
import { PasswordResetPage } from "./PasswordResetPage";
import { tokenOf } from "./token";

function renderPage() {
  return renderAt(<PasswordResetPage site={accountSite} page={resetFr} />, "fr", resetFr.path);
}

async function fill(password: string, confirm: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("Nouveau mot de passe"), password);
  await user.type(screen.getByLabelText("Répétez le nouveau mot de passe"), confirm);
  await user.click(screen.getByRole("button", { name: "Enregistrer mon nouveau mot de passe" }));
}

describe("tokenOf", () => {
  it("reads token= from the fragment", () => {
    expect(tokenOf("#token=abc-123")).toBe("abc-123");
    expect(tokenOf("#x=1&token=t%2Bk")).toBe("t+k");
    expect(tokenOf("")).toBe("");
    expect(tokenOf("#token=")).toBe("");
  });
});

describe("PasswordResetPage", () => {
  beforeEach(() => {
    window.history.replaceState({ idx: 3 }, "", "/fr/login/nouveau-mot-de-passe/?x=1#token=secret-token");
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, "", "/");
  });

  it("reads the token from the fragment and removes it from the address, keeping the history state", async () => {
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Nouveau mot de passe" })).toBeTruthy();
    expect(window.location.hash).toBe("");
    expect(window.location.pathname + window.location.search).toBe("/fr/login/nouveau-mot-de-passe/?x=1");
    expect(window.history.state).toEqual({ idx: 3 });
    expect(screen.getByLabelText("Nouveau mot de passe")).toBeTruthy();
  });

  it("sends the token with both passwords and goes where the server says", async () => {
    const calls = stubApi((c) => (c.url === "/api/account/password" ? [200, { redirect: "/fr/login/?reset=1" }] : undefined));
    renderPage();
    await fill("nouveau-secret", "nouveau-secret");
    expect(await screen.findByText("landed on /fr/login/?reset=1")).toBeTruthy();
    const post = calls.find((c) => c.method === "POST");
    expect(post?.body).toEqual({ token: "secret-token", password: "nouveau-secret", passwordConfirm: "nouveau-secret", lang: "fr" });
    expect(post?.headers["x-csrf-token"]).toBe("csrf-1");
  });

  it("checks the length and that both passwords match, in the page's language", async () => {
    const calls = stubApi(() => undefined);
    renderPage();
    await fill("court", "autre");
    expect(await screen.findByText("Le mot de passe doit comporter au moins 8 caractères.")).toBeTruthy();
    expect(screen.getByText("Les deux mots de passe ne sont pas identiques.")).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
  });

  it("shows the server's message and a link to ask a new one when the token is dead (400)", async () => {
    stubApi((c) => (c.url === "/api/account/password" ? [400, { message: "Ce lien a expiré." }] : undefined));
    renderPage();
    await fill("nouveau-secret", "nouveau-secret");
    expect((await screen.findByRole("alert")).textContent).toBe("Ce lien a expiré.");
    expect(screen.getByRole("link", { name: "Demander un nouveau lien" }).getAttribute("href")).toBe("/fr/login/mot-de-passe-oublie/");
    expect(screen.queryByLabelText("Nouveau mot de passe")).toBeNull();
  });

  it("puts the server's field errors on the fields (422)", async () => {
    stubApi((c) =>
      c.url === "/api/account/password"
        ? [422, { message: "Vérifiez les champs.", errors: { password: "Ce mot de passe est trop courant." } }]
        : undefined,
    );
    renderPage();
    await fill("motdepasse", "motdepasse");
    expect((await screen.findByRole("alert")).textContent).toBe("Vérifiez les champs.");
    expect(screen.getByText("Ce mot de passe est trop courant.")).toBeTruthy();
    expect(screen.getByLabelText("Nouveau mot de passe").getAttribute("aria-invalid")).toBe("true");
  });

  it("without a token, says to use the email's link or ask a new one", () => {
    window.history.replaceState(null, "", "/fr/login/nouveau-mot-de-passe/");
    renderPage();
    expect(screen.getByRole("status").textContent).toContain("ouvrez le lien de l'e-mail");
    expect(screen.getByRole("link", { name: "Demander un nouveau lien" })).toBeTruthy();
    expect(screen.queryByLabelText("Nouveau mot de passe")).toBeNull();
  });
});
