import axe from "axe-core";
import { describe, expect, it } from "vitest";
import type { PageData } from "../../lib/api/types";
import { site } from "../__fixtures__/site";
import type { PageProps } from "../props";
import { detailFr, detailNl, emptyListNl, listFr, unknownProject } from "./__fixtures__";
import { ProjectPage } from "./ProjectPage";
import { ProjectsPage } from "./ProjectsPage";
import { renderProjects } from "./testing";

const cases: [string, (props: PageProps) => React.ReactNode, PageData][] = [
  ["list", ProjectsPage, listFr],
  ["empty list", ProjectsPage, emptyListNl],
  ["detail", ProjectPage, detailNl],
  ["sold-out detail", ProjectPage, detailFr],
  ["unknown project", ProjectPage, unknownProject("nl")],
];

// The structural rules only: jsdom has no layout for colour contrast, and the landmarks around a page belong to the shell.
const options: axe.RunOptions = {
  rules: { "color-contrast": { enabled: false }, region: { enabled: false } },
  resultTypes: ["violations"],
};

describe("projects screens pass axe-core", () => {
  it.each(cases)("%s", async (_name, Page, page) => {
    const { container } = renderProjects(
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
