import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Picture } from "./ContentImage";
import { optimizedPhoto } from "../../lib/photo/testSupport";

describe("Picture", () => {
  it("offers the photo server's renditions up to the image's width", () => {
    render(<Picture image={{ src: "/demo/photos/x/1/1360.jpg", width: 1360, height: 907, alt: "Huis" }} />);
    const img = screen.getByRole("img", { name: "Huis" });
    expect(img.getAttribute("srcset")).toBe(
      "/demo/photos/x/1/400.jpg 400w, /demo/photos/x/1/600.jpg 600w, /demo/photos/x/1/1360.jpg 1360w",
    );
    expect(img.getAttribute("sizes")).toContain("100vw");
    expect([img.getAttribute("width"), img.getAttribute("height"), img.getAttribute("loading")]).toEqual(["1360", "907", "lazy"]);
  });

  it("keeps a single source for other addresses", () => {
    render(<Picture image={{ src: "/images/logo.svg", width: 200, height: 56, alt: "Logo" }} eager />);
    const img = screen.getByRole("img", { name: "Logo" });
    expect(img.getAttribute("srcset")).toBeNull();
    expect(img.getAttribute("sizes")).toBeNull();
    expect(img.getAttribute("loading")).toBe("eager");
  });

  it("shows an image the pipeline made as a <picture>: AVIF and WebP sources over every width, the content's sizes", () => {
    const optimized = optimizedPhoto("c");
    const { container } = render(<Picture image={{ src: "/demo/photos/x/1/1360.jpg", width: 1360, height: 907, alt: "Huis", optimized }} />);
    const sources = [...container.querySelectorAll("picture > source")];
    expect(sources.map((s) => s.getAttribute("type"))).toEqual(["image/avif", "image/webp"]);
    expect(sources[0]?.getAttribute("srcset")).toBe(optimized.widths.map((w) => `${optimized.base}${w}.avif ${w}w`).join(", "));
    expect(sources[0]?.getAttribute("sizes")).toBe("(max-width: 766.98px) 100vw, (max-width: 1279.98px) 50vw, 640px");
    const img = screen.getByRole("img", { name: "Huis" });
    expect([img.getAttribute("src"), img.getAttribute("loading"), img.className]).toEqual([`${optimized.base}400.jpg`, "lazy", "content-image__img"]);
  });
});
