import { describe, expect, it } from "vitest";
import { bannerSizes, hasBannerMedia, srcSet } from "./bannerImages";
import { easeInOutCubic, scrollPosition } from "./smoothScroll";

describe("srcSet", () => {
  it("offers the photo server's renditions up to the image's width", () => {
    expect(srcSet({ src: "/demo/photos/b/1/1600.jpg", width: 1600, height: 1067, alt: {} })).toBe(
      "/demo/photos/b/1/400.jpg 400w, /demo/photos/b/1/600.jpg 600w, /demo/photos/b/1/1360.jpg 1360w, /demo/photos/b/1/1600.jpg 1600w",
    );
    expect(srcSet({ src: "/demo/photos/b/1/600.jpg", width: 600, height: 400, alt: {} })).toBe(
      "/demo/photos/b/1/400.jpg 400w, /demo/photos/b/1/600.jpg 600w",
    );
  });

  it("pins the banner's sizes, as the server's preload writes them (site/photosizes/photos_test.go)", () => {
    expect(bannerSizes).toBe("(max-width: 766.98px) and (max-resolution: 1.5dppx) 200vw, 100vw");
  });

  it("has none for other addresses", () => {
    expect(srcSet({ src: "/images/banner.webp", width: 1600, height: 900, alt: {} })).toBeUndefined();
  });

  it("asks twice the viewport on mobile (scale 0.5): a 390 px phone gets at least 780 photo pixels", () => {
    const set = srcSet({ src: "/demo/photos/b/1/1600.jpg", width: 1600, height: 1067, alt: {} }) ?? "";
    const widths = set.split(", ").map((c) => Number(c.split(" ")[1]?.replace("w", "")));
    const mobileVw = Number(/\(max-width: 766\.98px\) and \(max-resolution: 1\.5dppx\) (\d+)vw/.exec(bannerSizes)?.[1]);
    expect(mobileVw).toBe(200);
    // What a browser picks: the smallest candidate covering the slot's device pixels.
    const pick = (viewport: number, dpr: number, vw: number) => widths.find((w) => w >= (viewport * vw * dpr) / 100) ?? widths.at(-1);
    expect(pick(390, 1, mobileVw)).toBe(1360);
    // Denser screens take the viewport's width, already two pixels per CSS pixel.
    expect(pick(412, 1.75, 100)).toBe(1360);
    expect(pick(390, 3, 100)).toBe(1360);
    expect(pick(375, 2, 100)).toBe(1360);
    expect(pick(1440, 1, 100)).toBe(1600);
  });
});

describe("hasBannerMedia", () => {
  const base = { images: [], color: "", video: null };
  it("is true for a photo, a gallery or a video", () => {
    const image = { src: "/a/1600.jpg", width: 1600, height: 1067, alt: {} };
    expect(hasBannerMedia({ ...base, kind: "image", images: [image] })).toBe(true);
    expect(hasBannerMedia({ ...base, kind: "gallery", images: [image, image] })).toBe(true);
    expect(hasBannerMedia({ ...base, kind: "video", video: { src: "/v.mp4", poster: "", type: "video/mp4" } })).toBe(true);
  });

  it("is false for a colour, nothing, or a kind without its media", () => {
    expect(hasBannerMedia({ ...base, kind: "color", color: "#123" })).toBe(false);
    expect(hasBannerMedia({ ...base, kind: "empty" })).toBe(false);
    expect(hasBannerMedia({ ...base, kind: "image" })).toBe(false);
    expect(hasBannerMedia({ ...base, kind: "video" })).toBe(false);
  });
});

describe("scroll-to-top animation", () => {
  it("eases from start to end in 500 ms", () => {
    expect(easeInOutCubic(0)).toBe(0);
    expect(easeInOutCubic(0.5)).toBe(0.5);
    expect(easeInOutCubic(1)).toBe(1);
    expect(scrollPosition(1000, 0, 0)).toBe(1000);
    expect(scrollPosition(1000, 0, 250)).toBe(500);
    expect(scrollPosition(1000, 0, 500)).toBe(0);
    expect(scrollPosition(1000, 0, 800)).toBe(0);
  });
});
