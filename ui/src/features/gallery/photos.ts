import type { PropertyPhoto, Rendition } from "../../lib/api/types";
import photos from "../../../../site/photosizes/photos.json";

/**
 * The slot of the main photo. The Go server preloads photos[0] with exactly
 * this sizes and the srcset of mainSrcSet (pagedata/photos.go photoPreload),
 * both read from site/photosizes/photos.json: any difference makes the
 * browser fetch a second rendition.
 */
export const mainSizes: string = photos.detail.sizes;

/** The rendition a browser without srcset support gets, as the server's preload href. */
const mainFallbackWidth = photos.detail.fallbackWidth;

/** Thumbnails are shown about 140 px wide: the ~280 rendition stays sharp on 2x screens. */
const thumbnailWidth = photos.detail.thumbnailWidth;

/** Renditions narrower than this look blurred in the main slot on any phone. */
const mainMinWidth = photos.detail.minWidth;

const usable = (photo: PropertyPhoto): Rendition[] => photo.variants.filter((v) => v.url !== "");

/** The main photo's srcset: its renditions from 400 px wide (the original among them), "" when there is no choice. */
export function mainSrcSet(photo: PropertyPhoto): string {
  const set = usable(photo)
    .filter((v) => v.width >= mainMinWidth)
    .map((v) => `${v.url} ${v.width}w`);
  return set.length > 1 ? set.join(", ") : "";
}

/** The main photo's src: the rendition nearest 1360 px, as the server's preload href. */
export function mainSrc(photo: PropertyPhoto): string {
  let best: Rendition = photo;
  for (const v of usable(photo)) {
    if (Math.abs(v.width - mainFallbackWidth) < Math.abs(best.width - mainFallbackWidth)) best = v;
  }
  return best.url;
}

/** The thumbnail rendition: the smallest one of at least ~280 px, else the largest there is, else the original. */
export function thumbnail(photo: PropertyPhoto): Rendition {
  const variants = usable(photo);
  const wide = variants.find((v) => v.width >= thumbnailWidth);
  return wide ?? variants[variants.length - 1] ?? photo;
}

/** Every rendition of a photo for the lightbox's srcset, the original included once. */
export function lightboxSources(photo: PropertyPhoto): Rendition[] {
  const variants = usable(photo);
  return variants.some((v) => v.url === photo.url)
    ? variants
    : [...variants, { url: photo.url, width: photo.width, height: photo.height }];
}
