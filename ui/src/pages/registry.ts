import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { PageData, SiteData, View } from "../api/types";

export type PageProps = { site: SiteData; page: PageData };

type PageComponent = LazyExoticComponent<ComponentType<PageProps>>;

type Importer = () => Promise<ComponentType<PageProps>>;

/** Each view loads as its own chunk, so a visitor downloads only the screens they open. */
const importers: Record<View, Importer> = {
  home: () => import("./home/HomePage").then((m) => m.HomePage),
  "for-sale": () => import("./listings/ListingsPage").then((m) => m.ForSalePage),
  "for-rent": () => import("./listings/ListingsPage").then((m) => m.ForRentPage),
  office: () => import("./office/OfficePage").then((m) => m.OfficePage),
  guestbook: () => import("./guestbook/GuestbookPage").then((m) => m.GuestbookPage),
  login: () => import("./login/LoginPage").then((m) => m.LoginPage),
  "password-forgotten": () => import("./password-forgotten/PasswordForgottenPage").then((m) => m.PasswordForgottenPage),
  "password-reset": () => import("./password-reset/PasswordResetPage").then((m) => m.PasswordResetPage),
  "owner-portal": () => import("./owner-portal/OwnerPortalPage").then((m) => m.OwnerPortalPage),
  "my-search": () => import("./my-search/MySearchPage").then((m) => m.MySearchPage),
  unsubscribe: () => import("./unsubscribe/UnsubscribePage").then((m) => m.UnsubscribePage),
  "demand-register": () => import("./demand-register/DemandRegisterPage").then((m) => m.DemandRegisterPage),
  "contact-demand": () => import("./contact-demand/ContactDemandPage").then((m) => m.ContactDemandPage),
  feedback: () => import("./feedback/FeedbackPage").then((m) => m.FeedbackPage),
  article: () => import("./article/ArticlePage").then((m) => m.ArticlePage),
  property: () => import("./property/PropertyPage").then((m) => m.PropertyPage),
  projects: () => import("./projects/ProjectsPage").then((m) => m.ProjectsPage),
  project: () => import("./projects/ProjectPage").then((m) => m.ProjectPage),
  "not-found": () => import("./not-found/NotFoundPage").then((m) => m.NotFoundPage),
};

export const pageComponents = Object.fromEntries(
  Object.entries(importers).map(([view, importer]) => [view, lazy(async () => ({ default: await importer() }))]),
) as Record<View, PageComponent>;

/**
 * Starts loading a view's chunk without rendering it: the first page asks
 * for its code while the translations load, instead of after them. A
 * failure is left to the render, which shows the error state.
 */
export function preloadView(view: View): void {
  importers[view]?.().catch(() => undefined);
}
