import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { SimilarCard } from "../../api/types";

type Props = { cards: SimilarCard[]; title?: string };

/** Up to four comparable listings: photo, type, town and price, each a link to its detail. */
export function SimilarProperties({ cards, title }: Props) {
  const { t } = useTranslation("property");
  const id = useId();
  if (cards.length === 0) return null;
  return (
    <section className="property-similar" aria-labelledby={id}>
      <h2 className="property-group__title" id={id}>
        {title ?? t("similar.title")}
      </h2>
      <ul className="property-similar__list">
        {cards.map((card) => (
          <li key={card.id} className="property-similar__item">
            <article className="property-similar__card">
              {card.thumbnail ? (
                <img
                  className="property-similar__image"
                  src={card.thumbnail.url}
                  width={card.thumbnail.width}
                  height={card.thumbnail.height}
                  alt=""
                  loading="lazy"
                  decoding="async"
                />
              ) : (
                <div className="property-similar__image property-similar__image--none" />
              )}
              <h3 className="property-similar__title">
                <Link className="property-similar__link" to={card.url}>
                  {t("heading", { type: card.type, city: card.city })}
                </Link>
              </h3>
              <p className="property-similar__price">{card.priceText}</p>
              {card.status !== "available" && (
                <p className={`property-similar__status property-similar__status--${card.status}`}>{t(`status.${card.status}`)}</p>
              )}
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
