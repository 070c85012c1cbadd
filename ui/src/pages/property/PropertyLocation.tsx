import type { TFunction } from "i18next";
import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { PropertyDetail } from "../../lib/api/types";
import { formatNumber } from "../../lib/format";

type Props = { property: PropertyDetail; lang: string; children?: ReactNode };

/**
 * A distance in whole metres below a kilometre ("350 m"), else in kilometres
 * with one decimal ("1,2 km"). 999.6 m reads 1 km, not "1.000 m".
 */
function distanceFormat(lang: string, t: TFunction<"property">) {
  return (m: number) => {
    const metres = Math.round(m);
    return metres < 1000
      ? t("location.metres", { value: formatNumber(metres, lang, 0) })
      : t("location.kilometres", { value: formatNumber(m / 1000, lang, 1) });
  };
}

/**
 * Where the listing is: the published address, or only the town with a word
 * that the rest is on request; the map (children) and what is nearby.
 */
export function PropertyLocation({ property: p, lang, children }: Props) {
  const { t } = useTranslation("property");
  const id = useId();
  const a = p.address;
  const text = a.formatted || [a.zip || p.zip, a.city || p.city].filter(Boolean).join(" ");
  const distance = distanceFormat(lang, t);
  const country = a.countryId !== 10 && a.countryName ? a.countryName : "";
  return (
    <section className="property-location" aria-labelledby={id}>
      <h2 className="property-group__title" id={id}>
        {t("location.title")}
      </h2>
      <address className="property-location__address">
        {text}
        {country && `, ${country}`}
      </address>
      {!a.published && <p className="property-location__hidden">{t("location.onRequest")}</p>}
      {children}
      {p.pointsOfInterest.length > 0 && (
        <>
          <h3 className="property-group__subtitle">{t("location.nearby")}</h3>
          <ul className="property-location__nearby">
            {[...p.pointsOfInterest]
              .sort((x, y) => (x.distance ?? Infinity) - (y.distance ?? Infinity))
              .map((poi, i) => (
                <li key={`${poi.kind}-${i}`} className="property-location__poi">
                  <span className="property-location__poi-name">{poi.name}</span>
                  {poi.distance ? <span className="property-location__poi-distance">{distance(poi.distance)}</span> : null}
                </li>
              ))}
          </ul>
        </>
      )}
    </section>
  );
}
