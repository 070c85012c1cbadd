import { SearchParameters } from "algoliasearch-helper";
import requestBuilder from "algoliasearch-helper/src/requestBuilder";
import type { Widget } from "instantsearch.js";
import connectClearRefinements from "instantsearch.js/es/connectors/clear-refinements/connectClearRefinements";
import connectConfigure from "instantsearch.js/es/connectors/configure/connectConfigure";
import connectCurrentRefinements from "instantsearch.js/es/connectors/current-refinements/connectCurrentRefinements";
import connectHits from "instantsearch.js/es/connectors/hits/connectHits";
import connectHitsPerPage from "instantsearch.js/es/connectors/hits-per-page/connectHitsPerPage";
import connectNumericMenu from "instantsearch.js/es/connectors/numeric-menu/connectNumericMenu";
import connectPagination from "instantsearch.js/es/connectors/pagination/connectPagination";
import connectRange from "instantsearch.js/es/connectors/range/connectRange";
import connectRefinementList from "instantsearch.js/es/connectors/refinement-list/connectRefinementList";
import connectSearchBox from "instantsearch.js/es/connectors/search-box/connectSearchBox";
import connectSortBy from "instantsearch.js/es/connectors/sort-by/connectSortBy";
import connectToggleRefinement from "instantsearch.js/es/connectors/toggle-refinement/connectToggleRefinement";
import { mergeSearchParameters } from "instantsearch.js/es/lib/utils/mergeSearchParameters";
import type { PageData, SiteData } from "../../lib/api/types";
import { originOf } from "../../app/env";
import { createRouting, serverLocation } from "./router";
import { viewOf } from "../../lib/search/useViewParam";
import { typeGroups } from "../../lib/search/routing";
import {
  configureParams,
  filterWidgets,
  hitsPerPageParams,
  onMarketParams,
  paginationParams,
  sortValues,
  type FilterWidget,
  type Goal,
} from "./widgets";

/** What searchPlan reads of a render's input (entry-server.tsx's RenderInput). */
export interface PlanInput {
  url: string;
  site: Pick<SiteData, "baseUrl">;
  page: Pick<PageData, "view" | "lang" | "typeTree">;
}

/** One request of a multi-query, as InstantSearch hands it to the search client. */
export interface PlanRequest {
  indexName: string;
  params: Record<string, unknown>;
}

/**
 * The first search of a list page: what the server runs through its search
 * API (the requests, in order) and the state its answers belong to, which
 * the InitialResults entry of indexId must carry for InstantSearch to read
 * them (SearchResults merges a disjunctive search's answers by the state).
 */
export interface SearchPlan {
  indexId: string;
  state: Record<string, unknown>;
  requests: PlanRequest[];
}

/** The views that search, and the goal they list. ListingsPage.tsx renders ListingsSearch with it. */
const listGoals: Partial<Record<PageData["view"], Goal>> = { "for-sale": "sale", "for-rent": "rent" };

const noop = () => {};

function filterWidget(w: FilterWidget): Widget {
  switch (w.kind) {
    case "typeTree":
    case "facets":
      return connectRefinementList(noop)(w.params);
    case "range":
      return connectRange(noop)(w.params);
    case "minimum":
      return connectNumericMenu(noop)(w.params);
  }
}

/**
 * The widgets ListingsSearch registers in a render on the server, in the
 * order it renders them (the order decides that of the facets in the
 * state). The map view's widget is not among them: the map is a lazy
 * chunk, so the server renders its fallback, and its results are the
 * list's.
 */
function listWidgets(indexName: string, goal: Goal, view: "list" | "map"): Widget[] {
  return [
    connectConfigure(noop)({ searchParameters: configureParams(goal) }),
    connectSearchBox(noop)({}),
    connectClearRefinements(noop)({}),
    connectToggleRefinement(noop)(onMarketParams),
    ...filterWidgets.map(filterWidget),
    connectToggleRefinement(noop)(onMarketParams),
    connectCurrentRefinements(noop)({}),
    connectSortBy(noop)({ items: sortValues(indexName).map((value) => ({ value, label: value })) }),
    connectCurrentRefinements(noop)({ excludedAttributes: ["query", "status"] }),
    connectClearRefinements(noop)({}),
    // The map shows every result: hits, the pager and the page size are the list's alone.
    ...(view === "list" ? [connectHits(noop)({}), connectPagination(noop)(paginationParams), connectHitsPerPage(noop)(hitsPerPageParams)] : []),
  ] as Widget[];
}

/**
 * The first search a list page makes for its address, without rendering it,
 * as InstantSearch computes it: the routing's UI state of the address (the
 * list's own router and state mapping), folded through the widgets'
 * getWidgetSearchParameters as the index widget folds them, merged as the
 * index's derived helper merges, and turned into requests by the helper's
 * request builder. Null for a page that does not search.
 *
 * A whole InstantSearch instance, started with the widgets added as
 * react-instantsearch adds them, gives the same but costs several times
 * more in the Go engines: every widget's init and render state, and a
 * helper event per widget.
 */
export function searchPlan({ url, site, page }: PlanInput): SearchPlan | null {
  const goal = listGoals[page.view];
  if (!goal) return null;
  const indexName = `properties_${page.lang}`;
  const at = serverLocation(url, originOf(site.baseUrl));
  const { router, stateMapping } = createRouting(indexName, at, typeGroups(page.typeTree)).routing;
  // As the router middleware gives the index its initial UI state.
  const uiState = stateMapping.routeToState(router.read())[indexName] ?? {};
  // As the index widget computes its helper's state (getLocalWidgetsSearchParameters).
  const local = listWidgets(indexName, goal, viewOf(at.search)).reduce((state, widget) => {
    if (widget.dependsOn === "search" && widget.getWidgetParameters) return widget.getWidgetParameters(state, { uiState });
    return widget.getWidgetSearchParameters ? widget.getWidgetSearchParameters(state, { uiState }) : state;
  }, new SearchParameters({ index: indexName }));
  // As the index's derived helper searches: the main helper's state, then the index's.
  const state = mergeSearchParameters(SearchParameters.make({ index: indexName }), local);
  // One request per query of the state; the helper would merge two equal
  // ones, which distinct disjunctive facets never are (plan.test.tsx checks
  // the requests against what InstantSearch sends).
  const requests = requestBuilder._getQueries(state.index, state);
  // Plain JSON, as the plan crosses to the Go side and back: the state is a SearchParameters.
  return JSON.parse(JSON.stringify({ indexId: indexName, state, requests })) as SearchPlan;
}
