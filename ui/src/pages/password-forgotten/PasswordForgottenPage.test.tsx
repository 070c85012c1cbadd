import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { accountSite, forgottenNl, renderAt, stubApi } from "../../features/account/testing";
import { PasswordForgottenPage } from "./PasswordForgottenPage";

const sent =
  "Als er een account bestaat voor dit adres, hebben we er een link naartoe gestuurd om een nieuw wachtwoord te kiezen. De link is 1 uur geldig.";

function renderPage() {
  return renderAt(<PasswordForgottenPage site={accountSite} page={forgottenNl} />, "nl", forgottenNl.path);
}

describe("PasswordForgottenPage", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("sends the address with the CSRF token and shows the same confirmation whatever the answer says", async () => {
    const calls = stubApi((c) => (c.url === "/api/account/password-reset" ? [202, { message: "ok" }] : undefined));
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Wachtwoord vergeten" })).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("E-mailadres"), " iemand@example.be ");
    await user.click(screen.getByRole("button", { name: "Stuur mij een link" }));
    const status = await screen.findByRole("status");
    expect(status.textContent).toBe(sent);
    expect(document.activeElement).toBe(status);
    const post = calls.find((c) => c.method === "POST");
    expect(post?.body).toEqual({ email: "iemand@example.be", lang: "nl" });
    expect(post?.headers["x-csrf-token"]).toBe("csrf-1");
    expect(screen.queryByLabelText("E-mailadres")).toBeNull();
    expect(screen.getByRole("link", { name: "Terug naar aanmelden" }).getAttribute("href")).toBe("/nl/login/");
  });

  it("checks the address's shape before sending", async () => {
    const calls = stubApi(() => undefined);
    renderPage();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("E-mailadres"), "iemand");
    await user.click(screen.getByRole("button", { name: "Stuur mij een link" }));
    expect(await screen.findByText(/Gelieve een geldig e-mailadres in te vullen/)).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
  });

  it("shows the wait when throttled", async () => {
    stubApi((c) => (c.url === "/api/account/password-reset" ? [429, { message: "Te veel aanvragen." }, { "retry-after": "30" }] : undefined));
    renderPage();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("E-mailadres"), "iemand@example.be");
    await user.click(screen.getByRole("button", { name: "Stuur mij een link" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Te veel aanvragen.");
    expect(alert.textContent).toContain("over 30 seconden");
  });
});
