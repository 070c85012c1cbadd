import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { defineStubAltcha, renderForm } from "../../features/forms/testing";
import { guestbookNl } from "../__fixtures__/pages";
import { site } from "../__fixtures__/site";
import { GuestbookPage } from "./GuestbookPage";

vi.mock("../../features/forms/altchaWidget", () => ({ loadAltcha: async () => defineStubAltcha() }));

describe("GuestbookPage", () => {
  it("nl: the testimonial form comes after the published testimonials", () => {
    renderForm(<GuestbookPage site={site} page={guestbookNl} />, "nl");
    const story = screen.getByRole("link", { name: /Jan en Els/ });
    const region = screen.getByRole("region", { name: "Laat uw getuigenis achter" });
    expect(story.compareDocumentPosition(region) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    for (const label of [/^Naam/, /^E-mail/, /^Over u/, /^Website/, /^Adres van een foto/, /^Uw getuigenis/]) {
      expect(within(region).getByLabelText(label)).toBeTruthy();
    }
    expect(within(region).getByRole("button", { name: "Verstuur mijn getuigenis" })).toBeTruthy();
  });

  it("shows the approved testimonials, newest first, their website as a nofollow link", () => {
    const page = {
      ...guestbookNl,
      testimonials: [
        { id: 9, name: "Marc D.", about: "Koper in Bouillon", website: "https://marc.example/", comment: "Vlotte verkoop.\nAanrader!", date: "20/11/2026" },
        { id: 4, name: "Els", about: "", website: "", comment: "<b>Top</b>", date: "2/10/2026" },
      ],
    };
    renderForm(<GuestbookPage site={site} page={page} />, "nl");
    const region = screen.getByRole("region", { name: "Wat bezoekers over ons schrijven" });
    const items = within(region).getAllByRole("listitem");
    expect(items.map((li) => li.querySelector(".guestbook-testimonials__name")?.textContent)).toEqual(["Marc D.", "Els"]);
    expect(within(items[0]!).getAllByRole("paragraph").map((p) => p.textContent)).toEqual(["Vlotte verkoop.", "Aanrader!"]);
    const site_ = within(items[0]!).getByRole("link", { name: "Website van Marc D." });
    expect(site_.getAttribute("rel")).toBe("nofollow ugc noopener noreferrer");
    expect(within(items[1]!).getByText("<b>Top</b>")).toBeTruthy();
    expect(within(items[1]!).getByText("Geplaatst op 2/10/2026")).toBeTruthy();
  });

  it("has no testimonials section before any is approved", () => {
    renderForm(<GuestbookPage site={site} page={{ ...guestbookNl, testimonials: [] }} />, "nl");
    expect(screen.queryByRole("region", { name: "Wat bezoekers over ons schrijven" })).toBeNull();
  });
});
