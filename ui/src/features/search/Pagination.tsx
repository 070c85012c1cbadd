import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { useInstantSearch, usePagination } from "react-instantsearch";
import { paginationText } from "./format";
import { paginationParams } from "./widgets";

/** First, previous, the pages around the current one, next and last, as real links (crawlable), and the status line. */
export function Pagination({ onPage }: { onPage: () => void }) {
  const { t } = useTranslation("search");
  const { pages, currentRefinement, nbPages, nbHits, isFirstPage, isLastPage, refine, createURL } = usePagination(paginationParams);
  const { results } = useInstantSearch();
  // Before the first answer there is nothing to count: the line keeps its place empty.
  const ready = results && !results.__isArtificial;
  const go = (page: number) => (e: MouseEvent) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    refine(page);
    onPage();
  };
  const link = (page: number, label: string, text: string, disabled: boolean, modifier: string) => (
    <li className={`search-pagination__item search-pagination__item--${modifier}`}>
      {disabled ? (
        <span className="search-pagination__link" aria-disabled="true" aria-label={label}>
          {text}
        </span>
      ) : (
        <a className="search-pagination__link" href={createURL(page)} aria-label={label} onClick={go(page)}>
          {text}
        </a>
      )}
    </li>
  );
  return (
    <div className="search-pagination">
      <p className="search-pagination__status">{ready ? paginationText(t, currentRefinement + 1, nbPages, nbHits) : "\u00a0"}</p>
      {nbPages > 1 && (
        <nav aria-label={t("pagination.label")}>
          <ul className="search-pagination__list">
            {link(0, t("pagination.first"), "«", isFirstPage, "first")}
            {link(currentRefinement - 1, t("pagination.previous"), "‹", isFirstPage, "previous")}
            {pages.map((p) => (
              <li key={p} className={`search-pagination__item search-pagination__item--page${p === currentRefinement ? " search-pagination__item--current" : ""}`}>
                <a
                  className="search-pagination__link"
                  href={createURL(p)}
                  aria-label={t("pagination.page", { page: p + 1 })}
                  aria-current={p === currentRefinement ? "page" : undefined}
                  onClick={go(p)}
                >
                  {p + 1}
                </a>
              </li>
            ))}
            {link(currentRefinement + 1, t("pagination.next"), "›", isLastPage, "next")}
            {link(nbPages - 1, t("pagination.last"), "»", isLastPage, "last")}
          </ul>
        </nav>
      )}
    </div>
  );
}
