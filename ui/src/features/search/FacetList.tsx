import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRefinementList, type UseRefinementListProps } from "react-instantsearch";

interface Props {
  /** The hook's parameters, from widgets.ts. */
  params: UseRefinementListProps;
  title: string;
  /** Shows a box that searches the facet's values on the server. */
  searchable?: boolean;
  /** The visible label of a value (a translated feature, "A+" for "a_plus"). */
  format?: (value: string) => string;
}

/** A refinement list as a group of checkboxes with their counts. */
export function FacetList({ params, title, searchable = false, format = (v) => v }: Props) {
  const { t } = useTranslation("search");
  const { items, refine, searchForItems, isFromSearch, canToggleShowMore, isShowingMore, toggleShowMore } = useRefinementList(params);
  const [search, setSearch] = useState("");
  const searchId = useId();
  const listId = useId();
  return (
    <fieldset className="search-facet">
      <legend className="search-facet__title">{title}</legend>
      {searchable && (
        <div className="search-facet__search">
          <label className="visually-hidden" htmlFor={searchId}>
            {t("filters.citySearch")}
          </label>
          <input
            id={searchId}
            type="search"
            className="input search-field"
            // The label says it in full; the placeholder is only a hint, short enough for the facet's box.
            placeholder={t("filters.citySearchHint")}
            value={search}
            aria-controls={listId}
            autoComplete="off"
            onChange={(e) => {
              setSearch(e.target.value);
              searchForItems(e.target.value);
            }}
          />
        </div>
      )}
      {isFromSearch && items.length === 0 && <p className="search-facet__none">{t("filters.cityNone")}</p>}
      <ul className="search-facet__list" id={listId}>
        {items.map((item) => (
          <li key={item.value}>
            <label className="search-facet__option">
              <input
                type="checkbox"
                checked={item.isRefined}
                onChange={() => {
                  refine(item.value);
                  if (isFromSearch) setSearch("");
                }}
              />
              <span className="search-facet__label">{format(item.label)}</span>
              <span className="search-facet__count">{item.count}</span>
            </label>
          </li>
        ))}
      </ul>
      {canToggleShowMore && !isFromSearch && (
        <button type="button" className="search-facet__more" aria-controls={listId} aria-expanded={isShowingMore} onClick={toggleShowMore}>
          {isShowingMore ? t("filters.showLess") : t("filters.showMore")}
        </button>
      )}
    </fieldset>
  );
}
