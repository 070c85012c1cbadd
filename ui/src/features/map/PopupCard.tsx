import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useMap } from "react-leaflet";
import { Link } from "react-router";
import type { MapHit } from "../../lib/map/types";
import { Picture } from "../../lib/photo/Picture";
import { thumbnailPicture } from "../../lib/photo/pictures";

/** The photo spans the popup, at most 280 px wide (MapCanvas's <Popup maxWidth>). */
const popupPhotoSizes = "280px";

interface PopupCardProps {
  hit: MapHit;
  lang: string;
  approximate: boolean;
  onOpen?: () => void;
}

/** A result's card in its marker's popup. It mounts when the popup opens, and takes the focus then. */
export function PopupCard({ hit, lang, approximate, onOpen }: PopupCardProps) {
  const { t } = useTranslation("map", { lng: lang });
  const map = useMap();
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    link.current?.focus({ preventScroll: true });
  }, []);
  const title = [hit.type, hit.city].filter(Boolean).join(" · ");
  return (
    // Leaflet's own Escape handling listens only while the map container itself has the focus.
    <article
      className="results-map__card"
      onKeyDown={(e) => {
        if (e.key === "Escape") map.closePopup();
      }}
    >
      {hit.thumbnail ? (
        <Picture
          picture={thumbnailPicture(hit.thumbnail.optimized, popupPhotoSizes)}
          className="results-map__card-photo"
          src={hit.thumbnail.url}
          width={hit.thumbnail.width}
          height={hit.thumbnail.height}
          alt={t("photo", { city: hit.city ?? "" })}
          loading="lazy"
          decoding="async"
        />
      ) : null}
      <div className="results-map__card-body">
        <p className="results-map__card-title">{title}</p>
        <p className="results-map__card-price">{hit.priceText || t("priceOnRequest")}</p>
        {approximate ? <p className="results-map__card-note">{t("approximate")}</p> : null}
        <Link ref={link} className="results-map__card-link" to={hit.url} onClick={onOpen}>
          {t("view")}
        </Link>
      </div>
      <button type="button" className="results-map__card-close" aria-label={t("close")} onClick={() => map.closePopup()}>
        <span aria-hidden="true">×</span>
      </button>
    </article>
  );
}
