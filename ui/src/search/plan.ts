import type { SearchClient, Widget } from "instantsearch.js";
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
import InstantSearch from "instantsearch.js/es/lib/InstantSearch";
import type { PageData, SiteData } from "../api/types";
import { originOf } from "../app/env";
import { createRouting, serverLocation } from "./router";
import { viewOf } from "./useViewParam";
import {
  configureParams,
  filterWidgets,
  hitsPerPageParams,
  listFuture,
  paginationParams,
  sortValues,
  type FilterWidget,
  type Goal,
} from "./widgets";

/** What searchPlan reads of a render's input (entry-server.tsx's RenderInput). */
export interface PlanInput {
  url: string;
  site: Pick<SiteData, "baseUrl">;
  page: Pick<PageData, "view" | "lang">;
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
 * requests). The map view's widget is not among them: the map is a lazy
 * chunk, so the server renders its fallback, and its results are the
 * list's.
 */
function listWidgets(indexName: string, goal: Goal, view: "list" | "map"): Widget[] {
  return [
    connectConfigure(noop)({ searchParameters: configureParams(goal) }),
    connectSearchBox(noop)({}),
    ...filterWidgets.map(filterWidget),
    connectCurrentRefinements(noop)({}),
    connectClearRefinements(noop)({}),
    connectSortBy(noop)({ items: sortValues(indexName).map((value) => ({ value, label: value })) }),
    connectHitsPerPage(noop)(hitsPerPageParams),
    ...(view === "list" ? [connectHits(noop)({})] : []),
    connectPagination(noop)(paginationParams),
  ] as Widget[];
}

/**
 * The first search a list page makes for its address, without rendering it:
 * an InstantSearch instance set up as react-instantsearch sets one up on the
 * server (the same routing, widgets and parameters, started before the
 * widgets are added, one at a time), whose search client only records what
 * it is asked. getServerState would render the page twice for the same.
 * Null for a page that does not search.
 */
export function searchPlan({ url, site, page }: PlanInput): SearchPlan | null {
  const goal = listGoals[page.view];
  if (!goal) return null;
  const indexName = `properties_${page.lang}`;
  let requests: PlanRequest[] | undefined;
  const searchClient = {
    search(queries: PlanRequest[]) {
      requests = queries;
      return new Promise(noop); // nothing reads the answer
    },
  } as unknown as SearchClient;
  const at = serverLocation(url, originOf(site.baseUrl));
  const search = new InstantSearch({ indexName, searchClient, routing: createRouting(indexName, at), future: listFuture });
  // As useInstantSearchApi on the server: no search of its own, the widgets' state is read at once.
  search._initialResults = {};
  search._manuallyResetScheduleSearch = true;
  // The 'stalled' status would start a timer as the search starts: the Go
  // engines have none, and nothing here renders.
  search.scheduleStalledRender = noop;
  search.start();
  for (const widget of listWidgets(indexName, goal, viewOf(at.search))) search.addWidgets([widget]);
  const helper = search.mainHelper!;
  let state: object | undefined;
  helper.derivedHelpers[0]!.once("search", (e: { state: object }) => {
    state = e.state;
  });
  // What getServerState's waitForResults runs.
  helper.searchOnlyWithDerivedHelpers();
  if (!state || !requests) throw new Error("searchPlan: InstantSearch did not search");
  // Not disposed, as the server render's instance is not: dispose clears a
  // timer, and the instance is unreachable once this returns.
  // Plain JSON, as the plan crosses to the Go side and back: the state is a SearchParameters.
  return JSON.parse(JSON.stringify({ indexId: search.mainIndex.getIndexId(), state, requests })) as SearchPlan;
}
