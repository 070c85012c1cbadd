import { describe, expect, it } from "vitest";
import type { Optimized } from "../api/types";
import {
  bannerPicture,
  cardPicture,
  detailPicture,
  formatType,
  galleryThumbnailSizes,
  lightboxRenditions,
  optimizedSrcSet,
  renditionAddress,
  thumbnailPicture,
} from "./pictures";

// The strings below are what the Go server's preloads must write too (type, imagesrcset, imagesizes): a change here
// is a change of the server's contract.

const base = "/img/3f/3fa9c1d2e4b5a6978812a3b4c5d6e7f8/";
const photo: Optimized = {
  base,
  width: 1600,
  height: 1067,
  widths: [100, 280, 400, 600, 800, 1024, 1360, 1600],
  formats: ["avif", "webp", "jpg"],
};
const set = (format: string, widths: number[]) => widths.map((w) => `${base}${w}.${format} ${w}w`).join(", ");

describe("renditions", () => {
  it("address one width in one format as base + width + '.' + format", () => {
    expect(renditionAddress(photo, 800, "avif")).toBe(`${base}800.avif`);
  });

  it("list a format's widths as 'address {w}w', comma and space between", () => {
    expect(optimizedSrcSet(photo, [400, 600], "webp")).toBe(`${base}400.webp 400w, ${base}600.webp 600w`);
  });

  it("name jpg image/jpeg and other formats image/{format}", () => {
    expect(formatType("jpg")).toBe("image/jpeg");
    expect(formatType("avif")).toBe("image/avif");
    expect(formatType("webp")).toBe("image/webp");
  });
});

describe("cardPicture", () => {
  it("offers every width in every format, best first, the jpg on the <img>", () => {
    expect(cardPicture(photo)).toEqual({
      sources: [
        { type: "image/avif", srcSet: set("avif", photo.widths) },
        { type: "image/webp", srcSet: set("webp", photo.widths) },
      ],
      src: `${base}400.jpg`,
      srcSet: set("jpg", photo.widths),
      sizes: "(max-width: 766px) 100vw, (max-width: 1279px) 50vw, 400px",
      width: 1600,
      height: 1067,
    });
  });

  it("pins the avif srcset", () => {
    expect(cardPicture(photo)?.sources[0]?.srcSet).toBe(
      `${base}100.avif 100w, ${base}280.avif 280w, ${base}400.avif 400w, ${base}600.avif 600w, ` +
        `${base}800.avif 800w, ${base}1024.avif 1024w, ${base}1360.avif 1360w, ${base}1600.avif 1600w`,
    );
  });

  it("shows the largest width when none reaches 400 px", () => {
    expect(cardPicture({ ...photo, width: 300, height: 200, widths: [100, 280, 300] })?.src).toBe(`${base}300.jpg`);
  });

  it("keeps the formats' order and has no <source> for a jpg-only photo", () => {
    expect(cardPicture({ ...photo, formats: ["webp", "avif", "jpg"] })?.sources.map((s) => s.type)).toEqual(["image/webp", "image/avif"]);
    expect(cardPicture({ ...photo, formats: ["jpg"] })?.sources).toEqual([]);
  });

  it("is null without renditions", () => {
    expect(cardPicture(undefined)).toBeNull();
    expect(cardPicture({ ...photo, widths: [] })).toBeNull();
  });
});

describe("detailPicture", () => {
  it("offers the widths from 400 px, the detail's sizes, the width nearest 1360 on the <img>", () => {
    const wide = [400, 600, 800, 1024, 1360, 1600];
    expect(detailPicture(photo)).toEqual({
      sources: [
        { type: "image/avif", srcSet: set("avif", wide) },
        { type: "image/webp", srcSet: set("webp", wide) },
      ],
      src: `${base}1360.jpg`,
      srcSet: set("jpg", wide),
      sizes: "(max-width: 1050px) 100vw, 1050px",
      width: 1600,
      height: 1067,
    });
  });

  it("takes the nearest width to 1360, the smaller of two as near", () => {
    expect(detailPicture({ ...photo, widths: [400, 600, 800, 1024, 1200] })?.src).toBe(`${base}1200.jpg`);
    expect(detailPicture({ ...photo, widths: [400, 1260, 1460] })?.src).toBe(`${base}1260.jpg`);
    expect(detailPicture({ ...photo, widths: [400, 600, 800, 1024, 1360, 1600, 2048] })?.src).toBe(`${base}1360.jpg`);
  });

  it("offers its largest width alone when the photo is narrower than 400 px", () => {
    expect(detailPicture({ ...photo, widths: [100, 280, 350] })?.srcSet).toBe(`${base}350.jpg 350w`);
  });
});

describe("bannerPicture", () => {
  it("offers the widths from 400 px, the banner's sizes, the width nearest 1360 on the <img>", () => {
    const wide = [400, 600, 800, 1024, 1360, 1600];
    expect(bannerPicture(photo)).toEqual({
      sources: [
        { type: "image/avif", srcSet: set("avif", wide) },
        { type: "image/webp", srcSet: set("webp", wide) },
      ],
      src: `${base}1360.jpg`,
      srcSet: set("jpg", wide),
      sizes: "(max-width: 766.98px) and (max-resolution: 1.5dppx) 200vw, 100vw",
      width: 1600,
      height: 1067,
    });
  });

  it("reaches a 2048 px original for a wide screen", () => {
    const big = { ...photo, width: 2048, height: 1365, widths: [...photo.widths, 2048] };
    expect(bannerPicture(big)?.srcSet.endsWith(`${base}2048.jpg 2048w`)).toBe(true);
    expect(bannerPicture(big)?.src).toBe(`${base}1360.jpg`);
  });
});

describe("thumbnailPicture", () => {
  it("offers every width for the slot's sizes, the smallest from 280 px on the <img>", () => {
    const p = thumbnailPicture(photo, galleryThumbnailSizes);
    expect(p?.sizes).toBe("(max-width: 342.85px) 96px, (max-width: 499.98px) 28vw, 140px");
    expect(p?.src).toBe(`${base}280.jpg`);
    expect(p?.srcSet).toBe(set("jpg", photo.widths));
    expect(thumbnailPicture(photo, "72px")?.sizes).toBe("72px");
  });
});

describe("lightboxRenditions", () => {
  it("lists every width in jpg with its height, the largest last", () => {
    const r = lightboxRenditions(photo);
    expect(r?.map((x) => x.width)).toEqual(photo.widths);
    expect(r?.at(-1)).toEqual({ src: `${base}1600.jpg`, width: 1600, height: 1067 });
    expect(r?.[3]).toEqual({ src: `${base}600.jpg`, width: 600, height: 400 });
    expect(lightboxRenditions(undefined)).toBeNull();
  });
});
