import type { UiState } from "instantsearch.js";
import type { TypeNode } from "../api/types";

/** The list's state as readable query parameters (every value a string or a list of strings). */
export interface RouteState {
  query?: string;
  type?: string[];
  city?: string[];
  epc?: string[];
  features?: string[];
  price?: string; // "min-max", either side may be empty
  living?: string;
  ground?: string;
  bedrooms?: string; // a minimum
  bathrooms?: string;
  page?: string;
  sort?: string; // a replica suffix: price_asc, price_desc, newest
  perPage?: string;
  hideSold?: "1"; // only listings still on the market
}

// type holds typeId values: the same in every language, so switching language keeps the filter.
const lists = { type: "typeId", city: "city", epc: "epcLabel", features: "features" } as const;
const ranges = { price: "price", living: "surfaceLiving", ground: "surfaceGround" } as const;
const minimums = { bedrooms: "bedrooms", bathrooms: "bathrooms" } as const;

export const sortSuffixes = ["price_asc", "price_desc", "newest"] as const;

// InstantSearch writes ranges as "min:max"; the URL shows "min-max".
const rangeToRoute = (v: string | undefined) => (v ? v.replace(":", "-") : undefined);
const rangeToState = (v: string | undefined) => {
  const m = v ? /^(\d*(?:\.\d+)?)-(\d*(?:\.\d+)?)$/.exec(v) : null;
  return m && (m[1] || m[2]) ? `${m[1]}:${m[2]}` : undefined;
};
// A minimum is a numeric menu "3:" in InstantSearch.
const minimumToRoute = (v: string | undefined) => {
  const m = v ? /^(\d+):$/.exec(v) : null;
  return m ? m[1] : undefined;
};
const minimumToState = (v: string | undefined) => (v && /^\d+$/.test(v) ? `${v}:` : undefined);
const positive = (v: string | undefined) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : undefined);

function asList(v: unknown): string[] | undefined {
  const list = (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === "string" && x !== "");
  return list.length ? list : undefined;
}

function asString(v: unknown): string | undefined {
  return typeof v === "string" && v !== "" ? v : undefined;
}

function compact<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

/** The categories of the type tree that have sub-types, by id: the typeId values each stands for (its own, then its sub-types'). */
export type TypeGroups = ReadonlyMap<string, readonly string[]>;

export function typeGroups(tree: readonly TypeNode[] = []): TypeGroups {
  return new Map(tree.filter((n) => n.children.length > 0).map((n) => [String(n.id), [String(n.id), ...n.children.map((c) => String(c.id))]]));
}

/**
 * A category alone in the address means it and its sub-types, as the type
 * filter refines them: ?type=8 is every house. Beside some of its
 * sub-types (a sub-type taken off: 8, 82, 83) it is the mixed state the
 * filter wrote, kept as it is.
 */
function expandTypes(values: string[] | undefined, groups: TypeGroups): string[] | undefined {
  if (!values) return values;
  const listed = new Set(values);
  const expand = (v: string) => {
    const members = groups.get(v);
    return members && !members.some((m) => m !== v && listed.has(m)) ? members : [v];
  };
  return [...new Set(values.flatMap(expand))];
}

/** The other way: a category whose values are all refined is written as its id alone. */
function collapseTypes(values: string[] | undefined, groups: TypeGroups): string[] | undefined {
  if (!values) return values;
  const on = new Set(values);
  const covered = new Set<string>();
  for (const [id, members] of groups) if (members.every((m) => on.has(m))) for (const m of members) if (m !== id) covered.add(m);
  return values.filter((v) => !covered.has(v));
}

/**
 * The routing's state mapping for one index: InstantSearch's UI state of
 * `indexName` ↔ short query parameters, both ways, ignoring anything unknown.
 * types are the list's type tree: a category's id in the address stands for
 * its sub-types too (typeGroups).
 */
export function createStateMapping(indexName: string, types: TypeGroups = new Map()) {
  return {
    stateToRoute(uiState: UiState): RouteState {
      const s = uiState[indexName] ?? {};
      const route: RouteState = { query: asString(s.query) };
      for (const [param, attr] of Object.entries(lists)) route[param as keyof typeof lists] = asList(s.refinementList?.[attr]);
      route.type = collapseTypes(route.type, types);
      for (const [param, attr] of Object.entries(ranges)) route[param as keyof typeof ranges] = rangeToRoute(s.range?.[attr]);
      for (const [param, attr] of Object.entries(minimums)) route[param as keyof typeof minimums] = minimumToRoute(s.numericMenu?.[attr]);
      if (s.page && s.page > 1) route.page = String(s.page);
      if (s.sortBy?.startsWith(`${indexName}_`)) route.sort = s.sortBy.slice(indexName.length + 1);
      if (s.hitsPerPage) route.perPage = String(s.hitsPerPage);
      if (s.toggle?.status) route.hideSold = "1";
      return compact(route);
    },

    routeToState(routeState: RouteState): UiState {
      // The URL is the visitor's: any key may hold anything.
      const route = routeState as Record<string, unknown>;
      const get = (k: string) => asString(route[k]);
      const refinementList: Record<string, string[]> = {};
      for (const [param, attr] of Object.entries(lists)) {
        const v = param === "type" ? expandTypes(asList(route[param]), types) : asList(route[param]);
        if (v) refinementList[attr] = v;
      }
      const range: Record<string, string> = {};
      for (const [param, attr] of Object.entries(ranges)) {
        const v = rangeToState(get(param));
        if (v) range[attr] = v;
      }
      const numericMenu: Record<string, string> = {};
      for (const [param, attr] of Object.entries(minimums)) {
        const v = minimumToState(get(param));
        if (v) numericMenu[attr] = v;
      }
      const sort = get("sort");
      const state = compact({
        query: get("query"),
        refinementList: Object.keys(refinementList).length ? refinementList : undefined,
        range: Object.keys(range).length ? range : undefined,
        numericMenu: Object.keys(numericMenu).length ? numericMenu : undefined,
        page: positive(get("page")),
        sortBy: sort && (sortSuffixes as readonly string[]).includes(sort) ? `${indexName}_${sort}` : undefined,
        hitsPerPage: positive(get("perPage")),
        toggle: get("hideSold") === "1" ? { status: true } : undefined,
      });
      return { [indexName]: state };
    },
  };
}
