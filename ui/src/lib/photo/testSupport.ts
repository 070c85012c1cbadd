// A photo's renditions shaped as the Go server sends them (listing.Optimized), for the tests of the pages that show one.
import type { Optimized } from "../api/types";

/** The pipeline's renditions of a 1600 × 1067 photo: every width in avif, webp and jpg under /img/{id}/. */
export function optimizedPhoto(id: string): Optimized {
  return {
    base: `/img/${id.slice(0, 2)}/${id}/`,
    width: 1600,
    height: 1067,
    widths: [100, 280, 400, 600, 800, 1024, 1360, 1600],
    formats: ["avif", "webp", "jpg"],
  };
}
