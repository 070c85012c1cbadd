import { describe, expect, it } from "vitest";
import { structuralViolations } from "../app/axe";
import type { PageData } from "../lib/api/types";
import * as fx from "./__fixtures__/pages";
import { renderWith } from "./__fixtures__/render";
import { site } from "./__fixtures__/site";
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
    const { container } = renderWith(
      <main>
        <Page site={site} page={page} />
      </main>,
      page.lang,
    );
    document.documentElement.lang = page.lang;
    expect(await structuralViolations(container)).toEqual([]);
  });
});
