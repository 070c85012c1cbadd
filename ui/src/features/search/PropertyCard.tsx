import type { ComponentType } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { formatEuro } from "../../lib/format";
import { epcClass, epcText } from "./epc";
import { badgeFor, type PropertyHit } from "./hit";
import { CardImage, type CardLoad } from "./CardImage";
import "./PropertyCard.css";

interface Props {
  hit: PropertyHit;
  load: CardLoad;
  headingLevel?: 2 | 3;
  /** Called when the visitor follows the card's link (the list records its search then). */
  onOpen?: () => void;
  /** The favourite control over the photo (the favourites feature's, given by the page). */
  favouriteButton?: FavouriteControl | undefined;
}

/** What the favourites keep of a listing saved from its card. */
function favouriteOf(hit: PropertyHit) {
  return {
    id: hit.id,
    url: hit.url,
    title: `${hit.type} ${hit.zip} ${hit.city}`.trim(),
    price: hit.price ?? null,
    priceText: hit.priceText,
    photo: hit.thumbnail?.url ?? null,
  };
}

/** What a card gives its favourite control to save. */
export type CardFavourite = ReturnType<typeof favouriteOf>;

/** A control that saves a card's listing as a favourite. */
export type FavouriteControl = ComponentType<{ favourite: CardFavourite; className?: string }>;

/** One listing in a result list: photo, type, town, price, key figures and badges, linking to the detail. */
export function PropertyCard({ hit, load, headingLevel = 3, onOpen, favouriteButton: FavouriteButton }: Props) {
  const { t, i18n } = useTranslation("search");
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const badge = badgeFor(hit);
  const figures = [
    hit.bedrooms ? t("card.bedrooms", { count: hit.bedrooms }) : null,
    hit.bathrooms ? t("card.bathrooms", { count: hit.bathrooms }) : null,
    hit.surfaceLiving ? t("card.living", { value: hit.surfaceLiving }) : null,
  ].filter((f): f is string => f !== null);
  const thumb = hit.thumbnail;
  return (
    <article className="card property-card">
      <div className="card__media property-card__media">
        <CardImage thumb={thumb} load={load} className="property-card__image" />
        {badge && <span className={`property-card__badge property-card__badge--${badge}`}>{t(`badge.${badge}`)}</span>}
        {FavouriteButton && <FavouriteButton favourite={favouriteOf(hit)} className="favourite-button--over-photo" />}
      </div>
      <div className="card__body property-card__body">
        <Heading className="card__title property-card__title">
          <Link className="card__link property-card__link" to={hit.url} onClick={onOpen}>
            <span className="property-card__type">{hit.type}</span>{" "}
            <span className="property-card__town">
              {hit.zip} {hit.city}
            </span>
          </Link>
        </Heading>
        <p className="property-card__price">
          {hit.priceText}
          {/* A rent is advertised with its monthly charges (the regions' rent rules). */}
          {hit.goal === "rent" && hit.charges ? (
            <>
              {" "}
              <span className="property-card__charges">{t("card.charges", { amount: formatEuro(hit.charges, i18n.language) })}</span>
            </>
          ) : null}
        </p>
        {figures.length > 0 && (
          <ul className="property-card__figures" aria-label={t("card.figures")}>
            {figures.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        )}
        <p className="property-card__footer">
          {hit.epcLabel && (
            <span className={`property-card__epc property-card__epc--${epcClass(hit.epcLabel)}`}>
              {t("epc.badge", { label: epcText(hit.epcLabel), context: hit.region })}
            </span>
          )}
          <span className="property-card__ref">{t("card.ref", { id: hit.id })}</span>
        </p>
      </div>
    </article>
  );
}
