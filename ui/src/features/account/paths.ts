import type { Lang, SiteData } from "../../lib/api/types";
import { RouteTable } from "../../lib/routing/routes";

/** The account screens by their internal path (config.yaml site.routes). */
export type AccountScreen =
  | "/login/"
  | "/password-forgotten/"
  | "/password-reset/"
  | "/owner-portal/"
  | "/my-search/"
  | "/demand-register/";

/** The public path of an account screen in lang; the internal path under the language when the table lacks it. */
export function accountPath(site: SiteData, lang: Lang, screen: AccountScreen): string {
  return new RouteTable(site.routes).localize(screen, lang) ?? `/${lang}${screen}`;
}

/** The login page's address with next set to the path to come back to, for a 401; expired makes it say why. */
export function loginPath(loginBase: string, next: string, expired = false): string {
  return `${loginBase}?next=${encodeURIComponent(next)}${expired ? "&expired=1" : ""}`;
}
