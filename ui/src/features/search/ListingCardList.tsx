import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { SimilarCard } from "../../lib/api/types";
import { Picture } from "../../lib/photo/Picture";
import { cardPicture } from "../../lib/photo/pictures";
import "./listingCards.css";

type Props = {
  cards: SimilarCard[];
  level?: 2 | 3;
  /** The photo's slot where the list is placed (listingCardSizes); a list card's by default. */
  sizes?: string;
};

/**
 * The photo slots of the small cards, from listingCards.css and modules.css: on a phone a module's cards are 78 % of
 * the content's width (100vw − 2rem) in a sideways row, similar listings one a row; wider, a grid of cards of 14rem to
 * about 300 px. A phone at 3× then takes 1,024 px for a module's card, not 1,360 (issue 33: at most 1.5× what it needs).
 */
export const listingCardSizes = {
  module: "(max-width: 766.98px) calc(78vw - 25px), 300px",
  similar: "(max-width: 766.98px) calc(100vw - 32px), 300px",
};

/** Small listing cards (photo, type, town, price, status), each a link to its detail: similar listings, a home module. */
export function ListingCardList({ cards, level = 3, sizes }: Props) {
  const { t } = useTranslation("property");
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <ul className="listing-cards__list">
      {cards.map((card) => (
        <li key={card.id} className="listing-cards__item">
          <article className="listing-cards__card">
            {card.thumbnail ? (
              <Picture
                picture={cardPicture(card.thumbnail.optimized, sizes)}
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
