import type { LeafletEventHandlerFnMap, Marker as LeafletMarker } from "leaflet";
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Circle, MapContainer, Marker, Popup, useMap, useMapEvents } from "react-leaflet";
import "leaflet/dist/leaflet.css";
import { MapChrome } from "../../lib/map/MapChrome";
import "leaflet.markercluster/dist/MarkerCluster.css";
import { ClusterGroup } from "./ClusterGroup";
import { approximateRadius, boundsOfHits, defaultView, fitMaxZoom, fromViewBounds, isApproximate, toLatLngTuple } from "../../lib/map/geo";
import { clusterOptions, markerIcon } from "./icons";
import { PopupCard } from "./PopupCard";
import type { GeoBounds, MapHit } from "../../lib/map/types";
import { formatMapPosition, mapParamOf, parseMapPosition, type MapPosition } from "../../lib/map/position";
import { currentViewParam, withView } from "../../lib/search/useViewParam";
import { useMarkerLabel } from "./useMarkerLabel";

/** A request to fit the view to the results: once `stale` (the results it was asked on) have been replaced. */
export interface FitRequest {
  stale: readonly MapHit[] | null;
}

export interface MapCanvasProps {
  lang: string;
  items: readonly MapHit[];
  /** The box the search is restricted to, when the map set it (the view fits it instead of the results). */
  refinement: GeoBounds | undefined;
  fit: FitRequest | null;
  onFitted: () => void;
  /** A move by the visitor (drag, zoom, keys), with the box now in view. */
  onMoveEnd: (bounds: GeoBounds) => void;
  tileUrl: string;
  attribution: string;
  /** A visitor follows a result's link. */
  onOpen?: () => void;
  /** The view the address asked for (a reload, Back, a shared link): shown instead of fitting the results. */
  initial?: MapPosition | null;
}

/** The Leaflet map: markers of the results, clustered, and the view kept in step with the search. */
export function MapCanvas({ lang, items, refinement, fit, onFitted, onMoveEnd, tileUrl, attribution, onOpen, initial }: MapCanvasProps) {
  const { t } = useTranslation("map", { lng: lang });
  // Moves the map makes itself (fitting the results) must not count as the visitor's.
  const programmatic = useRef(false);
  const options = useMemo(() => clusterOptions((count) => t("cluster", { count })), [t]);
  return (
    <MapContainer
      className="results-map__leaflet"
      center={initial ? [initial.lat, initial.lng] : [defaultView.center.lat, defaultView.center.lng]}
      zoom={initial?.zoom ?? defaultView.zoom}
      // Clustering needs the map's zoom range, which tiles would otherwise bring.
      minZoom={defaultView.minZoom}
      maxZoom={defaultView.maxZoom}
      zoomControl={false}
      attributionControl={false}
      keyboard
    >
      <MapChrome lang={lang} tileUrl={tileUrl} attribution={attribution} zoomInTitle={t("zoomIn")} zoomOutTitle={t("zoomOut")} />
      <ViewSync
        items={items}
        refinement={refinement}
        fit={fit}
        onFitted={onFitted}
        onMoveEnd={onMoveEnd}
        programmatic={programmatic}
      />
      {items.filter(isApproximate).map((hit) => (
        <Circle
          key={`area-${hit.objectID}`}
          center={[hit._geoloc.lat, hit._geoloc.lng]}
          radius={approximateRadius}
          interactive={false}
          className="results-map__area"
        />
      ))}
      <ClusterGroup key={lang} options={options}>
        {items.map((hit) => (
          <HitMarker key={hit.objectID} hit={hit} lang={lang} onOpen={onOpen} />
        ))}
      </ClusterGroup>
    </MapContainer>
  );
}

interface ViewSyncProps {
  items: readonly MapHit[];
  refinement: GeoBounds | undefined;
  fit: FitRequest | null;
  onFitted: () => void;
  onMoveEnd: (bounds: GeoBounds) => void;
  programmatic: { current: boolean };
}

/** The position a map's address parameter names, within this map's zoom range. */
export function positionOf(search: string): MapPosition | null {
  return parseMapPosition(mapParamOf(search), defaultView);
}

function ViewSync({ items, refinement, fit, onFitted, onMoveEnd, programmatic }: ViewSyncProps) {
  const map = useMap();
  // Back and Forward bring the view of the entry they return to.
  useEffect(() => {
    const follow = () => {
      const at = positionOf(window.location.search);
      if (!at) return;
      const here = map.getCenter();
      if (formatMapPosition({ zoom: map.getZoom(), lat: here.lat, lng: here.lng }) === formatMapPosition(at)) return;
      programmatic.current = true;
      map.setView([at.lat, at.lng], at.zoom, { animate: false });
      programmatic.current = false;
    };
    window.addEventListener("popstate", follow);
    return () => window.removeEventListener("popstate", follow);
  }, [map, programmatic]);
  useMapEvents({
    moveend: () => {
      // The view is the address's, whoever moved it: a reload, Back or a shared link opens it again. Replaced, not
      // pushed: Back leaves the map rather than replaying every drag.
      const c = map.getCenter();
      const next = withView(window.location.href, currentViewParam(), formatMapPosition({ zoom: map.getZoom(), lat: c.lat, lng: c.lng }));
      if (next !== window.location.href) window.history.replaceState(window.history.state, "", next);
      if (programmatic.current) {
        programmatic.current = false;
        return;
      }
      onMoveEnd(fromViewBounds(map.getBounds()));
    },
  });
  useEffect(() => {
    if (!fit || (fit.stale && items === fit.stale)) return;
    const box = refinement ?? boundsOfHits(items);
    if (!box) return;
    programmatic.current = true;
    // Without animation the moveend of the fit comes synchronously, so the flag cannot swallow a later move.
    map.fitBounds(toLatLngTuple(box), { padding: [32, 32], maxZoom: fitMaxZoom, animate: false });
    programmatic.current = false;
    onFitted();
  }, [map, items, refinement, fit, onFitted, programmatic]);
  return null;
}

function HitMarker({ hit, lang, onOpen }: { hit: MapHit; lang: string; onOpen?: () => void }) {
  const approximate = isApproximate(hit);
  const label = useMarkerLabel(lang)(hit);
  const { lat, lng } = hit._geoloc;
  // A new position array would make react-leaflet call setLatLng on every render, and the cluster
  // group answers that by taking the marker off and on again: its open card would lose the focus.
  const position = useMemo<[number, number]>(() => [lat, lng], [lat, lng]);
  const icon = useMemo(() => markerIcon(label, approximate), [label, approximate]);
  const marker = useRef<LeafletMarker>(null);
  const handlers = useMemo<LeafletEventHandlerFnMap>(
    () => ({
      // Leaflet opens the card on Enter; Space does too, as on any button.
      keydown: (e) => {
        if (e.originalEvent.key !== " ") return;
        e.originalEvent.preventDefault();
        marker.current?.openPopup();
      },
      // Focus goes back to the marker when its card closes, so keyboard users keep their place.
      popupclose: (e) => {
        const popup = e.popup.getElement();
        const active = document.activeElement;
        if (!active || active === document.body || popup?.contains(active)) {
          marker.current?.getElement()?.focus({ preventScroll: true });
        }
      },
    }),
    [],
  );
  return (
    <Marker
      ref={marker}
      position={position}
      icon={icon}
      keyboard
      eventHandlers={handlers}
    >
      <Popup closeButton={false} minWidth={220} maxWidth={280}>
        <PopupCard hit={hit} lang={lang} approximate={approximate} onOpen={onOpen} />
      </Popup>
    </Marker>
  );
}
