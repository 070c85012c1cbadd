import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { SimilarCard } from "../../lib/api/types";
import { Picture } from "../../lib/photo/Picture";
import { cardPicture } from "../../lib/photo/pictures";
import "./listingCards.css";

type Props = { cards: SimilarCard[]; level?: 2 | 3 };

/** Small listing cards (photo, type, town, price, status), each a link to its detail: similar listings, a home module. */
export function ListingCardList({ cards, level = 3 }: Props) {
  const { t } = useTranslation("property");
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <ul className="listing-cards__list">
      {cards.map((card) => (
        <li key={card.id} className="listing-cards__item">
          <article className="listing-cards__card">
            {card.thumbnail ? (
              <Picture
                picture={cardPicture(card.thumbnail.optimized)}
                className="listing-cards__image"
                src={card.thumbnail.url}
                width={card.thumbnail.width}
                height={card.thumbnail.height}
                alt=""
                loading="lazy"
                decoding="async"
              />
            ) : (
              <div className="listing-cards__image listing-cards__image--none" />
            )}
            <Heading className="listing-cards__title">
              <Link className="listing-cards__link" to={card.url}>
                {t("heading", { type: card.type, city: card.city })}
              </Link>
            </Heading>
            <p className="listing-cards__price">{card.priceText}</p>
            {card.status !== "available" && (
              <p className={`listing-cards__status listing-cards__status--${card.status}`}>{t(`status.${card.status}`)}</p>
            )}
          </article>
        </li>
      ))}
    </ul>
  );
}
