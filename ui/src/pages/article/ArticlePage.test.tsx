import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PageData, PageImageSetting } from "../../lib/api/types";
import { articleFr, articleNl, module } from "../__fixtures__/pages";
import { renderWith } from "../__fixtures__/render";
import { site } from "../__fixtures__/site";
import { ArticlePage } from "./ArticlePage";

function withImage(page: PageData, image: PageImageSetting): PageData {
  return { ...page, content: { ...page.content!, image } };
}

const picture = (src: string) => ({ src, width: 800, height: 600, alt: `Photo ${src}` });

describe("ArticlePage", () => {
  it("renders the heading, intro and the Markdown body inside .prose", () => {
    const { container } = renderWith(<ArticlePage site={site} page={articleNl} />, "nl");
    expect(screen.getByRole("article")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Verkoop");
    expect(screen.getByText("Wij begeleiden u van de schatting tot de akte.")).toBeTruthy();
    const prose = container.querySelector(".prose")!;
    expect(prose.querySelector("h2")?.textContent).toBe("Onze aanpak");
    expect(prose.querySelectorAll("li")).toHaveLength(2);
    expect(prose.querySelector("table")).not.toBeNull();
  });

  it("shows an image of kind image with its size", () => {
    renderWith(<ArticlePage site={site} page={articleNl} />, "nl");
    const img = screen.getByRole("img", { name: "Een woning in Bastogne" });
    expect(img.getAttribute("width")).toBe("1200");
    expect(img.getAttribute("height")).toBe("800");
  });

  it("shows a colour field as decoration", () => {
    const { container } = renderWith(<ArticlePage site={site} page={articleFr} />, "fr");
    const field = container.querySelector<HTMLElement>(".content-image--color")!;
    expect(field.getAttribute("aria-hidden")).toBe("true");
    expect(field.style.backgroundColor).toBe("rgb(31, 78, 61)");
    expect(screen.queryByRole("img")).toBeNull();
  });

  it("shows a gallery as a list of images, alt texts falling back to the upper-case key", () => {
    const page = withImage(articleFr, { kind: "gallery", images: [picture("a.jpg"), picture("b.jpg")], color: "", video: null });
    renderWith(<ArticlePage site={site} page={page} />, "fr");
    expect(screen.getByRole("list", { name: "Photos" })).toBeTruthy();
    expect(screen.getAllByRole("img").map((img) => img.getAttribute("alt"))).toEqual(["Photo a.jpg", "Photo b.jpg"]);
  });

  it("shows nothing for kind empty", () => {
    const page = withImage(articleNl, { kind: "empty", images: [picture("a.jpg")], color: "#000", video: null });
    const { container } = renderWith(<ArticlePage site={site} page={page} />, "nl");
    expect(container.querySelector(".content-image")).toBeNull();
  });

  it("renders its modules", () => {
    const page = { ...articleNl, content: { ...articleNl.content!, modules: [module("more", 1, { title: "Ook interessant" })] } };
    renderWith(<ArticlePage site={site} page={page} />, "nl");
    expect(screen.getByRole("region", { name: "Ook interessant" })).toBeTruthy();
  });

  it("renders only the heading when the page has no content", () => {
    renderWith(<ArticlePage site={site} page={{ ...articleNl, content: null }} />, "nl");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Verkoop");
  });

  it("leads a testimonial article to the guestbook, and no other article", () => {
    const testimonial = { ...articleNl, internal: "/testimonials/famille-lejeune/" };
    renderWith(<ArticlePage site={site} page={testimonial} />, "nl");
    const link = screen.getByRole("link", { name: "Lees alle getuigenissen of schrijf de uwe in ons gastenboek" });
    expect(link.getAttribute("href")).toBe("/nl/gastenboek/");
  });

  it("offers no guestbook link on a service article", () => {
    renderWith(<ArticlePage site={site} page={articleNl} />, "nl");
    expect(screen.queryByRole("link", { name: /gastenboek/ })).toBeNull();
  });
});
