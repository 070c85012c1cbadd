import type { BaseHit } from "instantsearch.js";

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
  bedrooms?: number;
  bathrooms?: number;
  garages?: number;
  surfaceLiving?: number;
  surfaceGround?: number;
  epcValue?: number;
  epcLabel?: string;
  status: "available" | "sold" | "rented" | "option";
  marquee?: number;
  features?: string[];
  url: string;
  thumbnail?: { url: string; width: number; height: number } | null;
  description: string;
  _geoloc?: { lat: number; lng: number };
}

export type Badge = "new" | "sold" | "rented" | "option" | "priceDrop";

// The platform's Marquee codes as the demo and the agencies use them.
const marqueeCodes: Record<number, Badge | "closed"> = { 1: "new", 2: "closed", 3: "option", 10: "priceDrop" };
const statusCodes: Partial<Record<PropertyHit["status"], number>> = { sold: 2, rented: 2, option: 3 };

/**
 * The card's badge: the listing's status wins over its marquee (a sold
 * listing reads 'sold' whatever the marquee says); a code in the config's
 * ignore list shows nothing.
 */
export function badgeFor(hit: Pick<PropertyHit, "goal" | "status" | "marquee">, ignore: readonly number[] = []): Badge | null {
  const code = statusCodes[hit.status] ?? hit.marquee ?? 0;
  if (ignore.includes(code)) return null;
  const badge = marqueeCodes[code];
  if (!badge) return null;
  if (badge === "closed") return hit.goal === "rent" ? "rented" : "sold";
  return badge;
}

