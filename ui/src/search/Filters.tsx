import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { TypeNode } from "../api/types";
import { FacetList } from "./FacetList";
import { facetValueText } from "./format";
import { MinimumFilter } from "./MinimumFilter";
import { RangeFilter } from "./RangeFilter";
import { TypeTreeFilter } from "./TypeTreeFilter";

interface Props {
  open: boolean;
  panelId: string;
  typeTree: readonly TypeNode[];
}

/** Every refinement of the list, in an aside; on phones a panel the toggle opens. */
export function Filters({ open, panelId, typeTree }: Props) {
  const { t } = useTranslation("search");
  const headingId = useId();
  return (
    <aside id={panelId} className={`search-filters${open ? " search-filters--open" : ""}`} aria-labelledby={headingId}>
      <h2 id={headingId} className="search-filters__heading">
        {t("filters.heading")}
      </h2>
      <TypeTreeFilter tree={typeTree} title={t("filters.type")} />
      <FacetList attribute="city" title={t("filters.city")} searchable />
      <RangeFilter attribute="price" title={t("filters.price")} />
      <MinimumFilter attribute="bedrooms" title={t("filters.bedrooms")} />
      <MinimumFilter attribute="bathrooms" title={t("filters.bathrooms")} />
      <RangeFilter attribute="surfaceLiving" title={t("filters.living")} />
      <RangeFilter attribute="surfaceGround" title={t("filters.ground")} />
      <FacetList attribute="epcLabel" title={t("filters.epc")} format={(v) => facetValueText(t, "epcLabel", v)} limit={10} />
      <FacetList attribute="features" title={t("filters.features")} format={(v) => facetValueText(t, "features", v)} limit={6} />
    </aside>
  );
}
