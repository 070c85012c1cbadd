import { lazy, useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Configure, InstantSearch, InstantSearchSSRProvider } from "react-instantsearch";
import { useLocation } from "react-router";
import type { TypeNode } from "../api/types";
import { SiteContext } from "../app/context";
import { onServer, originOf } from "../app/env";
import { ErrorBoundary } from "../app/ErrorBoundary";
import { Island } from "../app/Island";
import { createSearchClient, detachableClient, serverSearchHost } from "./client";
import { CurrentFilters } from "./CurrentFilters";
import { Filters } from "./Filters";
import { InitialResultsContext } from "./initialResults";
import { Pagination } from "./Pagination";
import { ResultCount, Results } from "./Results";
import { ResultsOptions } from "./ResultsOptions";
import { createRouting, serverLocation } from "./router";
import { SearchField } from "./SearchField";
import { typeNames } from "./typeTree";
import { useViewParam } from "./useViewParam";
import { configureParams, listFuture, type Goal } from "./widgets";
import { ViewToggle } from "./ViewToggle";
import "./ListingsSearch.css";

// Leaflet and the map code load only when a visitor picks the map.
const ResultsMap = lazy(() => import("../map"));

interface Props {
  lang: string;
  goal: Goal;
  map: { tileUrl: string; attribution: string };
  marqueeIgnore?: readonly number[];
  typeTree?: readonly TypeNode[];
}

/** The server's first results, when it sent them: the list then starts from them instead of searching. */
function WithInitialResults({ children }: { children: ReactNode }) {
  const initialResults = useContext(InitialResultsContext);
  return initialResults ? <InstantSearchSSRProvider initialResults={initialResults}>{children}</InstantSearchSSRProvider> : children;
}

/** The searchable list of one goal's listings in one language, its whole state in the address. */
export function ListingsSearch(props: Props) {
  return (
    <WithInitialResults>
      <SearchList {...props} />
    </WithInitialResults>
  );
}

function SearchList({ lang, goal, map, marqueeIgnore, typeTree = [] }: Props) {
  const typeLabels = useMemo(() => typeNames(typeTree), [typeTree]);
  const { t } = useTranslation("search");
  const indexName = `properties_${lang}`;
  // The server has no window: it renders the requested address at the site's own origin.
  const location = useLocation();
  const site = useContext(SiteContext);
  const serverAt = onServer ? serverLocation(location.pathname + location.search, originOf(site?.baseUrl ?? "")) : undefined;
  // serverAt is only set on the server, which renders once: the client and routing are made once either way.
  const search = useMemo(() => detachableClient(createSearchClient(serverAt ? serverSearchHost : undefined)), []);
  useEffect(() => {
    search.attach();
    return search.detach;
  }, [search]);
  const routing = useMemo(() => createRouting(indexName, serverAt), [indexName]);
  const [view, setView] = useViewParam(serverAt?.search);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const panelId = useId();
  const resultsRef = useRef<HTMLElement>(null);
  const toResults = () => resultsRef.current?.scrollIntoView({ block: "start" });

  return (
    <InstantSearch
      key={indexName}
      searchClient={search.client}
      indexName={indexName}
      routing={routing}
      future={listFuture}
    >
      <Configure {...configureParams(goal)} />
      <div className="listings-search">
        <div className="listings-search__top">
          <SearchField />
          <button
            type="button"
            className="listings-search__filters-toggle"
            aria-expanded={filtersOpen}
            aria-controls={panelId}
            onClick={() => setFiltersOpen((o) => !o)}
          >
            {filtersOpen ? t("filters.hide") : t("filters.show")}
          </button>
        </div>
        <Filters open={filtersOpen} panelId={panelId} typeTree={typeTree} />
        <section ref={resultsRef} className="listings-search__results" aria-labelledby={`${panelId}-results`}>
          <h2 id={`${panelId}-results`} className="visually-hidden">
            {t("results.heading")}
          </h2>
          <div className="listings-search__bar">
            <ResultCount goal={goal} />
            <ViewToggle view={view} onChange={setView} />
          </div>
          <CurrentFilters lang={lang} typeNames={typeLabels} />
          <ResultsOptions indexName={indexName} />
          {view === "map" ? (
            // A map that fails (its chunk, Leaflet) leaves the rest of the list working.
            <ErrorBoundary
              fallback={() => (
                <p className="search-results__message" role="alert">
                  {t("view.error")}
                </p>
              )}
            >
              <Island fallback={<p className="listings-search__map-loading">{t("view.loading")}</p>}>
                <ResultsMap lang={lang} indexName={indexName} tileUrl={map.tileUrl} attribution={map.attribution} />
              </Island>
            </ErrorBoundary>
          ) : (
            <>
              <Results lang={lang} indexName={indexName} marqueeIgnore={marqueeIgnore} />
              {/* The map shows every result: pages are the list's. */}
              <Pagination onPage={toResults} />
            </>
          )}
        </section>
      </div>
    </InstantSearch>
  );
}
