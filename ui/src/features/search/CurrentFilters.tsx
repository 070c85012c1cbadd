import { useTranslation } from "react-i18next";
import { useClearRefinements, useCurrentRefinements } from "react-instantsearch";
import { formatNumber } from "../../lib/format";
import { attributeTitles } from "./attributes";
import { facetValueText } from "./format";

/** The filters in force, each removable, and 'clear all'. */
export function CurrentFilters({ lang, typeNames }: { lang: string; typeNames?: ReadonlyMap<string, string> }) {
  const { t } = useTranslation("search");
  // 'Hide sold' is a switch in the filters, not a chip: its chips would be the two statuses it keeps.
  const { items } = useCurrentRefinements({ excludedAttributes: ["query", "status"] });
  const { canRefine, refine: clearAll } = useClearRefinements();
  if (!items.length) return null;
  return (
    <section className="search-current" aria-label={t("current.heading")}>
      <ul className="search-current__list">
        {items.flatMap((item) =>
          item.refinements.map((r) => {
            const title = t(attributeTitles[item.attribute] ?? item.attribute);
            let text: string;
            if (r.type === "numeric") {
              // Not Intl: the list is rendered on the server too, and must read the same in every browser.
              const value = formatNumber(Number(r.value), lang);
              text = r.operator === "<=" ? t("current.upTo", { value }) : item.attribute === "bedrooms" || item.attribute === "bathrooms" ? t("current.atLeast", { value }) : t("current.from", { value });
            } else if (item.attribute === "typeId") {
              text = typeNames?.get(String(r.value)) ?? String(r.value);
            } else {
              text = facetValueText(t, item.attribute, String(r.value));
            }
            const label = t("current.chip", { title, value: text });
            return (
              <li key={`${item.attribute}:${r.operator ?? ""}${String(r.value)}`}>
                <button type="button" className="search-current__chip" aria-label={t("current.remove", { label })} onClick={() => item.refine(r)}>
                  {label} <span aria-hidden="true">×</span>
                </button>
              </li>
            );
          }),
        )}
      </ul>
      <button type="button" className="search-current__clear" disabled={!canRefine} onClick={clearAll}>
        {t("current.clear")}
      </button>
    </section>
  );
}
