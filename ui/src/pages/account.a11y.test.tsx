import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { structuralViolations } from "../app/axe";
import type { PageData } from "../lib/api/types";
import { LoginPage } from "./login/LoginPage";
import { OwnerPortalPage } from "./owner-portal/OwnerPortalPage";
import { chaletDetail, properties, villaDetail } from "./owner-portal/testing";
import type { ViewsChartProps } from "./owner-portal/ViewsChart";
import { PasswordForgottenPage } from "./password-forgotten/PasswordForgottenPage";
import { PasswordResetPage } from "./password-reset/PasswordResetPage";
import type { PageProps } from "./props";
import { accountPage, accountSite, forgottenNl, portalNl, renderAt, resetFr, stubApi, type Reply } from "../features/account/testing";

vi.mock("./owner-portal/ViewsChart", () => ({
  default: ({ summary }: ViewsChartProps) => <canvas role="img" aria-label={summary} width={600} height={256} />,
}));

const owner = { kind: "owner", email: "eigenaar@example.be", lang: "nl", home: "/nl/eigenaars/portaal/" };

function api(loggedIn: boolean) {
  stubApi((c): Reply | undefined => {
    if (c.url === "/api/account") return [200, { csrf: "c", account: loggedIn ? owner : null }];
    if (c.url === "/api/owner/properties?lang=nl") return [200, properties];
    if (c.url === "/api/owner/properties/12?lang=nl") return [200, villaDetail];
    if (c.url === "/api/owner/properties/40?lang=nl") return [200, chaletDetail];
    if (c.url.startsWith("/api/owner/properties/")) return [404, { message: "Pand niet gevonden" }];
    return undefined;
  });
}

const loginNl = accountPage("login", "nl", "/nl/login/", "/login/", "Login voor eigenaars");

const cases: [string, (props: PageProps) => React.ReactNode, PageData, string, boolean, string][] = [
  ["login form", LoginPage, loginNl, "?expired=1", false, "Wachtwoord vergeten?"],
  ["login, logged in", LoginPage, loginNl, "", true, "Naar mijn panden"],
  ["password forgotten", PasswordForgottenPage, forgottenNl, "", false, "Terug naar aanmelden"],
  ["password reset", PasswordResetPage, resetFr, "#token=t", false, "Enregistrer mon nouveau mot de passe"],
  ["password reset without token", PasswordResetPage, resetFr, "", false, "Demander un nouveau lien"],
  ["owner portal, all", OwnerPortalPage, portalNl, "", true, "Chalet – Bouillon"],
  ["owner portal, one property", OwnerPortalPage, portalNl, "?property=12", true, "EPC-attest"],
  ["owner portal, empty property", OwnerPortalPage, portalNl, "?property=40", true, "Geen documenten"],
  ["owner portal, not found", OwnerPortalPage, portalNl, "?property=99", true, "Terug naar alle panden"],
];

describe("account screens pass axe-core", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, "", "/");
  });

  it.each(cases)("%s", async (_name, Page, page, suffix, loggedIn, ready) => {
    api(loggedIn);
    if (suffix.startsWith("#")) window.history.replaceState(null, "", `${page.path}${suffix}`);
    const { container } = renderAt(
      <main>
        <Page site={accountSite} page={page} />
      </main>,
      page.lang,
      suffix.startsWith("?") ? `${page.path}${suffix}` : page.path,
    );
    document.documentElement.lang = page.lang;
    expect((await screen.findAllByText(ready)).length).toBeGreaterThan(0);
    expect(await structuralViolations(container)).toEqual([]);
  });
});
