import axe from "axe-core";
import { describe, expect, it } from "vitest";
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

// The structural rules only: jsdom has no layout for colour contrast, and the
// landmarks around a page (main, header, footer) belong to the shell.
const options: axe.RunOptions = {
  rules: { "color-contrast": { enabled: false }, region: { enabled: false } },
  resultTypes: ["violations"],
};

describe("pages pass axe-core", () => {
  it.each(cases)("%s", async (_name, Page, page) => {
    const { container } = renderWith(
      <main>
        <Page site={site} page={page} />
      </main>,
      page.lang,
    );
    document.documentElement.lang = page.lang;
    const result = await axe.run(container, options);
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(" ")}`)).toEqual([]);
  });
});
