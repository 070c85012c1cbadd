import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { PageData, SiteData, View } from "../api/types";

export type PageProps = { site: SiteData; page: PageData };

type PageComponent = LazyExoticComponent<ComponentType<PageProps>>;

/** Each view loads as its own chunk, so a visitor downloads only the screens they open. */
const load = (importer: () => Promise<ComponentType<PageProps>>): PageComponent =>
  lazy(async () => ({ default: await importer() }));

export const pageComponents: Record<View, PageComponent> = {
  home: load(() => import("./home/HomePage").then((m) => m.HomePage)),
  "for-sale": load(() => import("./listings/ListingsPage").then((m) => m.ForSalePage)),
  "for-rent": load(() => import("./listings/ListingsPage").then((m) => m.ForRentPage)),
  office: load(() => import("./office/OfficePage").then((m) => m.OfficePage)),
  guestbook: load(() => import("./guestbook/GuestbookPage").then((m) => m.GuestbookPage)),
  login: load(() => import("./login/LoginPage").then((m) => m.LoginPage)),
  "demand-register": load(() => import("./demand-register/DemandRegisterPage").then((m) => m.DemandRegisterPage)),
  "contact-demand": load(() => import("./contact-demand/ContactDemandPage").then((m) => m.ContactDemandPage)),
  feedback: load(() => import("./feedback/FeedbackPage").then((m) => m.FeedbackPage)),
  article: load(() => import("./article/ArticlePage").then((m) => m.ArticlePage)),
  property: load(() => import("./property/PropertyPage").then((m) => m.PropertyPage)),
  "not-found": load(() => import("./not-found/NotFoundPage").then((m) => m.NotFoundPage)),
};
