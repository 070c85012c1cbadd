import { describe, expect, it } from "vitest";
import { structuralViolations } from "../../app/axe";
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

describe("projects screens pass axe-core", () => {
  it.each(cases)("%s", async (_name, Page, page) => {
    const { container } = renderProjects(
      <main>
        <Page site={site} page={page} />
      </main>,
      page.lang,
    );
    document.documentElement.lang = page.lang;
    expect(await structuralViolations(container)).toEqual([]);
  });
});
