import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { feedback } from "../__fixtures__/pages";
import { pageTexts, renderWith } from "../__fixtures__/render";
import { site } from "../__fixtures__/site";
import { FeedbackPage } from "./FeedbackPage";
import { feedbackForms, formOf } from "./forms";

describe("FeedbackPage", () => {
  const cases = (["nl", "fr"] as const).flatMap((lang) => feedbackForms.map((form) => [lang, form] as const));

  it.each(cases)("%s %s shows that form's heading and message", (lang, form) => {
    renderWith(<FeedbackPage site={site} page={feedback(lang, form)} />, lang);
    const texts = pageTexts[lang].feedback.forms[form];
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(lang === "nl" ? "Bedankt" : "Merci");
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe(texts.heading);
    expect(screen.getByText(texts.message)).toBeTruthy();
  });

  it("gives every form its own words", () => {
    const headings = feedbackForms.map((form) => pageTexts.nl.feedback.forms[form].heading);
    expect(new Set(headings).size).toBe(feedbackForms.length);
  });

  it("falls back to a general thank-you for another form", () => {
    renderWith(<FeedbackPage site={site} page={feedback("fr", "password-reset")} />, "fr");
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Merci");
    expect(screen.getByText(pageTexts.fr.feedback.forms.default.message)).toBeTruthy();
  });

  it.each([
    ["nl", "/nl/", "/nl/te-koop/", "Terug naar de startpagina", "Bekijk ons aanbod te koop"],
    ["fr", "/fr/", "/fr/a-vendre/", "Retour à la page d'accueil", "Voir nos biens à vendre"],
  ] as const)("%s links home and to the for-sale list", (lang, home, forSale, homeText, forSaleText) => {
    renderWith(<FeedbackPage site={site} page={feedback(lang, "contact-me")} />, lang);
    expect(screen.getByRole("link", { name: homeText }).getAttribute("href")).toBe(home);
    expect(screen.getByRole("link", { name: forSaleText }).getAttribute("href")).toBe(forSale);
  });
});

describe("formOf", () => {
  it.each([
    ["/feedback/contact-me/", "contact-me"],
    ["/feedback/sign-newsletter", "sign-newsletter"],
    ["/feedback/unknown/", null],
    ["/feedback/{form}/", null],
    ["", null],
  ])("%s", (internal, want) => {
    expect(formOf(internal)).toBe(want);
  });
});
