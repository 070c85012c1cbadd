import { describe, expect, it } from "vitest";
import type { PropertyPhoto } from "../../lib/api/types";
import { lightboxSources, mainSizes, mainSrc, mainSrcSet, thumbnail } from "./photos";
import { demoPhoto } from "./testSupport";

const bare: PropertyPhoto = { url: "/p/original.jpg", width: 1200, height: 800, alt: "", variants: [] };

describe("main photo", () => {
  it("uses the renditions from 400 px, the original included, as the server's preload does", () => {
    expect(mainSrcSet(demoPhoto(3))).toBe(
      "/demo/photos/4018/3/400.jpg 400w, /demo/photos/4018/3/600.jpg 600w, " +
        "/demo/photos/4018/3/1360.jpg 1360w, /demo/photos/4018/3/1600.jpg 1600w",
    );
    expect(mainSizes).toBe("(max-width: 1050px) 100vw, 1050px");
  });

  it("takes the rendition nearest 1360 px as src", () => {
    expect(mainSrc(demoPhoto(3))).toBe("/demo/photos/4018/3/1360.jpg");
    expect(mainSrc(bare)).toBe("/p/original.jpg");
  });

  it("has no srcset without a choice of renditions, and skips renditions without an address", () => {
    expect(mainSrcSet(bare)).toBe("");
    const one = { ...bare, variants: [{ url: "/p/100.jpg", width: 100, height: 67 }, { url: "/p/600.jpg", width: 600, height: 400 }] };
    expect(mainSrcSet(one)).toBe("");
    const holes = { ...demoPhoto(1), variants: demoPhoto(1).variants.map((v) => (v.width === 1360 ? { ...v, url: "" } : v)) };
    expect(mainSrcSet(holes)).not.toContain("1360w");
    expect(mainSrc(holes)).toBe("/demo/photos/4018/1/1600.jpg");
  });
});

describe("thumbnail", () => {
  it("is the ~280 px rendition", () => {
    expect(thumbnail(demoPhoto(2))).toEqual({ url: "/demo/photos/4018/2/280.jpg", width: 280, height: 187 });
  });

  it("falls back to the largest smaller rendition, then to the original", () => {
    const small = { ...bare, variants: [{ url: "/p/100.jpg", width: 100, height: 67 }] };
    expect(thumbnail(small).url).toBe("/p/100.jpg");
    expect(thumbnail(bare).url).toBe("/p/original.jpg");
  });
});

describe("lightbox sources", () => {
  it("lists every rendition once, adding the original when the renditions lack it", () => {
    expect(lightboxSources(demoPhoto(1)).map((r) => r.width)).toEqual([100, 280, 400, 600, 1360, 1600]);
    const withoutOriginal = { ...bare, variants: [{ url: "/p/400.jpg", width: 400, height: 267 }] };
    expect(lightboxSources(withoutOriginal).map((r) => r.url)).toEqual(["/p/400.jpg", "/p/original.jpg"]);
  });
});
