import { describe, expect, it } from "vitest";
import { createStateMapping, typeGroups, type RouteState } from "./routing";

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

describe("stateMapping with the type tree", () => {
  const node = (id: number, children: { id: number }[] = []) => ({
    id,
    name: String(id),
    webId: id,
    children: children.map((c) => ({ ...c, name: String(c.id), webId: id, children: [] })),
  });
  const tree = [node(1), node(8, [{ id: 81 }, { id: 82 }, { id: 83 }])];
  const typed = createStateMapping("properties_nl", typeGroups(tree));

  it("reads a category's id as the category and its sub-types: ?type=8 is every house", () => {
    expect(typed.routeToState(fromURL({ type: "8" }))).toEqual({ properties_nl: { refinementList: { typeId: ["8", "81", "82", "83"] } } });
    expect(typed.routeToState(fromURL({ type: ["1", "8"] }))).toEqual({
      properties_nl: { refinementList: { typeId: ["1", "8", "81", "82", "83"] } },
    });
  });

  it("keeps a category beside some of its sub-types as written: one sub-type taken off", () => {
    expect(typed.routeToState(fromURL({ type: ["8", "82", "83"] }))).toEqual({ properties_nl: { refinementList: { typeId: ["8", "82", "83"] } } });
  });

  it("keeps a sub-type and a category without sub-types as they are", () => {
    expect(typed.routeToState(fromURL({ type: ["81", "1"] }))).toEqual({ properties_nl: { refinementList: { typeId: ["81", "1"] } } });
  });

  it("writes a whole category as its id alone, and part of one as its sub-types", () => {
    const state = (typeId: string[]) => ({ properties_nl: { refinementList: { typeId } } });
    expect(typed.stateToRoute(state(["8", "81", "82", "83"]))).toEqual({ type: ["8"] });
    expect(typed.stateToRoute(state(["1", "82", "81"]))).toEqual({ type: ["1", "82", "81"] });
  });

  it("round-trips the address of a category", () => {
    expect(typed.stateToRoute(typed.routeToState(fromURL({ type: "8" })))).toEqual({ type: ["8"] });
  });
});
