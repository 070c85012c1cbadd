import { useTranslation } from "react-i18next";
import { useToggleRefinement } from "react-instantsearch";
import { onMarketParams, type Goal } from "./widgets";

/**
 * How many of the results are sold or rented, and whether they are hidden.
 * The status facet is disjunctive: its counts ignore the toggle, so the
 * number stays known while they are hidden.
 */
export function useOffMarket() {
  const { value, refine } = useToggleRefinement(onMarketParams);
  const all = value.offFacetValue.count ?? 0;
  const onMarket = value.onFacetValue.count ?? 0;
  return { hidden: value.isRefined, count: Math.max(0, all - onMarket), toggle: () => refine({ isRefined: value.isRefined }) };
}

/** 'Hide sold' (or rented): a checkbox at the head of the filters. */
export function HideSold({ goal }: { goal: Goal }) {
  const { t } = useTranslation("search");
  const { hidden, count, toggle } = useOffMarket();
  return (
    <label className="search-facet__option search-hide-sold">
      <input type="checkbox" checked={hidden} onChange={toggle} />
      <span className="search-facet__label">{t(goal === "sale" ? "filters.hideSold" : "filters.hideRented")}</span>
      <span className="search-facet__count">{count}</span>
    </label>
  );
}
