import { useTranslation } from "react-i18next";
import { useHits, useInstantSearch } from "react-instantsearch";
import { useRecordTrail } from "../../lib/trail/record";
import type { PropertyHit } from "./hit";
import { cardLoad } from "./CardImage";
import { useOffMarket } from "./HideSold";
import { PropertyCard, type FavouriteControl } from "./PropertyCard";

/**
 * The result cards. While a new search runs the previous cards stay in
 * place, dimmed and marked busy, so nothing jumps.
 */
export function Results({ lang, indexName, favouriteButton }: { lang: string; indexName: string; favouriteButton?: FavouriteControl }) {
  const { t } = useTranslation("search");
  // Opening a card records the search, for the detail page's previous / next.
  const recordTrail = useRecordTrail(lang, indexName);
  const { items, results } = useHits<PropertyHit>();
  const { status, error } = useInstantSearch({ catchError: true });
  const busy = status === "loading" || status === "stalled";
  if (error && status === "error") {
    return (
      <p className="search-results__message" role="alert">
        {t("results.error")}
      </p>
    );
  }
  if (results && !results.__isArtificial && results.nbHits === 0) {
    return <p className="search-results__message">{t("results.empty")}</p>;
  }
  return (
    <ul className={`search-results__list${busy ? " search-results__list--busy" : ""}`} aria-busy={busy || undefined}>
      {items.map((hit, i) => (
        <li key={hit.objectID} className="search-results__item">
          <PropertyCard hit={hit} load={cardLoad(i)} onOpen={recordTrail} favouriteButton={favouriteButton} />
        </li>
      ))}
    </ul>
  );
}

/** The number of results and how many of them are sold or rented, announced when it changes. */
export function ResultCount({ goal }: { goal: "sale" | "rent" }) {
  const { t } = useTranslation("search");
  const { results } = useInstantSearch();
  const offMarket = useOffMarket();
  const ready = results && !results.__isArtificial;
  let text = " ";
  if (ready) {
    text = t(goal === "sale" ? "count.sale" : "count.rent", { count: results.nbHits });
    if (!offMarket.hidden && offMarket.count > 0) {
      text = t(goal === "sale" ? "count.withSold" : "count.withRented", { count: offMarket.count, total: text });
    }
  }
  return (
    <p className="search-results__count" role="status" aria-live="polite" aria-atomic="true">
      {text}
    </p>
  );
}
