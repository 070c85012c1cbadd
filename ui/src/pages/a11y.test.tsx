import { describe, expect, it } from "vitest";
import type { PageData } from "../lib/api/types";
import { pageViolations } from "./__fixtures__/a11y";
import * as fx from "./__fixtures__/pages";
import { renderWith } from "./__fixtures__/render";
import { ArticlePage } from "./article/ArticlePage";
import { FeedbackPage } from "./feedback/FeedbackPage";
import { HomePage } from "./home/HomePage";
import { ForSalePage } from "./listings/ListingsPage";
import { NotFoundPage } from "./not-found/NotFoundPage";
import { OfficePage } from "./office/OfficePage";
import { PropertyPage } from "./property/PropertyPage";
import type { PageProps } from "./props";

const cases: [string, (props: PageProps) => React.ReactNode, PageData][] = [
  ["home", HomePage, fx.homeNl],
  ["office", OfficePage, fx.officeFr],
  ["article", ArticlePage, fx.articleNl],
  ["for-sale", ForSalePage, fx.forSaleNl],
  ["feedback", FeedbackPage, fx.feedback("fr", "contact-demand")],
  ["property", PropertyPage, fx.propertyNl],
  ["not-found", NotFoundPage, fx.notFoundNl],
];

describe("pages pass axe-core", () => {
  it.each(cases)("%s", async (_name, Page, page) => {
    expect(await pageViolations(Page, page, renderWith)).toEqual([]);
  });
});
