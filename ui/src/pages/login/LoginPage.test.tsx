import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { accountPage, accountSite, renderAt, stubApi, type Call } from "../../features/account/testing";
import { LoginPage } from "./LoginPage";

const loginNl = { ...accountPage("login", "nl", "/nl/login/", "/login/", "Login voor eigenaars") };
const loginFr = { ...accountPage("login", "fr", "/fr/login/", "/login/", "Espace propriétaires") };

function renderLogin(path = "/nl/login/", page = loginNl) {
  return renderAt(<LoginPage site={accountSite} page={page} />, page.lang, path);
}

async function logIn(email = "eigenaar@example.be", password = "geheim-wachtwoord") {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText("E-mailadres"), email);
  await user.type(screen.getByLabelText("Wachtwoord"), password);
  await user.click(screen.getByRole("button", { name: "Aanmelden" }));
  return user;
}

const posts = (calls: Call[]) => calls.filter((c) => c.method === "POST");

describe("LoginPage", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("keeps the page's heading and text and adds the form with a link to the forgotten-password page", async () => {
    stubApi(() => undefined);
    const page = { ...loginNl, content: { intro: "Meld u aan.", html: "", image: { kind: "empty" as const, images: [], color: "", video: null }, modules: [] } };
    renderLogin("/nl/login/", page);
    expect(screen.getByRole("heading", { level: 1, name: "Login voor eigenaars" })).toBeTruthy();
    expect(screen.getByText("Meld u aan.")).toBeTruthy();
    expect(screen.getByRole("form", { name: "Aanmelden op uw account" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Wachtwoord vergeten?" }).getAttribute("href")).toBe("/nl/login/wachtwoord-vergeten/");
  });

  it("sends email, password, language and ?next= with the CSRF token, then goes where the server says", async () => {
    const calls = stubApi((c) => (c.url === "/api/account/login" ? [200, { redirect: "/nl/eigenaars/portaal/?property=12" }] : undefined));
    renderLogin(`/nl/login/?next=${encodeURIComponent("/nl/eigenaars/portaal/?property=12")}`);
    await logIn();
    expect(await screen.findByText("landed on /nl/eigenaars/portaal/?property=12")).toBeTruthy();
    const [post] = posts(calls);
    expect(post?.url).toBe("/api/account/login");
    expect(post?.headers["x-csrf-token"]).toBe("csrf-1");
    expect(post?.body).toEqual({
      email: "eigenaar@example.be",
      password: "geheim-wachtwoord",
      lang: "nl",
      next: "/nl/eigenaars/portaal/?property=12",
    });
  });

  it("sends no next when the address has none", async () => {
    const calls = stubApi((c) => (c.url === "/api/account/login" ? [200, { redirect: "/nl/eigenaars/portaal/" }] : undefined));
    renderLogin();
    await logIn();
    await screen.findByText("landed on /nl/eigenaars/portaal/");
    expect(posts(calls)[0]?.body).not.toHaveProperty("next");
  });

  it("shows the server's 'Login failed' message on 401 and moves the focus to it", async () => {
    stubApi((c) =>
      c.url === "/api/account/login" ? [401, { message: "Login failed", detail: "The username or password are not correct." }] : undefined,
    );
    renderLogin();
    await logIn();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Login failed");
    expect(alert.textContent).toContain("The username or password are not correct.");
    expect(document.activeElement).toBe(alert);
    expect(screen.getByRole("heading", { level: 1 })).toBeTruthy();
  });

  it("falls back to its own texts when the 401 has no message", async () => {
    stubApi((c) => (c.url === "/api/account/login" ? [401, {}] : undefined));
    renderAt(<LoginPage site={accountSite} page={loginFr} />, "fr", "/fr/login/");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Adresse e-mail"), "a@b.be");
    await user.type(screen.getByLabelText("Mot de passe"), "x");
    await user.click(screen.getByRole("button", { name: "Se connecter" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Échec de la connexion");
    expect(alert.textContent).toContain("L'identifiant ou le mot de passe n'est pas correct.");
  });

  it("shows the throttling message and how long to wait on 429", async () => {
    stubApi((c) =>
      c.url === "/api/account/login" ? [429, { message: "Te veel mislukte pogingen." }, { "retry-after": "120" }] : undefined,
    );
    renderLogin();
    await logIn();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Te veel mislukte pogingen.");
    expect(alert.textContent).toContain("U kunt het over 2 minuten opnieuw proberen.");
  });

  it("says when the network failed", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("offline"))));
    renderLogin();
    await logIn();
    expect((await screen.findByRole("alert")).textContent).toContain("We konden de server niet bereiken");
  });

  it("asks for both fields before sending anything", async () => {
    const calls = stubApi(() => undefined);
    renderLogin();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Aanmelden" }));
    expect(await screen.findAllByText("Gelieve dit veld in te vullen.")).toHaveLength(2);
    expect(screen.getByLabelText("E-mailadres").getAttribute("aria-invalid")).toBe("true");
    expect(posts(calls)).toEqual([]);
  });

  it("shows and hides the password", async () => {
    stubApi(() => undefined);
    renderLogin();
    const user = userEvent.setup();
    const input = await screen.findByLabelText("Wachtwoord");
    const toggle = screen.getByRole("button", { name: "Wachtwoord tonen" });
    expect(input.getAttribute("type")).toBe("password");
    await user.click(toggle);
    expect(input.getAttribute("type")).toBe("text");
    expect(toggle.getAttribute("aria-pressed")).toBe("true");
  });

  it.each([
    ["?reset=1", "Uw wachtwoord is gewijzigd: meld u aan met het nieuwe wachtwoord."],
    ["?expired=1&next=%2Fnl%2Feigenaars%2Fportaal%2F", "Uw sessie is verlopen: gelieve opnieuw aan te melden."],
  ])("says why the owner is here (%s)", async (search, text) => {
    stubApi(() => undefined);
    renderLogin(`/nl/login/${search}`);
    expect((await screen.findByRole("status")).textContent).toBe(text);
  });

  it("shows who is logged in already, with their home and a logout", async () => {
    let loggedIn = true;
    const calls = stubApi((c) => {
      if (c.url === "/api/account")
        return [200, { csrf: "csrf-2", account: loggedIn ? { kind: "owner", email: "eigenaar@example.be", lang: "nl", home: "/nl/eigenaars/portaal/" } : null }];
      if (c.url === "/api/account/logout") {
        loggedIn = false;
        return [200, { redirect: "/nl/login/" }];
      }
      return undefined;
    });
    renderLogin();
    expect(await screen.findByText("U bent aangemeld als eigenaar@example.be.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Naar mijn panden" }).getAttribute("href")).toBe("/nl/eigenaars/portaal/");
    expect(screen.queryByRole("form")).toBeNull();
    await userEvent.setup().click(screen.getByRole("button", { name: "Afmelden" }));
    expect(await screen.findByRole("form", { name: "Aanmelden op uw account" })).toBeTruthy();
    const logout = posts(calls)[0];
    expect(logout?.body).toEqual({ lang: "nl" });
    expect(logout?.headers["x-csrf-token"]).toBe("csrf-2");
  });

  it("logs out everywhere on request", async () => {
    const calls = stubApi((c) => {
      if (c.url === "/api/account") return [200, { csrf: "c", account: { kind: "searcher", email: "z@example.be", lang: "nl", home: "/nl/mijn-zoekprofiel/" } }];
      if (c.url === "/api/account/logout") return [200, { redirect: "/nl/" }];
      return undefined;
    });
    renderLogin();
    expect(await screen.findByRole("link", { name: "Naar mijn zoekprofiel" })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole("button", { name: "Overal afmelden" }));
    await waitFor(() => expect(posts(calls)[0]?.body).toEqual({ lang: "nl", everywhere: true }));
    expect(await screen.findByText("landed on /nl/")).toBeTruthy();
  });
});
