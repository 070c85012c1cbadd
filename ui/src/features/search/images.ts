import photos from "../../../../site/photosizes/photos.json";

// Widths and sizes come from site/photosizes/photos.json, which the Go server's preloads read too.

/** The widths a card's srcset lists; a thumbnail URL ends in /{width}.jpg. */
export const renditionWidths: readonly number[] = photos.card.renditions;

/** The spec's width table: the rendition shown for a slot of `cssWidth` pixels. */
export function renditionFor(cssWidth: number): number {
  return photos.slots.find((s) => cssWidth <= s.upTo)?.width ?? photos.original;
}

/** The address of one rendition of a photo, or null when the URL is not a rendition address. */
export function renditionUrl(url: string, width: number): string | null {
  const m = /^(.*\/)\d+\.jpg(\?.*)?$/.exec(url);
  return m ? `${m[1]}${width}.jpg${m[2] ?? ""}` : null;
}

/**
 * The srcset of a card image: every rendition with its width, so the browser
 * picks per the table above for the slot the card's `sizes` declares. An
 * address that is not a rendition gives "" (the plain src is then used).
 */
export function cardSrcSet(url: string): string {
  if (renditionUrl(url, 100) === null) return "";
  return renditionWidths.map((w) => `${renditionUrl(url, w)} ${w}w`).join(", ");
}

/** Card slots: one column on phones, two on tablets, three from the desktop grid on. */
export const cardSizes: string = photos.card.sizes;
