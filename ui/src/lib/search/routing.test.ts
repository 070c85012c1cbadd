import { describe, expect, it } from "vitest";
import { createStateMapping, type RouteState } from "./routing";

// What a visitor may type in the address bar, whatever the types say.
const fromURL = (params: Record<string, unknown>) => params as RouteState;

const mapping = createStateMapping("properties_nl");

const full = {
  properties_nl: {
    query: "bouillon",
    refinementList: { typeId: ["82", "81"], city: ["Bouillon"], epcLabel: ["a_plus"], features: ["garden"] },
    range: { price: ":300000", surfaceLiving: "100:", surfaceGround: "500:2000" },
    numericMenu: { bedrooms: "3:", bathrooms: "2:" },
    page: 2,
    sortBy: "properties_nl_price_asc",
    hitsPerPage: 24,
    toggle: { status: true },
  },
};

const route: RouteState = {
  query: "bouillon",
  type: ["82", "81"],
  city: ["Bouillon"],
  epc: ["a_plus"],
  features: ["garden"],
  price: "-300000",
  living: "100-",
  ground: "500-2000",
  bedrooms: "3",
  bathrooms: "2",
  page: "2",
  sort: "price_asc",
  perPage: "24",
  hideSold: "1",
};

describe("stateMapping", () => {
  it("writes readable parameters", () => {
    expect(mapping.stateToRoute(full)).toEqual(route);
  });

  it("reads them back to the same state", () => {
    expect(mapping.routeToState(route)).toEqual(full);
  });

  it("maps the first page without parameters to an empty state, and back", () => {
    expect(mapping.routeToState({})).toEqual({ properties_nl: {} });
    expect(mapping.stateToRoute({ properties_nl: {} })).toEqual({});
    expect(mapping.stateToRoute({})).toEqual({});
  });

  it("leaves page 1, empty lists and the configure widget out of the URL", () => {
    const state = { properties_nl: { page: 1, refinementList: { typeId: [] }, configure: { filters: "goal:sale" } } };
    expect(mapping.stateToRoute(state)).toEqual({});
  });

  it("takes a single value where a list is expected", () => {
    expect(mapping.routeToState(fromURL({ type: "82" }))).toEqual({ properties_nl: { refinementList: { typeId: ["82"] } } });
  });

  it("ignores unknown, malformed and foreign parameters", () => {
    expect(
      mapping.routeToState(
        fromURL({
        view: "map",
        utm_source: "mail",
        price: "cheap",
        living: "-",
        bedrooms: "3+",
        page: "0",
        perPage: "-5",
        hideSold: "yes",
        sort: "properties_fr_newest",
        query: ["a", "b"],
        }),
      ),
    ).toEqual({ properties_nl: {} });
  });

  it("leaves 'hide sold' out of the URL when it is off", () => {
    expect(mapping.stateToRoute({ properties_nl: { toggle: { status: false } } })).toEqual({});
  });

  it("ignores a sort of another index", () => {
    expect(mapping.stateToRoute({ properties_nl: { sortBy: "properties_fr_newest" } })).toEqual({});
  });
});
