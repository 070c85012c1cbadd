import { useCallback, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useGeoSearch } from "react-instantsearch";
import { MapCanvas, type FitRequest } from "./MapCanvas";
import { useRecordTrail } from "../trail/record";
import { geoSearchParams } from "../search/widgets";
import { ResultsList } from "./ResultsList";
import type { GeoBounds, MapHit } from "./types";
import "./map-surface.css";
import "./ResultsMap.css";

export interface ResultsMapProps {
  lang: string;
  /** The list's index: opening a result records the search for the detail page's previous / next. */
  indexName: string;
  /** Tile address template from config (site.map); empty draws the markers on a plain background. */
  tileUrl: string;
  attribution: string;
}

/**
 * The map view of the current search: a marker per result, 'search as I move
 * the map' through insideBoundingBox, and the same results as a list of links
 * for visitors who cannot use the map. Renders inside the list's InstantSearch.
 */
export function ResultsMap({ lang, indexName, tileUrl, attribution }: ResultsMapProps) {
  const recordTrail = useRecordTrail(lang, indexName);
  const { t } = useTranslation("map", { lng: lang });
  const geo = useGeoSearch<MapHit>(geoSearchParams);
  const items = geo.items as readonly MapHit[];
  const [fit, setFit] = useState<FitRequest | null>({ stale: null });
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
        />
      </div>
    </div>
  );
}
