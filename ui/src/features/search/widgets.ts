import type { ConfigureConnectorParams } from "instantsearch.js/es/connectors/configure/connectConfigure";
import type { HitsPerPageConnectorParams } from "instantsearch.js/es/connectors/hits-per-page/connectHitsPerPage";
import type { NumericMenuConnectorParams } from "instantsearch.js/es/connectors/numeric-menu/connectNumericMenu";
import type { PaginationConnectorParams } from "instantsearch.js/es/connectors/pagination/connectPagination";
import type { RangeConnectorParams } from "instantsearch.js/es/connectors/range/connectRange";
import type { RefinementListConnectorParams } from "instantsearch.js/es/connectors/refinement-list/connectRefinementList";
import type { ToggleRefinementConnectorParams } from "instantsearch.js/es/connectors/toggle-refinement/connectToggleRefinement";
import { compareEpc } from "./epc";
import { sortSuffixes } from "../../lib/search/routing";

// The parameters of the list's InstantSearch widgets, in one place: the React
// widgets pass them to their hooks and the server's search plan (plan.ts)
// gives them to the same connectors, so the first results the server
// computes answer exactly the requests the widgets make.

export type Goal = "sale" | "rent";

/** What the list always filters on, as <Configure> props. */
export function configureParams(goal: Goal): ConfigureConnectorParams["searchParameters"] {
  return { filters: `goal:${goal}` };
}

/** InstantSearch's future flags of the list. */
export const listFuture = { preserveSharedStateOnUnmount: true } as const;

/** One filter of the aside: the hook (kind) and its parameters. */
export type FilterWidget =
  | { kind: "typeTree"; params: RefinementListConnectorParams }
  | { kind: "facets"; params: RefinementListConnectorParams; searchable?: boolean }
  | { kind: "range"; params: RangeConnectorParams }
  | { kind: "minimum"; params: NumericMenuConnectorParams };

const facets = (attribute: string, limit: number): RefinementListConnectorParams => ({
  attribute,
  limit,
  showMore: true,
  showMoreLimit: 100,
  sortBy: ["isRefined:desc", "count:desc", "name:asc"],
});

// 'At least n': the first item clears the refinement.
const minimumItems = [{ label: "any" }, ...[1, 2, 3, 4, 5].map((start) => ({ label: String(start), start }))];

/** The aside's filters, in the order it shows them. */
export const filterWidgets: readonly FilterWidget[] = [
  // Every type at once: the tree groups them itself.
  { kind: "typeTree", params: { attribute: "typeId", operator: "or", limit: 1000 } },
  { kind: "facets", params: facets("city", 8), searchable: true },
  { kind: "range", params: { attribute: "price" } },
  { kind: "minimum", params: { attribute: "bedrooms", items: minimumItems } },
  { kind: "minimum", params: { attribute: "bathrooms", items: minimumItems } },
  { kind: "range", params: { attribute: "surfaceLiving" } },
  { kind: "range", params: { attribute: "surfaceGround" } },
  // Every grade, in grade order (A++ … G): a scale read by its count would put C before A.
  { kind: "facets", params: { attribute: "epcLabel", limit: 20, sortBy: (a, b) => compareEpc(a.name, b.name) } },
  { kind: "facets", params: facets("features", 6) },
];

/**
 * 'Hide sold': on keeps the listings still on the market (available or under
 * option). Off filters nothing; its counts say how many are sold or rented.
 */
export const onMarketParams = { attribute: "status", on: ["available", "option"] } satisfies ToggleRefinementConnectorParams;

/** The sort choices: relevance (the index itself), then its replicas. */
export function sortValues(indexName: string): string[] {
  return [indexName, ...sortSuffixes.map((s) => `${indexName}_${s}`)];
}

export const perPageChoices = [12, 24, 48];

/** Results per page; the first choice is the default. */
export const hitsPerPageParams: HitsPerPageConnectorParams = {
  items: perPageChoices.map((n, i) => ({ value: n, label: String(n), default: i === 0 })),
};

export const paginationParams: PaginationConnectorParams = { padding: 2 };
