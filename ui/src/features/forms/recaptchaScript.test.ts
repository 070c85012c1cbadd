// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { loadRecaptchaIfNeeded, recaptchaUrl } from "./recaptchaScript";

const injectedScripts = () => Array.from(document.scripts).map((s) => s.getAttribute("src") ?? "");

afterEach(() => {
  for (const script of Array.from(document.scripts)) script.remove();
  document.body.innerHTML = "";
});

describe("loadRecaptchaIfNeeded", () => {
  it("loads nothing when the page has no reCAPTCHA element", () => {
    document.body.innerHTML = "<form><button>Send</button></form>";
    expect(loadRecaptchaIfNeeded("site-key")).toBe(false);
    expect(injectedScripts()).toEqual([]);
  });

  it("loads reCAPTCHA v3 once when an element asks for it", () => {
    document.body.innerHTML = '<form><div data-recaptcha></div></form>';
    expect(loadRecaptchaIfNeeded("site-key")).toBe(true);
    expect(loadRecaptchaIfNeeded("site-key")).toBe(true);
    expect(injectedScripts()).toEqual(["https://www.google.com/recaptcha/api.js?render=site-key"]);
    expect(recaptchaUrl("a b")).toBe("https://www.google.com/recaptcha/api.js?render=a%20b");
  });

  it("loads nothing without a site key", () => {
    document.body.innerHTML = "<div data-recaptcha></div>";
    expect(loadRecaptchaIfNeeded("  ")).toBe(false);
    expect(injectedScripts()).toEqual([]);
  });
});
