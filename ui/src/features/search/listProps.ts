import type { ComponentType, Ref } from "react";
import type { TypeNode } from "../../lib/api/types";
import type { FavouriteControl } from "./PropertyCard";
import type { Goal } from "./widgets";

/** What the list gives its map view, which renders inside the list's InstantSearch. */
export interface MapViewProps {
  lang: string;
  indexName: string;
  tileUrl: string;
  attribution: string;
}

/** The list of one goal's listings in one language, as the page puts it in. */
export interface ListingsSearchProps {
  lang: string;
  goal: Goal;
  map: { tileUrl: string; attribution: string };
  typeTree?: readonly TypeNode[];
  /** The postcodes of the towns with listings, by name, for the town filter's labels. */
  townZips?: Readonly<Record<string, string>>;
  /**
   * The map view, shown when the visitor picks the map, and the favourite
   * control of each card: other features' pieces, put in by the page.
   */
  mapView: ComponentType<MapViewProps>;
  favouriteButton: FavouriteControl;
}

/** The live list's own: set by ListingsSearch in the browser, absent on the server. */
export interface ListProps extends ListingsSearchProps {
  /** Marks the list as running (data-search="live"), for what waits for it. */
  live?: boolean;
  rootRef?: Ref<HTMLDivElement>;
}
