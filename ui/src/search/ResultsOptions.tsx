import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useHitsPerPage, useSortBy } from "react-instantsearch";
import { sortSuffixes } from "./routing";
import { hitsPerPageParams, perPageChoices, sortValues } from "./widgets";

const sortLabels: Record<(typeof sortSuffixes)[number], string> = {
  price_asc: "sort.priceAsc",
  price_desc: "sort.priceDesc",
  newest: "sort.newest",
};

/** Sort order and results per page. */
export function ResultsOptions({ indexName }: { indexName: string }) {
  const { t } = useTranslation("search");
  const sortId = useId();
  const perPageId = useId();
  const { currentRefinement, options, refine } = useSortBy({
    items: sortValues(indexName).map((value) => ({
      value,
      label: t(value === indexName ? "sort.relevance" : sortLabels[value.slice(indexName.length + 1) as (typeof sortSuffixes)[number]]),
    })),
  });
  const perPage = useHitsPerPage(hitsPerPageParams);
  const currentPerPage = perPage.items.find((i) => i.isRefined)?.value ?? perPageChoices[0];
  return (
    <div className="search-options">
      <div className="search-options__field">
        <label htmlFor={sortId}>{t("sort.label")}</label>
        <select id={sortId} className="search-field" value={currentRefinement} onChange={(e) => refine(e.target.value)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <div className="search-options__field">
        <label htmlFor={perPageId}>{t("perPage.label")}</label>
        <select id={perPageId} className="search-field" value={currentPerPage} onChange={(e) => perPage.refine(Number(e.target.value))}>
          {perPage.items.map((o) => (
            <option key={o.value} value={o.value}>
              {t("perPage.option", { number: o.value })}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
