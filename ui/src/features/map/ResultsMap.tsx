import { useCallback, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { GeoSearchConnectorParams } from "instantsearch.js/es/connectors/geo-search/connectGeoSearch";
import { Configure, Index, useGeoSearch, useHits } from "react-instantsearch";
import { MapCanvas, positionOf, type FitRequest } from "./MapCanvas";
import { useRecordTrail } from "../../lib/trail/record";
import { maxListings } from "../../lib/map/region";
import { ResultsList } from "./ResultsList";
import type { GeoBounds, MapHit } from "../../lib/map/types";
import "../../lib/map/map-surface.css";
import "./ResultsMap.css";

// The map's geo search widget, as the list's other widgets are in the search
// feature's widgets.ts: satisfies, not a type, so the hook narrows the hits' type.
const geoSearchParams = { enableRefineOnMapMove: false } satisfies GeoSearchConnectorParams;

export interface ResultsMapProps {
  lang: string;
  /** The list's index: opening a result records the search for the detail page's previous / next. */
  indexName: string;
  /** Tile address template from config (site.map); empty draws the markers on the offline layer alone. */
  tileUrl: string;
  attribution: string;
}

/**
 * The map view of the current search: a marker per result, 'search as I move
 * the map' through insideBoundingBox, and the same results as a list of links
 * for visitors who cannot use the map. Renders inside the list's InstantSearch.
 */
export function ResultsMap(props: ResultsMapProps) {
  // The map's box refines the list's own search (its count, the address), so the connector lives out here.
  const geo = useGeoSearch<MapHit>(geoSearchParams);
  // The trail records the list's search (its filters, page and hits), which the nested index below does not see.
  const recordTrail = useRecordTrail(props.lang, props.indexName);
  return (
    // The list's page holds 20 results; the map shows every result of the same search. The nested index inherits
    // the list's query, filters and map box; it asks for all hits from the first, with only what a marker shows.
    <Index indexName={props.indexName} indexId={mapIndexId}>
      <Configure page={0} hitsPerPage={maxListings} attributesToRetrieve={mapAttributes} attributesToHighlight={[]} />
      <ResultsMapView {...props} geo={geo} recordTrail={recordTrail} />
    </Index>
  );
}

const mapIndexId = "map";

/** What a marker, its card and the map's list of links show (types.ts ListingHitFields). */
const mapAttributes = ["id", "type", "city", "zip", "priceText", "url", "street", "addressPublished", "thumbnail", "_geoloc"];

type GeoSearch = ReturnType<typeof useGeoSearch<MapHit>>;

interface ViewProps {
  geo: GeoSearch;
  recordTrail: () => void;
}

function ResultsMapView({ lang, tileUrl, attribution, geo, recordTrail }: ResultsMapProps & ViewProps) {
  const { t } = useTranslation("map", { lng: lang });
  const items = useMapItems();
  // A view in the address (a reload, Back, a shared link) is shown as it was; without one the map fits the results.
  const [initial] = useState(() => positionOf(window.location.search));
  const [fit, setFit] = useState<FitRequest | null>(initial ? null : { stale: null });
  const [listOpen, setListOpen] = useState(false);
  const view = useRef<GeoBounds | null>(null);
  const ids = { instructions: useId(), list: useId() };
  const refinedWithMap = geo.isRefinedWithMap();
  // Kept here rather than in the connector: its flags are functions, so toggling them does not re-render the hook.
  const [refineOnMove, setRefineOnMove] = useState(false);
  const [moved, setMoved] = useState(false);

  const { refine } = geo;
  const onMoveEnd = useCallback(
    (bounds: GeoBounds) => {
      view.current = bounds;
      if (refineOnMove) refine(bounds);
      else setMoved(true);
    },
    [refineOnMove, refine],
  );
  const onFitted = useCallback(() => setFit(null), []);

  function searchThisArea() {
    if (view.current) geo.refine(view.current);
    setMoved(false);
  }

  function reset() {
    setMoved(false);
    // Fit again once the unrestricted results replace the current ones (at once when nothing changes).
    setFit({ stale: refinedWithMap ? items : null });
    geo.clearMapRefinement();
  }

  const showSearchArea = !refineOnMove && moved;
  return (
    <div className="results-map map-surface">
      <div className="results-map__toolbar">
        <p className="results-map__status" role="status">
          {t("count", { count: items.length })}
        </p>
        <label className="results-map__toggle">
          <input type="checkbox" checked={refineOnMove} onChange={(e) => setRefineOnMove(e.target.checked)} />
          {t("searchAsMove")}
        </label>
        <button type="button" className="results-map__button results-map__button--secondary" onClick={reset}>
          {t("reset")}
        </button>
        <button
          type="button"
          className="results-map__button results-map__button--secondary"
          aria-expanded={listOpen}
          aria-controls={ids.list}
          onClick={() => setListOpen((open) => !open)}
        >
          {listOpen ? t("hideList") : t("showList")}
        </button>
      </div>
      <ResultsList id={ids.list} lang={lang} items={items} hidden={!listOpen} onOpen={recordTrail} />
      <p id={ids.instructions} className="visually-hidden">
        {t("instructions")}
      </p>
      <div className="results-map__frame" role="region" aria-label={t("region")} aria-describedby={ids.instructions}>
        {showSearchArea ? (
          // Floats over the map, so its coming and going moves nothing.
          <button type="button" className="results-map__button results-map__search-area" onClick={searchThisArea}>
            {t("searchThisArea")}
          </button>
        ) : null}
        <MapCanvas
          lang={lang}
          onOpen={recordTrail}
          items={items}
          refinement={refinedWithMap ? geo.currentRefinement : undefined}
          fit={fit}
          onFitted={onFitted}
          onMoveEnd={onMoveEnd}
          tileUrl={tileUrl}
          attribution={attribution}
          initial={initial}
        />
      </div>
    </div>
  );
}

/** The nested index's hits that have a point: every result of the search, up to maxListings. */
function useMapItems(): readonly MapHit[] {
  const { items } = useHits<MapHit>();
  return useMemo(() => items.filter((hit) => hit._geoloc && Number.isFinite(hit._geoloc.lat) && Number.isFinite(hit._geoloc.lng)), [items]);
}
