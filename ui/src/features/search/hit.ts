import type { BaseHit } from "instantsearch.js";
import type { Rendition } from "../../lib/api/types";

/** One listing as the properties_{lang} index returns it (ARCHITECTURE.md §3 HTTP). */
export interface PropertyHit extends BaseHit {
  objectID: string;
  id: number;
  goal: "sale" | "rent";
  type: string;
  typeId: number;
  city: string;
  zip: string;
  region: string;
  price?: number;
  priceText: string;
  charges?: number; // a rental's monthly common charges (the regions' rent rules); absent when none
  bedrooms?: number;
  bathrooms?: number;
  garages?: number;
  surfaceLiving?: number;
  surfaceGround?: number;
  epcValue?: number;
  epcLabel?: string;
  status: "available" | "sold" | "rented" | "option";
  marquee?: number;
  badge?: Badge; // absent: no banner
  features?: string[];
  url: string;
  thumbnail?: Rendition | null;
  description: string;
  _geoloc?: { lat: number; lng: number };
}

export type Badge = "new" | "priceDrop" | "option" | "sold" | "rented";

/**
 * The card's badge. Omnicasa's Marquee codes are each agency's own, so only
 * the server can tell what a listing's means: it sends the banner, already
 * weighed against the status and the config's ignore list.
 */
export function badgeFor(hit: Pick<PropertyHit, "badge">): Badge | null {
  return hit.badge ?? null;
}
