import { useEffect, useId, useRef, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { useClearRefinements, useInstantSearch } from "react-instantsearch";
import type { TypeNode } from "../../lib/api/types";
import { trapTab } from "../../lib/dom/focusTrap";
import { attributeTitles } from "./attributes";
import { FacetList } from "./FacetList";
import { facetValueText } from "./format";
import { HideSold } from "./HideSold";
import { MinimumFilter } from "./MinimumFilter";
import { RangeFilter } from "./RangeFilter";
import { TypeTreeFilter } from "./TypeTreeFilter";
import { filterWidgets, type Goal } from "./widgets";

interface Props {
  goal: Goal;
  open: boolean;
  panelId: string;
  typeTree: readonly TypeNode[];
  /** The town facet's labels: a village called "Alle" reads "Alle (5550)", not "all". */
  townLabel?: (town: string) => string;
  /** Closes the sheet; showResults is true when the visitor asked to see the results. */
  onClose: (showResults: boolean) => void;
}

// The facets whose values are codes that read better translated ("A+" for "a_plus").
const formatted = new Set(["epcLabel", "features"]);

// Where the filters sit beside the results (ListingsSearch.css): the sheet's chrome goes there.
const sideBySide = "(min-width: 1024px)";

/**
 * Every refinement of the list. Beside the results on wide screens; below
 * that, a full-screen sheet the 'Filters' button opens, modal while open:
 * the page behind does not scroll, Tab stays inside, Escape closes it, and
 * its footer shows the live number of results.
 */
export function Filters({ goal, open, panelId, typeTree, townLabel, onClose }: Props) {
  const { t } = useTranslation("search");
  const headingId = useId();
  const ref = useRef<HTMLElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const { results } = useInstantSearch();
  const { canRefine, refine: clearAll } = useClearRefinements();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    document.documentElement.classList.add("has-open-sheet");
    closeRef.current?.focus();
    // Turned to a wide screen, the sheet is the aside again: nothing to close.
    const wide = window.matchMedia(sideBySide);
    const onWide = () => wide.matches && onCloseRef.current(false);
    wide.addEventListener("change", onWide);
    return () => {
      document.documentElement.classList.remove("has-open-sheet");
      wide.removeEventListener("change", onWide);
    };
  }, [open]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (!open || !ref.current) return;
    if (e.key === "Escape") {
      e.preventDefault();
      onClose(false);
    } else if (e.key === "Tab" && trapTab(ref.current, e.shiftKey, document.activeElement)) {
      e.preventDefault();
    }
  };

  const count = results && !results.__isArtificial ? results.nbHits : null;
  return (
    <aside
      ref={ref}
      id={panelId}
      className={`search-filters${open ? " search-filters--open" : ""}`}
      aria-labelledby={headingId}
      role={open ? "dialog" : undefined}
      aria-modal={open || undefined}
      onKeyDown={onKeyDown}
    >
      <div className="search-filters__head">
        <h2 id={headingId} className="search-filters__heading">
          {t("filters.heading")}
        </h2>
        <button ref={closeRef} type="button" className="search-filters__close" aria-label={t("filters.close")} onClick={() => onClose(false)}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="search-filters__body">
        <HideSold goal={goal} />
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
                  format={formatted.has(attribute) ? (v) => facetValueText(t, attribute, v) : attribute === "city" ? townLabel : undefined}
                />
              );
            case "range":
              return <RangeFilter key={attribute} params={w.params} title={title} />;
            case "minimum":
              return <MinimumFilter key={attribute} params={w.params} title={title} />;
          }
        })}
      </div>
      <div className="search-filters__foot">
        <button type="button" className="search-filters__clear" disabled={!canRefine} onClick={clearAll}>
          {t("filters.clear")}
        </button>
        <button type="button" className="button search-filters__show" onClick={() => onClose(true)}>
          {count === null ? t("filters.showResults") : t("filters.showCount", { count })}
        </button>
      </div>
    </aside>
  );
}
