import { Suspense, lazy, useEffect, useId, useRef, useState, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { ErrorBoundary } from "../../app/ErrorBoundary";
import { useSite } from "../../app/context";
import "../../lib/map/map-surface.css";
import "./DetailMap.css";

// Leaflet and its CSS load with this chunk only, once the map nears the screen.
const DetailMapCanvas = lazy(() => import("./DetailMapCanvas"));

export interface DetailMapProps {
  geo: { lat: number; lng: number; approximate: boolean } | null;
  /** The listing's title, naming the map for screen readers. */
  title: string;
}

/** How far below the fold the map starts loading, so it is there when scrolled to. */
const preloadMargin = "300px";

/**
 * Whether the element is (nearly) on screen; true right after mount where
 * the browser cannot tell. False on the server and while hydrating, so the
 * map is never in the server's HTML.
 */
function useNearScreen(): [RefObject<HTMLDivElement | null>, boolean] {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    if (typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: preloadMargin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near];
}

/**
 * A listing's place on a small map: a pin on an exact address, a circle of
 * about 1 km when the address is not published. The frame keeps its height
 * while Leaflet loads, so nothing below it moves.
 */
export function DetailMap({ geo, title }: DetailMapProps) {
  const { t } = useTranslation("map");
  const { map } = useSite();
  const [ref, near] = useNearScreen();
  const ids = { instructions: useId(), caption: useId() };
  if (!geo || !Number.isFinite(geo.lat) || !Number.isFinite(geo.lng)) return null;
  const describedBy = geo.approximate ? `${ids.caption} ${ids.instructions}` : ids.instructions;
  return (
    <div className="detail-map map-surface">
      <p id={ids.instructions} className="visually-hidden">
        {t("detail.instructions")}
      </p>
      <div
        ref={ref}
        className="detail-map__frame"
        role="region"
        aria-label={t("detail.region", { title })}
        aria-describedby={describedBy}
      >
        {near ? (
          <ErrorBoundary fallback={() => <p className="detail-map__message">{t("detail.error")}</p>}>
            <Suspense fallback={null}>
              <DetailMapCanvas geo={geo} title={title} tileUrl={map.tileUrl} attribution={map.attribution} />
            </Suspense>
          </ErrorBoundary>
        ) : null}
      </div>
      {geo.approximate ? (
        <p id={ids.caption} className="detail-map__caption">
          {t("detail.approximate")}
        </p>
      ) : null}
    </div>
  );
}
