import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { TypeNode } from "../api/types";
import { attributeTitles } from "./attributes";
import { FacetList } from "./FacetList";
import { facetValueText } from "./format";
import { MinimumFilter } from "./MinimumFilter";
import { RangeFilter } from "./RangeFilter";
import { TypeTreeFilter } from "./TypeTreeFilter";
import { filterWidgets } from "./widgets";

interface Props {
  open: boolean;
  panelId: string;
  typeTree: readonly TypeNode[];
}

// The facets whose values are codes that read better translated ("A+" for "a_plus").
const formatted = new Set(["epcLabel", "features"]);

/** Every refinement of the list, in an aside; on phones a panel the toggle opens. */
export function Filters({ open, panelId, typeTree }: Props) {
  const { t } = useTranslation("search");
  const headingId = useId();
  return (
    <aside id={panelId} className={`search-filters${open ? " search-filters--open" : ""}`} aria-labelledby={headingId}>
      <h2 id={headingId} className="search-filters__heading">
        {t("filters.heading")}
      </h2>
      {filterWidgets.map((w) => {
        const attribute = w.params.attribute;
        const title = t(attributeTitles[attribute] ?? attribute);
        switch (w.kind) {
          case "typeTree":
            return <TypeTreeFilter key={attribute} params={w.params} tree={typeTree} title={title} />;
          case "facets":
            return (
              <FacetList
                key={attribute}
                params={w.params}
                title={title}
                searchable={w.searchable}
                format={formatted.has(attribute) ? (v) => facetValueText(t, attribute, v) : undefined}
              />
            );
          case "range":
            return <RangeFilter key={attribute} params={w.params} title={title} />;
          case "minimum":
            return <MinimumFilter key={attribute} params={w.params} title={title} />;
        }
      })}
    </aside>
  );
}
