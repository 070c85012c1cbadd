import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Condition, Module, PageData } from "../../lib/api/types";
import { homeNl, module } from "../__fixtures__/pages";
import { renderWith } from "../__fixtures__/render";
import { site } from "../__fixtures__/site";
import { gridClasses } from "./grid";
import { Modules } from "./Modules";

function renderModules(modules: Module[], page: PageData = homeNl) {
  const { container } = renderWith(<Modules modules={modules} page={page} site={site} />, page.lang);
  return [...container.querySelectorAll<HTMLElement>("[data-module]")];
}

const when = (field: string, logic: Condition["logic"], value: Condition["compareWithValue"]): Condition => ({
  field,
  logic,
  compareWithField: "",
  compareWithValue: value,
  advancedCondition: null,
});

describe("Modules", () => {
  it("orders modules by position", () => {
    const shown = renderModules(homeNl.content!.modules);
    expect(shown.map((el) => el.dataset.module)).toEqual(["services", "testimonials", "contact"]);
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "Onze diensten",
      "Wat klanten zeggen",
      "Contact",
    ]);
  });

  it("puts each module on the grid for the three device classes", () => {
    const [services, testimonials] = renderModules(homeNl.content!.modules);
    expect(services!.className).toContain("modules__item--sm-12 modules__item--md-6 modules__item--lg-3");
    expect(testimonials!.className).toContain("modules__item--sm-12 modules__item--md-12 modules__item--lg-6");
    expect(services!.parentElement!.className).toBe("modules");
  });

  it.each([
    ["normal widths", { sm: 12, md: 6, lg: 4 }, 1, ["modules__item--sm-12", "modules__item--md-6", "modules__item--lg-4"]],
    ["too wide is clamped", { sm: 20, md: 6, lg: 4 }, 1, ["modules__item--sm-12", "modules__item--md-6", "modules__item--lg-4"]],
    ["zero or fractions take the full width", { sm: 0, md: 2.5, lg: -1 }, 1, ["modules__item--sm-12", "modules__item--md-12", "modules__item--lg-12"]],
    ["row span", { sm: 12, md: 6, lg: 6 }, 2, ["modules__item--sm-12", "modules__item--md-6", "modules__item--lg-6", "modules__item--rows-2"]],
    ["row span is capped", { sm: 12, md: 6, lg: 6 }, 9, ["modules__item--sm-12", "modules__item--md-6", "modules__item--lg-6", "modules__item--rows-4"]],
  ])("grid classes: %s", (_name, col, span, want) => {
    expect(gridClasses({ col, span })).toEqual(want);
  });

  it("shows a module only when its condition holds for the page", () => {
    const modules = [
      module("always", 1),
      module("has-sale", 2, { condition: when("counts.sale", "greaterThan", 0) }),
      module("has-rent", 3, { condition: when("counts.rent", "greaterThan", 0) }),
      module("dutch", 4, { condition: when("lang", "equals", "nl") }),
      module("broken", 5, { condition: when("counts.unknown.deep", "equals", 1) }),
    ];
    expect(renderModules(modules).map((el) => el.dataset.module)).toEqual(["always", "has-sale", "dutch"]);
  });

  it("renders nothing when no module is shown", () => {
    const { container } = renderWith(
      <Modules modules={[module("x", 1, { condition: when("counts.rent", "greaterThan", 0) })]} page={homeNl} site={site} />,
      "nl",
    );
    expect(container.innerHTML).toBe("");
  });

  it("lists cards with image size, title, intro and a 'read more' link", () => {
    renderModules(homeNl.content!.modules);
    const services = screen.getByRole("region", { name: "Onze diensten" });
    expect(within(services).getByText("Verkoop, verhuur, beheer en syndic.")).toBeTruthy();
    const card = within(services).getByRole("article");
    expect(within(card).getByRole("heading", { level: 3 }).textContent).toBe("Verkoop");
    const img = within(card).getByRole("img");
    expect(img.getAttribute("width")).toBe("640");
    expect(img.getAttribute("height")).toBe("427");
    expect(img.getAttribute("alt")).toBe("Een verkochte woning");
    const more = within(card).getByRole("link", { name: "Lees meer: Verkoop" });
    expect(more.getAttribute("href")).toBe("/nl/onze-diensten/verkoop/");
  });

  it("shows a single-view module's first item large, and a contact item with the agency's details", () => {
    const items = [
      { type: "contact" as const, path: "", title: "Kom langs", intro: "Welkom.", image: null },
      { type: "article" as const, path: "/nl/onze-diensten/verkoop/", title: "Verkoop", intro: "", image: null },
    ];
    renderModules([module("contact", 1, { title: "Contact", view: "single-view", items })]);
    const region = screen.getByRole("region", { name: "Contact" });
    const cards = within(region).getAllByRole("article");
    expect(cards).toHaveLength(1);
    expect(cards[0]!.className).toContain("module-card--large");
    expect(within(region).getByRole("link", { name: "061 23 45 67" }).getAttribute("href")).toBe("tel:+3261234567");
    expect(within(region).getByRole("link", { name: "info@ardenne-immo.be" }).getAttribute("href")).toBe("mailto:info@ardenne-immo.be");
    expect(within(region).getByRole("link", { name: "Vraag een gratis schatting aan" }).getAttribute("href")).toBe("/nl/gratis-schatting/");
  });

  it("lists every item of a list-view module, with localized link text", () => {
    const items = ["a", "b", "c"].map((slug) => ({
      type: "testimonial" as const,
      path: `/fr/testimonials/${slug}/`,
      title: `Témoignage ${slug}`,
      intro: "",
      image: null,
    }));
    const page = { ...homeNl, lang: "fr" };
    renderModules([module("t", 1, { title: "Témoignages", items })], page);
    expect(screen.getAllByRole("listitem")).toHaveLength(3);
    expect(screen.getByRole("link", { name: "Lire la suite: Témoignage b" }).getAttribute("href")).toBe("/fr/testimonials/b/");
  });

  it("uses h2 for item titles when the module has no title", () => {
    renderModules([module("bare", 1, { title: "", items: [{ type: "article", path: "/nl/x/", title: "Los artikel", intro: "", image: null }] })]);
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Los artikel");
    expect(screen.queryByRole("region")).toBeNull();
  });
});
