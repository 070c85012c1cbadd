import type { Lang, SiteData } from "../api/types";
import { RouteTable } from "../routing/routes";

/** The account screens by their internal path (config.yaml site.routes). */
export type AccountScreen = "/login/" | "/password-forgotten/" | "/password-reset/" | "/owner-portal/" | "/my-search/";

/** The public path of an account screen in lang; the internal path under the language when the table lacks it. */
export function accountPath(site: SiteData, lang: Lang, screen: AccountScreen): string {
  return new RouteTable(site.routes).localize(screen, lang) ?? `/${lang}${screen}`;
}
