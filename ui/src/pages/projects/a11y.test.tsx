import { describe, expect, it } from "vitest";
import type { PageData } from "../../lib/api/types";
import { pageViolations } from "../__fixtures__/a11y";
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
    expect(await pageViolations(Page, page, renderProjects)).toEqual([]);
  });
});
