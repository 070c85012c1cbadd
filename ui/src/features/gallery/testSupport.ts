// Photos shaped as the Go server sends them, for the gallery tests.
import type { PropertyPhoto } from "../../lib/api/types";

const widths = [100, 280, 400, 600, 1360, 1600];

/** A photo of the demo photo server: every rendition at /{width}.jpg, the 1600 original the last of them. */
export function demoPhoto(n: number, alt = ""): PropertyPhoto {
  const url = (w: number) => `/demo/photos/4018/${n}/${w}.jpg`;
  const height = (w: number) => Math.round((w * 2) / 3);
  return {
    url: url(1600),
    width: 1600,
    height: height(1600),
    alt,
    variants: widths.map((w) => ({ url: url(w), width: w, height: height(w) })),
  };
}
