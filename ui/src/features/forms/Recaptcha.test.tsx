import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SiteContext } from "../../app/context";
import { testSite } from "../../app/testing";
import { LeadForm } from "./LeadForm";
import { recaptchaAction } from "./Recaptcha";
import { renderForm } from "./testing";

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.grecaptcha;
  document.head.querySelectorAll("script").forEach((s) => s.remove());
});

describe("LeadForm with reCAPTCHA", () => {
  it("loads Google's script for the form only and sends a token for the server's action", async () => {
    const site = testSite();
    site.captcha = "recaptcha";
    site.analytics = { ...site.analytics, recaptchaSiteKey: "6Lc-site-key" };
    const bodies: Record<string, unknown>[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init: RequestInit) => {
        bodies.push(JSON.parse(String(init.body)) as Record<string, unknown>);
        return new Response(JSON.stringify({ id: "1", redirect: "/fr/merci/sign-newsletter/" }), { status: 201 });
      }),
    );
    const execute = vi.fn(async () => "google-token");
    window.grecaptcha = { ready: (cb) => cb(), execute };

    renderForm(
      <SiteContext.Provider value={site}>
        <LeadForm form="sign-newsletter" />
      </SiteContext.Provider>,
      "fr",
    );
    const script = document.head.querySelector("script[src*='recaptcha']");
    expect(script?.getAttribute("src")).toBe("https://www.google.com/recaptcha/api.js?render=6Lc-site-key");
    expect(document.querySelector("altcha-widget")).toBeNull();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^E-mail/), "jan@example.be");
    await user.click(screen.getByRole("checkbox", { name: /confidentialité/ }));
    await user.click(screen.getByRole("button", { name: "S'inscrire" }));

    expect(await screen.findByText("landed on /fr/merci/sign-newsletter/")).toBeTruthy();
    expect(execute).toHaveBeenCalledWith("6Lc-site-key", { action: recaptchaAction });
    expect(bodies[0]!.altcha).toBe("google-token");
  });

  it("shows no captcha when the server has it off", () => {
    const site = testSite();
    site.captcha = "off";
    renderForm(
      <SiteContext.Provider value={site}>
        <LeadForm form="sign-newsletter" />
      </SiteContext.Provider>,
      "nl",
    );
    expect(document.querySelector("altcha-widget, [data-recaptcha]")).toBeNull();
  });
});
