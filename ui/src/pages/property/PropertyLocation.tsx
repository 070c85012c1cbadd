import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { PropertyDetail } from "../../api/types";
import { localeOf } from "./format";

type Props = { property: PropertyDetail; lang: string; children?: ReactNode };

function distanceFormat(lang: string) {
  const locale = localeOf(lang);
  const metres = new Intl.NumberFormat(locale, { style: "unit", unit: "meter", maximumFractionDigits: 0 });
  const km = new Intl.NumberFormat(locale, { style: "unit", unit: "kilometer", maximumFractionDigits: 1 });
  return (m: number) => (m < 1000 ? metres.format(m) : km.format(m / 1000));
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
  const distance = distanceFormat(lang);
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
