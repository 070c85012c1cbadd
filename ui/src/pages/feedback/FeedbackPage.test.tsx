import { getDefaultNormalizer, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Receipt } from "../../lib/api/receipt";
import { feedback } from "../__fixtures__/pages";
import { pageTexts, renderWith } from "../__fixtures__/render";
import { site } from "../__fixtures__/site";
import { FeedbackPage } from "./FeedbackPage";
import { formNames } from "../../features/forms/spec";
import { formOf } from "./forms";

describe("FeedbackPage", () => {
  const cases = (["nl", "fr"] as const).flatMap((lang) => formNames.map((form) => [lang, form] as const));

  it.each(cases)("%s %s shows that form's heading and message", (lang, form) => {
    renderWith(<FeedbackPage site={site} page={feedback(lang, form)} />, lang);
    const texts = pageTexts[lang].feedback.forms[form];
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(lang === "nl" ? "Bedankt" : "Merci");
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe(texts.heading);
    // As written: the default normalizer would fold the no-break spaces French keeps ("10 %").
    expect(screen.getByText(texts.message, { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) })).toBeTruthy();
  });

  it("gives every form its own words", () => {
    const headings = formNames.map((form) => pageTexts.nl.feedback.forms[form].heading);
    expect(new Set(headings).size).toBe(formNames.length);
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

describe("FeedbackPage: the rental application", () => {
  it.each([
    ["nl", "/nl/te-huur/", "Bekijk ons aanbod te huur"],
    ["fr", "/fr/a-louer/", "Voir nos biens à louer"],
  ] as const)("%s offers the rentals, not the sales", (lang, forRent, text) => {
    renderWith(<FeedbackPage site={site} page={feedback(lang, "rent-application")} />, lang);
    expect(screen.getByRole("link", { name: text }).getAttribute("href")).toBe(forRent);
    expect(screen.queryByRole("link", { name: pageTexts[lang].feedback.forSale })).toBeNull();
  });
});

/** Serves GET /api/receipt with the receipt, or a status without one; records the asked addresses. */
function serveReceipt(receipt: Receipt | number) {
  const asked: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      asked.push(input);
      return typeof receipt === "number"
        ? new Response(JSON.stringify({ message: "no such receipt" }), { status: receipt })
        : new Response(JSON.stringify(receipt), { status: 200, headers: { "content-type": "application/json" } });
    }),
  );
  return asked;
}

const chalet = { kind: "property", id: 4003, title: "Chalet met zicht op de Semois", url: "/nl/te-koop/bouillon/chalet/4003/", goal: "sale" } as const;

const booking: Receipt = {
  form: "contact-appointment",
  subject: chalet,
  visit: {
    start: "2026-12-12T13:00:00Z",
    end: "2026-12-12T13:45:00Z",
    when: "zaterdag 12 december 2026 van 14.00 tot 14.45 uur",
    calendar: "/api/receipt/visit.ics?lang=nl&token=abc.def",
  },
};

describe("FeedbackPage: the receipt", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("a booked visit: says it is booked, when, of which property, offers the .ics and the way back", async () => {
    const asked = serveReceipt(booking);
    renderWith(<FeedbackPage site={site} page={feedback("nl", "contact-appointment")} />, "nl", "/nl/bedankt/contact-appointment/?receipt=abc.def");
    const texts = pageTexts.nl.feedback;
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Uw bezoek is geboekt");
    const when = await screen.findByText(booking.visit!.when);
    expect(when.tagName).toBe("TIME");
    expect(when.getAttribute("datetime")).toBe("2026-12-12T13:00:00Z");
    expect(screen.getByText(chalet.title)).toBeTruthy();
    const calendar = screen.getByRole("link", { name: texts.visit.calendar });
    expect(calendar.getAttribute("href")).toBe(booking.visit!.calendar);
    expect(calendar.hasAttribute("download")).toBe(true);
    expect(screen.getByRole("link", { name: texts.back.property }).getAttribute("href")).toBe(chalet.url);
    expect(asked).toEqual(["/api/receipt?token=abc.def&lang=nl"]);
  });

  it("a rental's receipt offers the rentals", async () => {
    serveReceipt({ form: "contact-me", subject: { ...chalet, goal: "rent", url: "/fr/a-louer/bouillon/chalet/4003/" } });
    renderWith(<FeedbackPage site={site} page={feedback("fr", "contact-me")} />, "fr", "/fr/merci/contact-me/?receipt=t");
    expect((await screen.findByRole("link", { name: "Retour au bien" })).getAttribute("href")).toBe("/fr/a-louer/bouillon/chalet/4003/");
    expect(screen.getByRole("link", { name: "Voir nos biens à louer" }).getAttribute("href")).toBe("/fr/a-louer/");
  });

  it.each([
    ["nl", 2, "U ontvangt de 2 documenten van dit pand binnenkort per e-mail."],
    ["nl", 0, "Voor dit pand zijn er momenteel geen documenten beschikbaar. Wij nemen zo snel mogelijk contact met u op."],
    ["fr", 1, "Vous recevrez sous peu le document de ce bien par e-mail."],
    ["fr", 0, "Aucun document n'est disponible pour ce bien pour le moment. Nous vous recontactons au plus vite."],
  ] as const)("%s documents: %i sent, as the mail says", async (lang, documents, text) => {
    serveReceipt({ form: "request-documents", subject: chalet, documents });
    renderWith(<FeedbackPage site={site} page={feedback(lang, "request-documents")} />, lang, `/${lang}/x/?receipt=t`);
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it.each([
    ["an expired or unknown token", 410],
    ["another form's receipt", { ...booking, form: "offer" }],
  ] as const)("%s: the page says what holds for every submission", async (_, answer) => {
    const asked = serveReceipt(answer as Receipt | number);
    renderWith(<FeedbackPage site={site} page={feedback("nl", "request-documents")} />, "nl", "/nl/bedankt/request-documents/?receipt=t");
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.getByText(pageTexts.nl.feedback.forms["request-documents"].message)).toBeTruthy();
    expect(screen.queryByRole("link", { name: pageTexts.nl.feedback.back.property })).toBeNull();
  });

  it("asks nothing without a token", () => {
    const asked = serveReceipt(booking);
    renderWith(<FeedbackPage site={site} page={feedback("nl", "contact-appointment")} />, "nl");
    expect(asked).toEqual([]);
    expect(screen.getByText(pageTexts.nl.feedback.forms["contact-appointment"].message)).toBeTruthy();
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
