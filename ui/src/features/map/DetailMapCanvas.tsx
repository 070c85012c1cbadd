import L from "leaflet";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Circle, MapContainer, Marker } from "react-leaflet";
import "leaflet/dist/leaflet.css";
import { MapChrome } from "../../lib/map/MapChrome";
import { approximateRadius, defaultView } from "../../lib/map/geo";
import { markerHtml, pinSize } from "./icons";

export interface DetailMapCanvasProps {
  geo: { lat: number; lng: number; approximate: boolean };
  title: string;
  tileUrl: string;
  attribution: string;
}

/** Street level for an exact address; for an area, the zoom at which its 1 km circle fits a phone's width. */
const zooms = { exact: 15, approximate: 13 };

/** The Leaflet part of DetailMap, loaded on demand. */
export default function DetailMapCanvas({ geo, title, tileUrl, attribution }: DetailMapCanvasProps) {
  const { t, i18n } = useTranslation("map");
  const { lat, lng, approximate } = geo;
  const label = t("detail.marker", { title });
  const icon = useMemo(
    () =>
      L.divIcon({
        html: markerHtml(label, false),
        className: "detail-map__pin",
        iconSize: pinSize,
        iconAnchor: [pinSize[0] / 2, pinSize[1]],
      }),
    [label],
  );
  return (
    <MapContainer
      className="detail-map__leaflet"
      center={[lat, lng]}
      zoom={approximate ? zooms.approximate : zooms.exact}
      minZoom={defaultView.minZoom}
      maxZoom={defaultView.maxZoom}
      // The page scrolls past the map: the wheel must not zoom it on the way.
      scrollWheelZoom={false}
      zoomControl={false}
      attributionControl={false}
      keyboard
    >
      <MapChrome lang={i18n.language} tileUrl={tileUrl} attribution={attribution} zoomInTitle={t("zoomIn")} zoomOutTitle={t("zoomOut")} />
      {approximate ? (
        // Never a pin for a hidden address: the area it lies in.
        <Circle center={[lat, lng]} radius={approximateRadius} interactive={false} className="detail-map__area" />
      ) : (
        // Nothing to open on the pin: kept out of the tab order, its name read with the map.
        <Marker position={[lat, lng]} icon={icon} interactive={false} keyboard={false} />
      )}
    </MapContainer>
  );
}
