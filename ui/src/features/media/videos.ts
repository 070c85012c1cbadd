import type { PropertyVideo } from "../../lib/api/types";

/** Tours get their own section; every other kind is a video. */
export const isTour = (v: PropertyVideo) => v.kind === "tour";

/** Brand names of the hosts we recognise: proper nouns, the same in every language. */
const brands: Partial<Record<PropertyVideo["kind"], string>> = {
  youtube: "YouTube",
  vimeo: "Vimeo",
  facebook: "Facebook",
};

/** The site a player loads from, as visitors know it: the brand, else the host name without "www.". */
export function hostOf(v: PropertyVideo): string {
  const brand = brands[v.kind];
  if (brand) return brand;
  try {
    return new URL(v.embedUrl || v.url).hostname.replace(/^www\./, "");
  } catch {
    return "";
  }
}

/** True when the site has a name we show in "Watch on …". */
export const hasBrand = (v: PropertyVideo) => brands[v.kind] !== undefined;

/**
 * The player's address once the visitor pressed play: YouTube and Vimeo then
 * start at once, so a single press plays the video as it would on their site.
 */
export function playerUrl(v: PropertyVideo): string {
  if (v.kind !== "youtube" && v.kind !== "vimeo") return v.embedUrl;
  try {
    const url = new URL(v.embedUrl);
    url.searchParams.set("autoplay", "1");
    return url.toString();
  } catch {
    return v.embedUrl;
  }
}
