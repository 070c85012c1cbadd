import L from "leaflet";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { MapContainer, useMap } from "react-leaflet";
import "./leafletGlobal";
import "@geoman-io/leaflet-geoman-free";
import "leaflet/dist/leaflet.css";
import { MapChrome } from "../../../lib/map/MapChrome";
import "@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css";
import { defaultView, fitMaxZoom, toLatLngTuple } from "../../../lib/map/geo";
import type { GeoBounds } from "../../../lib/map/types";
import { areaBox, sameArea, toArea, type AreaPoint } from "./geometry";

export interface AreaMapCanvasProps {
  value: AreaPoint[];
  onChange: (value: AreaPoint[]) => void;
  tileUrl: string;
  attribution: string;
  /** The box of the agency's listings: where the map opens without an area (null until known). */
  region: GeoBounds | null;
}

// Geoman's own tooltips are English-only words outside i18next: the picker's instructions say the same.
const drawOptions: L.PM.DrawModeOptions = {
  tooltips: false,
  allowSelfIntersection: false,
  snappable: false,
  pathOptions: { className: "area-picker__polygon" },
  templineStyle: { className: "area-picker__draft" },
  hintlineStyle: { className: "area-picker__hint", dashArray: [5, 5] },
};

const editOptions: L.PM.EditModeOptions = {
  allowSelfIntersection: false,
  snappable: false,
  // A corner removed (right click) must not take the whole area with it: "Clear area" does that.
  removeLayerBelowMinVertexCount: false,
};

/** The points of a drawn polygon's outer ring. */
function pointsOf(polygon: L.Polygon): AreaPoint[] {
  const rings = polygon.getLatLngs() as L.LatLng[][];
  return toArea(rings[0] ?? []);
}

/**
 * Keeps one polygon on the map in step with the value: drawing mode while
 * there is none, corners to drag once there is one.
 */
function AreaEditor({ value, onChange }: Pick<AreaMapCanvasProps, "value" | "onChange">) {
  const map = useMap();
  const layer = useRef<L.Polygon | null>(null);
  const report = useRef(onChange);
  useEffect(() => {
    report.current = onChange;
  }, [onChange]);

  // Only refs inside: the same behaviour whichever render made it.
  const adopt = (polygon: L.Polygon) => {
    layer.current?.remove();
    layer.current = polygon;
    polygon.pm.enable(editOptions);
    polygon.on("pm:edit", () => report.current(pointsOf(polygon)));
  };

  // A finished drawing becomes the value.
  useEffect(() => {
    const onCreate = (e: { layer: L.Layer }) => {
      if (!(e.layer instanceof L.Polygon)) return;
      adopt(e.layer);
      report.current(pointsOf(e.layer));
    };
    map.on("pm:create", onCreate);
    return () => {
      map.off("pm:create", onCreate);
      map.pm.disableDraw();
      layer.current?.remove();
      layer.current = null;
    };
  }, [map]);

  // The value becomes the polygon on the map; without one, drawing starts (again, after "Clear area").
  useEffect(() => {
    const current = layer.current;
    if (value.length === 0) {
      current?.remove();
      layer.current = null;
      if (!map.pm.globalDrawModeEnabled()) map.pm.enableDraw("Polygon", drawOptions);
      return;
    }
    if (current && sameArea(pointsOf(current), value)) return;
    map.pm.disableDraw();
    adopt(L.polygon(value, { className: "area-picker__polygon" }).addTo(map));
  }, [map, value]);

  // Geoman's corner handles are Leaflet markers, focusable buttons without a name: the map is a pointer tool (the
  // postcodes are the keyboard way), so they stay out of the tab order and of the accessibility tree.
  useEffect(() => {
    const container = map.getContainer();
    const quiet = () => {
      for (const el of container.querySelectorAll<HTMLElement>(".marker-icon:not([aria-hidden])")) {
        el.setAttribute("tabindex", "-1");
        el.setAttribute("aria-hidden", "true");
      }
    };
    const observer = new MutationObserver(quiet);
    observer.observe(container, { childList: true, subtree: true });
    quiet();
    return () => observer.disconnect();
  }, [map]);

  return null;
}

/**
 * Without an area yet, the map moves once to the agency's region as soon as it is known, so an area is drawn where
 * the listings are rather than somewhere in Belgium.
 */
function OpenOnRegion({ region }: { region: GeoBounds | null }) {
  const map = useMap();
  const done = useRef(false);
  useEffect(() => {
    if (!region || done.current) return;
    done.current = true;
    map.fitBounds(toLatLngTuple(region), { padding: regionPadding, maxZoom: fitMaxZoom, animate: false });
  }, [map, region]);
  return null;
}

const regionPadding: [number, number] = [24, 24];

/** The Leaflet part of the area picker, with geoman's drawing: its own chunk, loaded when the picker opens. */
export default function AreaMapCanvas({ value, onChange, tileUrl, attribution, region }: AreaMapCanvasProps) {
  const { t, i18n } = useTranslation("map");
  const start = useRef(value);
  const view =
    start.current.length > 0
      ? { bounds: L.latLngBounds(start.current), boundsOptions: { padding: [24, 24] as [number, number] } }
      : region
        ? { bounds: L.latLngBounds(toLatLngTuple(region)), boundsOptions: { padding: regionPadding, maxZoom: fitMaxZoom } }
        : { center: [defaultView.center.lat, defaultView.center.lng] as [number, number], zoom: defaultView.zoom + 1 };
  return (
    <MapContainer
      className="area-picker__leaflet"
      {...view}
      minZoom={defaultView.minZoom + 2}
      maxZoom={defaultView.maxZoom}
      maxBounds={areaBox}
      maxBoundsViscosity={1}
      // The form scrolls past the map: the wheel must not zoom it on the way.
      scrollWheelZoom={false}
      // A double click closes nothing here: it would zoom while placing corners.
      doubleClickZoom={false}
      zoomControl={false}
      attributionControl={false}
      keyboard
    >
      <MapChrome lang={i18n.language} tileUrl={tileUrl} attribution={attribution} zoomInTitle={t("zoomIn")} zoomOutTitle={t("zoomOut")} />
      <AreaEditor value={value} onChange={onChange} />
      {start.current.length === 0 ? <OpenOnRegion region={region} /> : null}
    </MapContainer>
  );
}
