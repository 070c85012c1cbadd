import type { Image, ImageSetting } from "../api/types";

/**
 * Photo addresses that end in /{width}.jpg (the photo server's renditions)
 * can be asked for at other widths; these are the widths it renders.
 */
export const renditionWidths = [400, 600, 1360, 1600] as const;

const widthInUrl = /\/(\d+)\.jpg$/;

/** A srcset over the renditions up to the image's own width; undefined when the address has no width in it. */
export function srcSet(image: Image): string | undefined {
  if (!widthInUrl.test(image.src)) return undefined;
  const widths = renditionWidths.filter((w) => w <= Math.max(image.width, renditionWidths[0]));
  return widths.map((w) => `${image.src.replace(widthInUrl, `/${w}.jpg`)} ${w}w`).join(", ");
}

/**
 * The banner fills the viewport's width; on mobile (below 767 px) the spec
 * asks images at scale 0.5, so the browser picks a rendition for half the
 * width (a 375 px phone gets the 400 px one).
 */
export const bannerSizes = "(max-width: 766.98px) 50vw, 100vw";

/** Whether the banner shows a photo or video (the header is then transparent over it). */
export function hasBannerMedia(banner: ImageSetting): boolean {
  switch (banner.kind) {
    case "image":
    case "gallery":
      return banner.images.length > 0;
    case "video":
      return banner.video !== null && banner.video.src !== "";
    default:
      return false;
  }
}
