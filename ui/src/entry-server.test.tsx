// @vitest-environment node
// The server's render, where it runs: no window, no document (the Go
// binary's engine has neither). Vitest's node environment also resolves
// the views' registry to its eager twin, as the server build does.
import { describe, expect, it } from "vitest";
import type { RenderInput, RenderPage } from "./entry-server";
import "./entry-server";
import { cases, type Case } from "./pages/__fixtures__/cases";
import * as fx from "./pages/__fixtures__/pages";
import { site } from "./pages/__fixtures__/site";

/** The function the Go side calls, as the bundle defines it. */
const renderPage = (globalThis as { renderPage?: RenderPage }).renderPage!;

function render(c: Case, url = c.page.path): string {
  const input: RenderInput = { url, site: c.site ?? site, page: c.page };
  return renderPage(JSON.stringify(input));
}

/** The text of the page's h1, tags inside it dropped. */
function h1(html: string): string | undefined {
  const m = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  return m?.[1]?.replace(/<[^>]+>/g, "");
}

/** Text as React writes it into HTML. */
function escaped(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");
}

describe("renderPage", () => {
  it.each(cases)("renders $name with its heading", (c) => {
    const html = render(c);
    // A component that throws inside a Suspense boundary is left to the browser, with this note in development builds.
    expect(html).not.toContain("server rendering errored");
    expect(h1(html)).toBe(escaped(c.h1 ?? c.page.title));
    for (const text of c.texts ?? []) expect(html).toContain(escaped(text));
  });

  it("writes the texts of the page's language", () => {
    expect(render(cases[0]!)).toContain('lang="nl"');
  });

  it("renders a list with a search state in its address", () => {
    const html = render({ name: "for-sale", page: fx.forSaleNl }, "/nl/te-koop/?query=chalet&page=2");
    expect(h1(html)).toBe("Te koop");
  });
});
