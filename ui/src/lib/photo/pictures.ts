import type { Optimized } from "../../lib/api/types";
import photos from "../../../../site/photosizes/photos.json";

// The rules that turn a photo's optimized renditions into a <picture>'s srcsets, one per slot. The Go server preloads
// the first photo of a page with <link rel=preload as=image type imagesrcset imagesizes> built by the same rules
// (package pagedata and site, reading the same site/photosizes/photos.json): a preload that differs from the
// element's best <source> by one byte is a second download. photos.test.ts pins every rule's strings.

/** The sources of one slot: one <source> per format better than jpg, best first, then the <img>'s jpg. */
export interface PictureSources {
  /** type is the format's MIME type ("image/avif"); srcSet lists the slot's widths in that format. */
  sources: { type: string; srcSet: string }[];
  /** The jpg the <img> shows where no <source> fits (and a browser without srcset). */
  src: string;
  /** The jpg srcset of the <img>. */
  srcSet: string;
  sizes: string;
  /** The renditions' own size (the largest's), whose ratio the <img> box takes before the photo arrives. */
  width: number;
  height: number;
}

const jpg = "jpg";

/** The address of one rendition: base + width + "." + format. */
export function renditionAddress(o: Optimized, width: number, format: string): string {
  return `${o.base}${width}.${format}`;
}

/** The srcset of one format over the given widths: "base400.avif 400w, base600.avif 600w". */
export function optimizedSrcSet(o: Optimized, widths: readonly number[], format: string): string {
  return widths.map((w) => `${renditionAddress(o, w, format)} ${w}w`).join(", ");
}

/** The MIME type of a format, as <source type> and the preload's type write it. */
export function formatType(format: string): string {
  return format === jpg ? "image/jpeg" : `image/${format}`;
}

/** The smallest width of at least min, else the largest. */
function smallestFrom(widths: readonly number[], min: number): number {
  return widths.find((w) => w >= min) ?? widths[widths.length - 1]!;
}

/** The width nearest target; of two as near, the smaller. */
function nearest(widths: readonly number[], target: number): number {
  let best = widths[0]!;
  for (const w of widths) if (Math.abs(w - target) < Math.abs(best - target)) best = w;
  return best;
}

/** The widths from min on; a photo narrower than min offers its largest alone. */
function from(widths: readonly number[], min: number): number[] {
  const wide = widths.filter((w) => w >= min);
  return wide.length > 0 ? wide : widths.slice(-1);
}

function picture(o: Optimized, widths: readonly number[], sizes: string, src: number): PictureSources {
  return {
    sources: o.formats.filter((f) => f !== jpg).map((f) => ({ type: formatType(f), srcSet: optimizedSrcSet(o, widths, f) })),
    src: renditionAddress(o, src, jpg),
    srcSet: optimizedSrcSet(o, widths, jpg),
    sizes,
    width: o.width,
    height: o.height,
  };
}

/** Whether a picture can be shown from its renditions: the pipeline made at least one width. */
function usable(o: Optimized | undefined): o is Optimized {
  return o !== undefined && o.widths.length > 0;
}

/** A width in the card's src: the narrowest that a one-column phone card at 1x still fills. */
const cardSrcMin = 400;

/** A list card (search results, projects, similar listings, favourites): every width, sizes = photos.card.sizes, src the smallest width ≥ 400 (else the largest). */
export function cardPicture(o: Optimized | undefined, sizes: string = photos.card.sizes): PictureSources | null {
  if (!usable(o)) return null;
  return picture(o, o.widths, sizes, smallestFrom(o.widths, cardSrcMin));
}

/** A content image (a page's or a module card's, from the configuration): every width, the slot's sizes, src as a card's. */
export function contentPicture(o: Optimized | undefined, sizes: string): PictureSources | null {
  if (!usable(o)) return null;
  return picture(o, o.widths, sizes, smallestFrom(o.widths, cardSrcMin));
}

/** A detail page's main photo: widths ≥ photos.detail.minWidth, sizes = photos.detail.sizes, src the width nearest photos.detail.fallbackWidth. */
export function detailPicture(o: Optimized | undefined): PictureSources | null {
  if (!usable(o)) return null;
  return picture(o, from(o.widths, photos.detail.minWidth), photos.detail.sizes, nearest(o.widths, photos.detail.fallbackWidth));
}

/** The banner's src where no srcset applies: what a desktop's full width takes, as with the platform's photos. */
const bannerSrcWidth = 1360;

/** The home banner: widths ≥ photos.banner.renditions[0], sizes = photos.banner.sizes, src the width nearest 1360. */
export function bannerPicture(o: Optimized | undefined): PictureSources | null {
  if (!usable(o)) return null;
  const min = photos.banner.renditions[0] ?? 0;
  return picture(o, from(o.widths, min), photos.banner.sizes, nearest(o.widths, bannerSrcWidth));
}

/**
 * A gallery thumbnail's slot: clamp(96px, 28vw, 140px) wide (PhotoGallery.css .photo-gallery__item), so 96 px up to
 * a 342 px viewport and 140 px from 500 px.
 */
export const galleryThumbnailSizes = "(max-width: 342.85px) 96px, (max-width: 499.98px) 28vw, 140px";

/** A small photo of a fixed slot (gallery strip, quick search, map popup): every width, the slot's sizes, src the smallest width ≥ photos.detail.thumbnailWidth. */
export function thumbnailPicture(o: Optimized | undefined, sizes: string): PictureSources | null {
  if (!usable(o)) return null;
  return picture(o, o.widths, sizes, smallestFrom(o.widths, photos.detail.thumbnailWidth));
}

/** One size of a lightbox slide. */
export interface LightboxRendition {
  src: string;
  width: number;
  height: number;
}

/**
 * The lightbox's renditions: every width in jpg with its height, the largest last. The library writes its own
 * <img srcset> (sizes: the slide's box) and has no <source>, so it keeps the format every browser shows.
 */
export function lightboxRenditions(o: Optimized | undefined): LightboxRendition[] | null {
  if (!usable(o)) return null;
  return o.widths.map((w) => ({ src: renditionAddress(o, w, jpg), width: w, height: Math.round((o.height * w) / o.width) }));
}
