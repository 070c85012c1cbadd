import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { isApproximate } from "../../lib/map/geo";
import type { MapHit } from "../../lib/map/types";

/** The sentence that names a result: the marker's accessible name and the list alternative's link text. */
export function useMarkerLabel(lang: string): (hit: MapHit) => string {
  const { t } = useTranslation("map", { lng: lang });
  return useCallback(
    (hit: MapHit) =>
      t(isApproximate(hit) ? "markerApproximate" : "marker", {
        type: hit.type ?? "",
        city: hit.city ?? "",
        price: hit.priceText || t("priceOnRequest"),
      }),
    [t],
  );
}
