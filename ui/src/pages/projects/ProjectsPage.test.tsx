import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { site } from "../__fixtures__/site";
import { emptyListFr, emptyListNl, listFr, listNl } from "./__fixtures__";
import { ProjectsPage } from "./ProjectsPage";
import { renderProjects } from "./testing";

const siteWithProjects = {
  ...site,
  routes: [...site.routes, { internal: "/projects/", paths: { nl: "/nl/nieuwbouw/", fr: "/fr/neuf/" } }],
};

describe("ProjectsPage", () => {
  it("lists the projects in nl with price range, delivery, types and a link to each", () => {
    renderProjects(<ProjectsPage site={siteWithProjects} page={listNl} />, "nl", listNl.path);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Nieuwbouwprojecten");
    const list = screen.getByRole("list", { name: "2 projecten" });
    const cards = within(list).getAllByRole("article");
    expect(cards).toHaveLength(2);

    const semois = cards[0]!;
    const link = within(semois).getByRole("link", { name: "Residentie Semois" });
    expect(link.getAttribute("href")).toBe("/nl/nieuwbouw/residentie-semois/7001/");
    expect(within(semois).getByRole("heading", { level: 2 }).textContent).toBe("Residentie Semois");
    expect(semois.textContent).toContain("6830 Bouillon");
    expect(semois.textContent).toContain("van € 189.000 tot € 379.000");
    expect(semois.textContent).toContain("Q3\u00a02027");
    expect(semois.textContent).toContain("Appartement en Penthouse");
    expect(within(semois).queryByText("Uitverkocht")).toBeNull();
    const img = semois.querySelector("img")!;
    expect(img.getAttribute("width")).toBe("280");
    expect(img.getAttribute("height")).toBe("187");
    expect(img.getAttribute("srcset")).toContain("/demo/photos/p7001/12/400.jpg 400w");

    const jardins = cards[1]!;
    expect(jardins.textContent).toContain("vanaf € 195.000");
    expect(within(jardins).getByText("Uitverkocht")).toBeTruthy();
    expect(jardins.querySelector("img")).toBeNull();
    expect(screen.queryByText("Er zijn momenteel geen projecten beschikbaar.")).toBeNull();
  });

  it("words the cards in fr", () => {
    renderProjects(<ProjectsPage site={siteWithProjects} page={listFr} />, "fr", listFr.path);
    const cards = within(screen.getByRole("list", { name: "2 projets" })).getAllByRole("article");
    expect(cards[0]!.textContent).toContain("de 189 000 € à 379 000 €");
    expect(cards[0]!.textContent).toContain("Appartement et Penthouse");
    expect(cards[0]!.textContent).toContain("Livraison");
    expect(cards[1]!.textContent).toContain("à partir de 195 000 €");
    expect(within(cards[1]!).getByText("Tout vendu")).toBeTruthy();
  });

  it.each([
    [emptyListNl, "Er zijn momenteel geen projecten beschikbaar.", "Bekijk onze panden te koop", "/nl/te-koop/"],
    [emptyListFr, "Aucun projet n'est disponible pour le moment.", "Voir nos biens à vendre", "/fr/a-vendre/"],
  ])("says no project is available when there is none (%#)", (page, message, linkText, href) => {
    renderProjects(<ProjectsPage site={siteWithProjects} page={page} />, page.lang, page.path);
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.queryByRole("list")).toBeNull();
    expect(screen.getByRole("link", { name: linkText }).getAttribute("href")).toBe(href);
  });
});
