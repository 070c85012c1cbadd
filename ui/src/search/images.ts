/** The widths the photo server renders; a thumbnail URL ends in /{width}.jpg. */
export const renditionWidths = [100, 400, 600, 1360, 1600] as const;

/** The spec's width table: the rendition shown for a slot of `cssWidth` pixels. */
export function renditionFor(cssWidth: number): number {
  if (cssWidth <= 100) return 100;
  if (cssWidth <= 500) return 400;
  if (cssWidth <= 750) return 600;
  if (cssWidth <= 1050) return 1360;
  return 1600;
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
export const cardSizes = "(max-width: 766px) 100vw, (max-width: 1279px) 50vw, 400px";
