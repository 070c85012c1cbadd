import type { IndexUiState } from "instantsearch.js";
import { createStateMapping, type RouteState } from "../search/routing";
import type { Trail } from "./storage";

/** A query string as the list's router reads it: a repeated key is a list, a single one a string. */
export function parseQuery(search: string): Record<string, string | string[]> {
  const params = new URLSearchParams(search);
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    out[key] = all.length > 1 ? all : (all[0] ?? "");
  }
  return out;
}

// As the router's qs does it (RFC 3986): encodeURIComponent leaves !'()* alone.
const encode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The reverse of parseQuery, with repeated keys for lists as the router writes them; "" or "?…". */
export function stringifyQuery(params: Record<string, string | string[] | undefined>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) parts.push(`${encode(key)}=${encode(v)}`);
  }
  return parts.length ? `?${parts.join("&")}` : "";
}

function split(list: string): { path: string; query: string } {
  const at = list.indexOf("?");
  return at < 0 ? { path: list, query: "" } : { path: list.slice(0, at), query: list.slice(at + 1) };
}

/** The list's UI state for its index, read from its address by the list's own routing. */
export function listState(trail: Pick<Trail, "list" | "index">): IndexUiState {
  const route = parseQuery(split(trail.list).query) as RouteState;
  return createStateMapping(trail.index).routeToState(route)[trail.index] ?? {};
}

/** The list's address showing 0-based `page`, everything else as the visitor left it (the list/map view included). */
export function listUrlAt(trail: Pick<Trail, "list" | "index">, page: number): string {
  const { path, query } = split(trail.list);
  const mapping = createStateMapping(trail.index);
  const state = { ...listState(trail), page: page > 0 ? page + 1 : undefined };
  const route = mapping.stateToRoute({ [trail.index]: state });
  const view = parseQuery(query).view;
  return `${path}${stringifyQuery({ ...route, view: typeof view === "string" ? view : undefined })}`;
}

/** The address the list's router writes for a UI state: path, then its parameters and the view. */
export function listUrlOf(path: string, index: string, state: IndexUiState, view: string | undefined): string {
  const route = createStateMapping(index).stateToRoute({ [index]: state });
  return `${path}${stringifyQuery({ ...route, view })}`;
}

/** What the search API is asked for one page of the list's search. */
export interface PageRequest {
  indexName: string;
  params: {
    query: string;
    filters?: string;
    facetFilters?: string[][];
    numericFilters?: string[];
    page: number;
    hitsPerPage: number;
    attributesToRetrieve: string[];
    attributesToHighlight: string[];
  };
}

// In a facet filter a value starting with "-" would read as a negation.
const facetValue = (v: string) => (v.startsWith("-") ? `\\${v}` : v);

const isNumber = (v: string | undefined): v is string => v !== undefined && v !== "" && Number.isFinite(Number(v));

/**
 * The request for 0-based `page` of the trail's search: the refinements the
 * list's widgets make of its state (a refinement list is one OR group, a range
 * two bounds, a minimum one), its fixed filter and its sort.
 */
export function pageRequest(trail: Pick<Trail, "list" | "index" | "filters" | "hitsPerPage">, page: number): PageRequest {
  const state = listState(trail);
  const facetFilters = Object.entries(state.refinementList ?? {})
    .filter(([, values]) => values.length > 0)
    .map(([attr, values]) => values.map((v) => `${attr}:${facetValue(v)}`));
  const numericFilters: string[] = [];
  for (const [attr, value] of Object.entries(state.range ?? {})) {
    const [min, max] = value.split(":");
    if (isNumber(min)) numericFilters.push(`${attr}>=${Number(min)}`);
    if (isNumber(max)) numericFilters.push(`${attr}<=${Number(max)}`);
  }
  for (const [attr, value] of Object.entries(state.numericMenu ?? {})) {
    const [min, max] = value.split(":");
    if (isNumber(min)) numericFilters.push(`${attr}>=${Number(min)}`);
    if (isNumber(max)) numericFilters.push(`${attr}<=${Number(max)}`);
  }
  return {
    indexName: state.sortBy ?? trail.index,
    params: {
      query: state.query ?? "",
      ...(trail.filters ? { filters: trail.filters } : {}),
      ...(facetFilters.length ? { facetFilters } : {}),
      ...(numericFilters.length ? { numericFilters } : {}),
      page,
      hitsPerPage: trail.hitsPerPage,
      attributesToRetrieve: ["id", "url"],
      attributesToHighlight: [],
    },
  };
}
