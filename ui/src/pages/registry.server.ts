import type { ComponentType } from "react";
import type { View } from "../lib/api/types";
import { ArticlePage } from "./article/ArticlePage";
import { ContactDemandPage } from "./contact-demand/ContactDemandPage";
import { FavouritesPage } from "./favourites/FavouritesPage";
import { DemandRegisterPage } from "./demand-register/DemandRegisterPage";
import { FeedbackPage } from "./feedback/FeedbackPage";
import { GuestbookPage } from "./guestbook/GuestbookPage";
import { HomePage } from "./home/HomePage";
import { ForRentPage, ForSalePage } from "./listings/ListingsPage";
import { LoginPage } from "./login/LoginPage";
import { MySearchPage } from "./my-search/MySearchPage";
import { NotFoundPage } from "./not-found/NotFoundPage";
import { OfficePage } from "./office/OfficePage";
import { OwnerPortalPage } from "./owner-portal/OwnerPortalPage";
import { PasswordForgottenPage } from "./password-forgotten/PasswordForgottenPage";
import { PasswordResetPage } from "./password-reset/PasswordResetPage";
import { ProjectPage } from "./projects/ProjectPage";
import { ProjectsPage } from "./projects/ProjectsPage";
import { PropertyPage } from "./property/PropertyPage";
import type { PageProps } from "./props";
import { UnsubscribePage } from "./unsubscribe/UnsubscribePage";
import { DemandConfirmPage } from "./demand-confirm/DemandConfirmPage";

// The server's registry. On the server, renderToString cannot wait for a
// lazy chunk (it would write the Suspense fallback), so every view is
// imported up front. The server build and the node tests resolve
// ./registry to this file (serverTwins in vite.plugins.ts); the browser
// keeps registry.ts and its one chunk per view.

export const pageComponents: Record<View, ComponentType<PageProps>> = {
  home: HomePage,
  "for-sale": ForSalePage,
  "for-rent": ForRentPage,
  office: OfficePage,
  guestbook: GuestbookPage,
  login: LoginPage,
  "password-forgotten": PasswordForgottenPage,
  "password-reset": PasswordResetPage,
  "owner-portal": OwnerPortalPage,
  "my-search": MySearchPage,
  unsubscribe: UnsubscribePage,
  "demand-confirm": DemandConfirmPage,
  "demand-register": DemandRegisterPage,
  "contact-demand": ContactDemandPage,
  feedback: FeedbackPage,
  article: ArticlePage,
  property: PropertyPage,
  projects: ProjectsPage,
  project: ProjectPage,
  "not-found": NotFoundPage,
  favourites: FavouritesPage,
};

/** Every view is already loaded on the server. */
export function preloadView(): Promise<void> {
  return Promise.resolve();
}
