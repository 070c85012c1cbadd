import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { notFoundFr, notFoundNl } from "../__fixtures__/pages";
import { renderWith } from "../__fixtures__/render";
import { site } from "../__fixtures__/site";
import { NotFoundPage } from "./NotFoundPage";

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

describe("NotFoundPage", () => {
  it.each([
    ["nl", notFoundNl, "Oeps, deze pagina bestaat niet meer", "/nl/te-koop/", "Gemeente, postcode of referentie", "/nl/"],
    ["fr", notFoundFr, "Oups, cette page n'existe plus", "/fr/a-vendre/", "Commune, code postal ou référence", "/fr/"],
  ])("%s: heading, a search form to the for-sale list and a link home", (_lang, page, heading, action, label, home) => {
    renderWith(<NotFoundPage site={site} page={page} />, page.lang, page.path);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(heading);
    const form = screen.getByRole("search");
    expect(form.getAttribute("action")).toBe(action);
    expect(form.getAttribute("method")).toBe("get");
    const input = screen.getByRole("searchbox", { name: label });
    expect(input.getAttribute("name")).toBe("query");
    expect(screen.getByRole("link", { name: page.lang === "nl" ? "Terug naar de startpagina" : "Retour à la page d'accueil" }).getAttribute("href")).toBe(home);
  });

  it.each([
    ["nl", notFoundNl, "Pand niet gevonden", /^Dit pand staat niet \(meer\) in ons aanbod/],
    ["fr", notFoundFr, "Bien introuvable", /^Ce bien ne fait plus partie de notre offre/],
  ])("%s: an unknown listing says 'Property not found'", (_lang, page, title, text) => {
    renderWith(<NotFoundPage site={site} page={{ ...page, missing: "property", title }} />, page.lang, page.path);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(title);
    expect(screen.getByText(text)).toBeTruthy();
  });

  it("searches the for-sale list with the query", async () => {
    const user = userEvent.setup();
    renderWith(
      <Routes>
        <Route path="*" element={<><NotFoundPage site={site} page={notFoundFr} /><Where /></>} />
      </Routes>,
      "fr",
      notFoundFr.path,
    );
    await user.type(screen.getByRole("searchbox"), "  Saint-Hubert 6870 ");
    await user.click(screen.getByRole("button", { name: "Rechercher" }));
    expect(screen.getByTestId("where").textContent).toBe("/fr/a-vendre/?query=Saint-Hubert+6870");
  });

  it("goes to the plain list for an empty query", async () => {
    const user = userEvent.setup();
    renderWith(
      <Routes>
        <Route path="*" element={<><NotFoundPage site={site} page={notFoundNl} /><Where /></>} />
      </Routes>,
      "nl",
      notFoundNl.path,
    );
    await user.click(screen.getByRole("searchbox", { name: "Gemeente, postcode of referentie" }));
    await user.keyboard("{Enter}");
    expect(screen.getByTestId("where").textContent).toBe("/nl/te-koop/");
  });
});
