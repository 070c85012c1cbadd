import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { SimilarCard } from "../../lib/api/types";
import { ListingCardList, listingCardSizes } from "../../features/search/ListingCardList";

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
      <ListingCardList cards={cards} sizes={listingCardSizes.similar} />
    </section>
  );
}
