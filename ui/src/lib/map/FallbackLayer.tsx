import L from "leaflet";
import type { Feature, FeatureCollection } from "geojson";
import { useEffect, useMemo, useState } from "react";
import { GeoJSON, Marker, Pane, useMap } from "react-leaflet";
import { placeLabels, type Box } from "./labels";
import { useRegion, type RegionTown } from "./region";

/**
 * Below Leaflet's tile pane (200): loaded tiles cover this layer, and tiles that fail (no network, a tile server down)
 * stay hidden (Leaflet shows a tile only once it has loaded), so this layer shows through instead of a blank map.
 */
const panes = { land: 150, towns: 160 } as const;

/**
 * The land around is land without borders, under the rest; a country is land with its border; a country's provinces
 * are lines across it, fainter than the border.
 */
const kindClasses: Record<string, string> = {
  land: "map-fallback__neighbours",
  provinces: "map-fallback__provinces",
  country: "map-fallback__land",
};

function borderStyle(feature?: Feature): L.PathOptions {
  const kind = String(feature?.properties?.kind ?? "country");
  return { className: kindClasses[kind] ?? kindClasses.country, interactive: false };
}

let borders: Promise<FeatureCollection> | null = null;

/** The borders come in their own chunk, with the first map. */
function loadBorders(): Promise<FeatureCollection> {
  borders ??= import("./data/borders.json").then((m) => m.default as unknown as FeatureCollection);
  return borders;
}

function useBorders(): FeatureCollection | null {
  const [data, setData] = useState<FeatureCollection | null>(null);
  useEffect(() => {
    let current = true;
    loadBorders().then(
      (d) => current && setData(d),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return data;
}

const townPane = "fallback-towns";

function TownLabel({ town, rank }: { town: RegionTown; rank: number }) {
  const icon = useMemo(
    () =>
      L.divIcon({
        className: "map-fallback__town",
        // Text only: a marker's name is the listing's, this is the ground under it. The icon is the dot; the name
        // sits beside it on the side placeTownLabels picks (data-side).
        html: `<span class="map-fallback__dot"></span><span class="map-fallback__name" data-rank="${rank}">${escapeHtml(town.name)}</span>`,
        iconSize: [8, 8],
        iconAnchor: [4, 4],
      }),
    [town.name, rank],
  );
  return <Marker position={[town.lat, town.lng]} icon={icon} interactive={false} keyboard={false} />;
}

function boxOf(el: Element): Box {
  const r = el.getBoundingClientRect();
  return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
}

/** Gives every town's name its side (labels.ts), clear of the other names and of the markers and clusters above. */
function placeTownLabels(map: L.Map) {
  const pane = map.getPane(townPane);
  if (!pane) return;
  const towns = [...pane.querySelectorAll<HTMLElement>(".map-fallback__town")]
    .map((el) => ({ el, dot: el.querySelector(".map-fallback__dot"), name: el.querySelector<HTMLElement>(".map-fallback__name") }))
    .filter((t): t is { el: HTMLElement; dot: Element; name: HTMLElement } => !!t.dot && !!t.name)
    .sort((a, b) => Number(a.name.dataset.rank) - Number(b.name.dataset.rank));
  const obstacles = [...(map.getPane("markerPane")?.querySelectorAll(".leaflet-marker-icon") ?? [])].map(boxOf);
  const sides = placeLabels(
    towns.map((t) => ({ dot: boxOf(t.dot), width: t.name.offsetWidth, height: t.name.offsetHeight })),
    obstacles,
  );
  sides.forEach((side, i) => {
    const town = towns[i];
    if (town) town.el.dataset.side = side;
  });
}

/** Places the names again whenever the view, the markers or the clusters change (their animation takes 0.3 s). */
function TownPlacement({ towns }: { towns: readonly RegionTown[] }) {
  const map = useMap();
  useEffect(() => {
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const place = () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      frame = requestAnimationFrame(() => placeTownLabels(map));
      timer = setTimeout(() => placeTownLabels(map), 350);
    };
    const events = "zoomend moveend layeradd layerremove resize";
    map.on(events, place);
    place();
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      map.off(events, place);
    };
  }, [map, towns]);
  return null;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The map under the tiles, from data we own: Belgium's and Luxembourg's borders, Belgium's provinces, and the agency's
 * towns by name.
 */
export function FallbackLayer({ lang }: { lang: string }) {
  const data = useBorders();
  const region = useRegion(lang);
  // The towns with most listings are named first; the others where room is left.
  const ranked = useMemo(() => [...(region?.towns ?? [])].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)), [region]);
  return (
    <>
      <Pane name="fallback-land" style={{ zIndex: panes.land }}>
        {data ? <GeoJSON data={data} style={borderStyle} interactive={false} /> : null}
      </Pane>
      <Pane name={townPane} className="map-fallback__towns" style={{ zIndex: panes.towns }}>
        {ranked.map((town, rank) => (
          <TownLabel key={`${town.zip} ${town.name}`} town={town} rank={rank} />
        ))}
      </Pane>
      <TownPlacement towns={ranked} />
    </>
  );
}
