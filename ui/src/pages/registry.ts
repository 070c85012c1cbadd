import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { View } from "../lib/api/types";
import type { PageProps } from "./props";

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
  "demand-confirm": () => import("./demand-confirm/DemandConfirmPage").then((m) => m.DemandConfirmPage),
  "demand-register": () => import("./demand-register/DemandRegisterPage").then((m) => m.DemandRegisterPage),
  "contact-demand": () => import("./contact-demand/ContactDemandPage").then((m) => m.ContactDemandPage),
  feedback: () => import("./feedback/FeedbackPage").then((m) => m.FeedbackPage),
  article: () => import("./article/ArticlePage").then((m) => m.ArticlePage),
  property: () => import("./property/PropertyPage").then((m) => m.PropertyPage),
  projects: () => import("./projects/ProjectsPage").then((m) => m.ProjectsPage),
  project: () => import("./projects/ProjectPage").then((m) => m.ProjectPage),
  "not-found": () => import("./not-found/NotFoundPage").then((m) => m.NotFoundPage),
  favourites: () => import("./favourites/FavouritesPage").then((m) => m.FavouritesPage),
};

/** The views whose chunk has loaded, as their components. */
const loaded: Partial<Record<View, ComponentType<PageProps>>> = {};

/** Each view's chunk loads once; its component is kept as soon as it arrives. */
const loading: Partial<Record<View, Promise<ComponentType<PageProps>>>> = {};

function load(view: View): Promise<ComponentType<PageProps>> {
  return (loading[view] ??= importers[view]().then(
    (component) => (loaded[view] = component),
    (err: unknown) => {
      // A failed chunk may load on the next try (the render's error state retries).
      delete loading[view];
      throw err;
    },
  ));
}

const lazies = Object.fromEntries(
  (Object.keys(importers) as View[]).map((view) => [view, lazy(async () => ({ default: await load(view) }))]),
) as Record<View, PageComponent>;

/**
 * Each view's component: the component itself once its chunk has loaded,
 * else a lazy one that suspends until it has. The first render of a
 * server-rendered page must not suspend — hydration would wait for the
 * chunk and, on the way, flash nothing — so main.tsx awaits preloadView
 * first, and the view is then rendered at once, as on the server.
 */
export const pageComponents = Object.defineProperties(
  {},
  Object.fromEntries(
    (Object.keys(importers) as View[]).map((view) => [view, { enumerable: true, get: () => loaded[view] ?? lazies[view] }]),
  ),
) as Record<View, ComponentType<PageProps>>;

/**
 * Loads a view's chunk without rendering it: the first page asks for its
 * code while the translations load, instead of after them, and awaits it
 * before rendering. Resolves either way: a failure is left to the render,
 * which shows the error state.
 */
export function preloadView(view: View): Promise<void> {
  const importer = importers[view] as Importer | undefined;
  if (!importer) return Promise.resolve();
  return load(view).then(
    () => undefined,
    () => undefined,
  );
}
