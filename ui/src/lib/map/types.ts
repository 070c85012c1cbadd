import type { GeoHit } from "instantsearch.js";
import type { Rendition } from "../api/types";

/** The attributes of a properties_{lang} hit the map shows (README "Search API"). */
export interface ListingHitFields {
  id: number;
  type?: string;
  city?: string;
  zip?: string;
  priceText?: string;
  url: string;
  street?: string;
  /** Not sent by the server today; honoured first when it is (see geo.ts isApproximate). */
  addressPublished?: boolean;
  thumbnail?: Rendition;
}

export type MapHit = GeoHit<ListingHitFields>;

export interface LatLng {
  lat: number;
  lng: number;
}

/** The connector's bounding box: what refine() takes and currentRefinement holds. */
export interface GeoBounds {
  northEast: LatLng;
  southWest: LatLng;
}
