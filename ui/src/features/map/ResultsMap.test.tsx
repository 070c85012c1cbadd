import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import en from "../../locales/en/map.json";
import nl from "../../locales/nl/map.json";
import type { MapCanvasProps } from "./MapCanvas";
import { ResultsMap } from "./ResultsMap";
import type { MapHit } from "../../lib/map/types";

const geo = vi.hoisted(() => ({
  state: {} as Record<string, unknown>,
}));
// The map's markers come from a nested index (every hit of the search); here it holds the same hits as the connector.
vi.mock("react-instantsearch", () => ({
  useGeoSearch: () => geo.state,
  useHits: () => ({ items: geo.state.items }),
  Index: ({ children }: { children: React.ReactNode }) => children,
  Configure: () => null,
  useInstantSearch: () => ({ results: undefined, indexUiState: {} }),
}));

// Leaflet needs a laid-out page; the canvas is the browser test's (e2e/map.test.mjs). Here it records its props.
const canvas = vi.hoisted(() => ({ props: null as MapCanvasProps | null }));
vi.mock("./MapCanvas", () => ({
  MapCanvas: (props: MapCanvasProps) => {
    canvas.props = props;
    return <div data-testid="canvas" />;
  },
  positionOf: () => null,
}));

const hits: MapHit[] = [
  {
    objectID: "4030",
    id: 4030,
    type: "Woning",
    city: "Chassepierre",
    priceText: "€ 289.000",
    street: "Rue Saint-Roch",
    url: "/nl/te-koop/chassepierre/stenen-woning/4030/",
    _geoloc: { lat: 49.700137, lng: 5.267526 },
    __position: 1,
  },
  {
    objectID: "4028",
    id: 4028,
    type: "Bouwgrond",
    city: "Muno",
    url: "/nl/te-koop/muno/bouwgrond/4028/",
    _geoloc: { lat: 49.71, lng: 5.18 },
    __position: 2,
  },
] as MapHit[];

function geoState(overrides: Record<string, unknown> = {}) {
  return {
    items: hits,
    currentRefinement: undefined,
    refine: vi.fn(),
    clearMapRefinement: vi.fn(),
    isRefinedWithMap: () => false,
    isRefineOnMapMove: () => false,
    toggleRefineOnMapMove: vi.fn(),
    hasMapMoveSinceLastRefine: () => false,
    setMapMoveSinceLastRefine: vi.fn(),
    sendEvent: vi.fn(),
    ...overrides,
  };
}

async function renderMap() {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: "nl",
    fallbackLng: false,
    resources: { en: { map: en }, nl: { map: nl } },
    interpolation: { escapeValue: false },
  });
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <ResultsMap lang="nl" indexName="properties_nl" tileUrl="" attribution="" />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

const bounds = { northEast: { lat: 50, lng: 5.5 }, southWest: { lat: 49.6, lng: 5 } };

describe("ResultsMap", () => {
  beforeEach(() => {
    geo.state = geoState();
    canvas.props = null;
  });

  it("labels the map region, counts the results and hands them to the canvas without tiles", async () => {
    await renderMap();
    const region = screen.getByRole("region", { name: "Kaart van de resultaten" });
    const description = document.getElementById(region.getAttribute("aria-describedby")!);
    expect(description?.textContent).toMatch(/pijltjestoetsen/);
    expect(screen.getByRole("status").textContent).toBe("2 panden op de kaart");
    expect(canvas.props).toMatchObject({ lang: "nl", items: hits, tileUrl: "", refinement: undefined, fit: { stale: null } });
  });

  it("lists the same results as links behind a disclosure button", async () => {
    await renderMap();
    const toggle = screen.getByRole("button", { name: "Toon als lijst" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("list")).toBeNull();
    await userEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(toggle.textContent).toBe("Lijst verbergen");
    const links = within(screen.getByRole("list")).getAllByRole("link");
    expect(links.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["Woning in Chassepierre, € 289.000", "/nl/te-koop/chassepierre/stenen-woning/4030/"],
      ["Bouwgrond in Muno, Prijs op aanvraag (geschatte ligging)", "/nl/te-koop/muno/bouwgrond/4028/"],
    ]);
  });

  it("offers 'search this area' after a move while 'search as I move the map' is unchecked", async () => {
    await renderMap();
    const box = screen.getByRole<HTMLInputElement>("checkbox", { name: "Zoeken wanneer ik de kaart verplaats" });
    expect(box.checked).toBe(false);
    expect(screen.queryByRole("button", { name: "Zoeken in deze zone" })).toBeNull();
    act(() => canvas.props!.onMoveEnd(bounds));
    expect(geo.state.refine).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "Zoeken in deze zone" }));
    expect(geo.state.refine).toHaveBeenCalledWith(bounds);
    expect(screen.queryByRole("button", { name: "Zoeken in deze zone" })).toBeNull();
  });

  it("refines on every move while 'search as I move the map' is checked", async () => {
    await renderMap();
    await userEvent.click(screen.getByRole("checkbox"));
    expect(screen.getByRole<HTMLInputElement>("checkbox").checked).toBe(true);
    act(() => canvas.props!.onMoveEnd(bounds));
    expect(geo.state.refine).toHaveBeenCalledWith(bounds);
    expect(screen.queryByRole("button", { name: "Zoeken in deze zone" })).toBeNull();
  });

  it("resets the map refinement and asks for a new fit once the results change", async () => {
    geo.state = geoState({ isRefinedWithMap: () => true, currentRefinement: bounds });
    await renderMap();
    expect(canvas.props!.refinement).toEqual(bounds);
    canvas.props!.onFitted();
    await userEvent.click(screen.getByRole("button", { name: "Kaart herstellen" }));
    expect(geo.state.clearMapRefinement).toHaveBeenCalled();
    expect(canvas.props!.fit).toEqual({ stale: hits });
  });
});
