import type { Image, ImageSetting, PageImage } from "../lib/api/types";
import photos from "../../../site/photosizes/photos.json";

/**
 * Photo addresses that end in /{width}.jpg (the photo server's renditions)
 * can be asked for at other widths; these are the widths it renders. The
 * server preloads the banner from the same table (site/photosizes/photos.json).
 */
export const renditionWidths: readonly number[] = photos.banner.renditions;

const widthInUrl = /\/(\d+)\.jpg$/;

/** A srcset over the renditions up to the image's own width; undefined when the address has no width in it. */
export function srcSet(image: Image | PageImage): string | undefined {
  if (!widthInUrl.test(image.src)) return undefined;
  const widths = renditionWidths.filter((w) => w <= Math.max(image.width, renditionWidths[0] ?? 0));
  return widths.map((w) => `${image.src.replace(widthInUrl, `/${w}.jpg`)} ${w}w`).join(", ");
}

/**
 * The banner fills the viewport's width; on mobile (below 767 px) the spec
 * shows images at scale 0.5: at least two photo pixels per CSS pixel, so on
 * a 1 dppx screen the slot is twice the width (site/banner.go says why not
 * on denser ones).
 */
export const bannerSizes: string = photos.banner.sizes;

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
