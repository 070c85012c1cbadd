import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useHitsPerPage, useSortBy } from "react-instantsearch";
import { sortSuffixes } from "../../lib/search/routing";
import { hitsPerPageParams, perPageChoices, sortValues } from "./widgets";

const sortLabels: Record<(typeof sortSuffixes)[number], string> = {
  price_asc: "sort.priceAsc",
  price_desc: "sort.priceDesc",
  newest: "sort.newest",
};

/** The sort order, for the list's bar: on a phone its label is read, not shown, to keep the bar one row. */
export function SortSelect({ indexName }: { indexName: string }) {
  const { t } = useTranslation("search");
  const id = useId();
  const { currentRefinement, options, refine } = useSortBy({
    items: sortValues(indexName).map((value) => ({
      value,
      label: t(value === indexName ? "sort.relevance" : sortLabels[value.slice(indexName.length + 1) as (typeof sortSuffixes)[number]]),
    })),
  });
  return (
    <div className="search-options__field search-options__field--sort">
      <label htmlFor={id} className="search-options__label">
        {t("sort.label")}
      </label>
      <select id={id} className="input search-field" value={currentRefinement} onChange={(e) => refine(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Results per page, under the pager: a choice made after seeing a page. */
export function PerPageSelect() {
  const { t } = useTranslation("search");
  const id = useId();
  const perPage = useHitsPerPage(hitsPerPageParams);
  const current = perPage.items.find((i) => i.isRefined)?.value ?? perPageChoices[0];
  return (
    <div className="search-options__field search-options__field--per-page">
      <label htmlFor={id}>{t("perPage.label")}</label>
      <select id={id} className="input search-field" value={current} onChange={(e) => perPage.refine(Number(e.target.value))}>
        {perPage.items.map((o) => (
          <option key={o.value} value={o.value}>
            {t("perPage.option", { number: o.value })}
          </option>
        ))}
      </select>
    </div>
  );
}
