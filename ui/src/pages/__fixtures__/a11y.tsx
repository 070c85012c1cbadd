// The pages' accessibility check (imported by *.test.tsx only).
import type { RenderResult } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
import { structuralViolations } from "../../app/axe";
import type { PageData } from "../../lib/api/types";
import type { PageProps } from "../props";
import { site } from "./site";

/**
 * The axe-core violations of a page rendered alone in the <main> the shell would hold it in, in its language,
 * through `renderPage` (the render helper that has its texts).
 */
export async function pageViolations(
  Page: (props: PageProps) => ReactNode,
  page: PageData,
  renderPage: (ui: ReactElement, lang: string) => RenderResult,
): Promise<string[]> {
  const { container } = renderPage(
    <main>
      <Page site={site} page={page} />
    </main>,
    page.lang,
  );
  document.documentElement.lang = page.lang;
  return structuralViolations(container);
}
