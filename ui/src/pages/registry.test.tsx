import { screen } from "@testing-library/react";
import { Suspense } from "react";
import { describe, expect, it } from "vitest";
import type { PageData, View } from "../lib/api/types";
import * as account from "../features/account/testing";
import * as fx from "./__fixtures__/pages";
import * as searcher from "./my-search/testing";
import { renderWith } from "./__fixtures__/render";
import { site } from "./__fixtures__/site";
import * as projects from "./projects/__fixtures__";
import { pageComponents } from "./registry";

const cases: [View, PageData, string][] = [
  ["home", fx.homeNl, "Uw vastgoedkantoor in de Ardennen"],
  ["home", fx.homeFr, "Votre agence immobilière en Ardenne"],
  ["office", fx.officeNl, "Ons kantoor"],
  ["office", fx.officeFr, "Notre agence"],
  ["article", fx.articleNl, "Verkoop"],
  ["article", fx.articleFr, "Vente"],
  ["for-sale", fx.forSaleNl, "Te koop"],
  ["for-rent", fx.forRentFr, "À louer"],
  ["guestbook", fx.guestbookNl, "Gastenboek"],
  ["login", fx.loginFr, "Connexion"],
  ["password-forgotten", account.forgottenNl, "Wachtwoord vergeten"],
  ["password-reset", account.resetFr, "Nouveau mot de passe"],
  ["owner-portal", account.portalNl, "Mijn panden"],
  ["my-search", searcher.mySearchNl, "Mijn zoekprofiel"],
  ["unsubscribe", searcher.unsubscribeFr, "Désinscription"],
  ["demand-confirm", searcher.confirmNl, "Zoekprofiel bevestigen"],
  ["demand-register", fx.demandRegisterFr, "Je m'inscris"],
  ["contact-demand", fx.contactDemandNl, "Gratis schatting"],
  ["feedback", fx.feedback("nl", "contact-me"), "Bedankt"],
  ["feedback", fx.feedback("fr", "contact-demand"), "Merci"],
  ["property", fx.propertyNl, fx.propertyNl.title],
  ["property", fx.propertyFr, fx.propertyFr.title],
  ["projects", projects.listNl, "Nieuwbouwprojecten"],
  ["projects", projects.emptyListFr, "Projets neufs"],
  ["project", projects.detailNl, "Residentie Semois"],
  ["project", projects.detailFr, "Résidence Semois"],
  ["not-found", fx.notFoundNl, "Oeps, deze pagina bestaat niet meer"],
  ["not-found", fx.notFoundFr, "Oups, cette page n'existe plus"],
  ["favourites", account.accountPage("favourites", "fr", "/fr/favoris/", "/favourites/", "Favoris"), "Favoris"],
];

describe("pageComponents", () => {
  it("has a component for every view", () => {
    const views = new Set(cases.map(([view]) => view));
    expect(new Set(Object.keys(pageComponents))).toEqual(views);
  });

  it.each(cases)("%s renders one h1 (%#)", async (view, page, heading) => {
    expect(page.view).toBe(view);
    const Page = pageComponents[view];
    renderWith(
      <Suspense fallback={null}>
        <Page site={site} page={page} />
      </Suspense>,
      page.lang,
      page.path,
    );
    const h1 = await screen.findByRole("heading", { level: 1 }, { timeout: 5000 });
    expect(h1.textContent).toBe(heading);
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
  });
});
