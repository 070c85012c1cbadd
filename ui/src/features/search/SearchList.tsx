import { useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode, type Ref } from "react";
import { useTranslation } from "react-i18next";
import { Configure, InstantSearch, InstantSearchSSRProvider, useCurrentRefinements } from "react-instantsearch";
import { useLocation } from "react-router";
import type { TypeNode } from "../../lib/api/types";
import type { ListProps } from "./listProps";
import { SiteContext } from "../../app/context";
import { onServer, originOf } from "../../app/env";
import { ErrorBoundary } from "../../app/ErrorBoundary";
import { Island, useHydrated } from "../../app/Island";
import { createSearchClient, detachableClient, serverSearchHost } from "../../lib/search/client";
import { CurrentFilters } from "./CurrentFilters";
import { Filters } from "./Filters";
import { InitialResultsContext } from "./initialResults";
import { Pagination } from "./Pagination";
import { ResultCount, Results } from "./Results";
import { PerPageSelect, SortSelect } from "./ResultsOptions";
import { createRouting, serverLocation } from "./router";
import { SearchField } from "./SearchField";
import { typeNames } from "./typeTree";
import { useViewParam } from "../../lib/search/useViewParam";
import { typeGroups } from "../../lib/search/routing";
import { mapParam } from "../../lib/map/position";
import { configureParams, listFuture } from "./widgets";
import { ViewToggle } from "./ViewToggle";

/** The server's first results, when it sent them: the list then starts from them instead of searching. */
function WithInitialResults({ children }: { children: ReactNode }) {
  const initialResults = useContext(InitialResultsContext);
  return initialResults ? <InstantSearchSSRProvider initialResults={initialResults}>{children}</InstantSearchSSRProvider> : children;
}

/**
 * The searchable list with InstantSearch and every widget: what the server
 * renders, and what the browser runs once the visitor reaches for the list
 * (ListingsSearch.tsx), from this module's own chunk.
 */
export function LiveSearchList(props: ListProps) {
  return (
    <WithInitialResults>
      <SearchList {...props} />
    </WithInitialResults>
  );
}

/** The 'Filters (n)' button of a phone's bar: n counts the filters in force ('hide sold' once). */
function FiltersButton({ open, panelId, onClick, ref }: { open: boolean; panelId: string; onClick: () => void; ref: Ref<HTMLButtonElement> }) {
  const { t } = useTranslation("search");
  const { items } = useCurrentRefinements();
  const n = items.reduce((sum, item) => sum + (item.attribute === "status" ? 1 : item.refinements.length), 0);
  return (
    <button ref={ref} type="button" className="listings-search__filters-toggle" aria-expanded={open} aria-controls={panelId} onClick={onClick}>
      {n > 0 ? t("filters.buttonCount", { n }) : t("filters.button")}
    </button>
  );
}

// One empty tree for every render: the routing is made again when the tree changes.
const noTypes: readonly TypeNode[] = [];

function SearchList({ lang, goal, map, typeTree = noTypes, townZips, mapView: MapView, favouriteButton, live, rootRef }: ListProps) {
  const typeLabels = useMemo(() => typeNames(typeTree), [typeTree]);
  const townLabel = useMemo(
    () => (townZips ? (town: string) => (townZips[town] ? `${town} (${townZips[town]})` : town) : undefined),
    [townZips],
  );
  const { t } = useTranslation("search");
  const indexName = `properties_${lang}`;
  // The server has no window: it renders the requested address at the site's own origin.
  const location = useLocation();
  const site = useContext(SiteContext);
  const serverAddress = onServer ? location.pathname + location.search : undefined;
  const baseUrl = site?.baseUrl ?? "";
  const serverAt = useMemo(
    () => (serverAddress === undefined ? undefined : serverLocation(serverAddress, originOf(baseUrl))),
    [serverAddress, baseUrl],
  );
  // serverAt is only set on the server, which renders once: the client and routing are made once either way.
  const search = useMemo(() => detachableClient(createSearchClient(onServer ? serverSearchHost : undefined)), []);
  const routing = useMemo(() => createRouting(indexName, serverAt, typeGroups(typeTree)), [indexName, serverAt, typeTree]);
  // An instance may outlive the list (router.ts): gone, it neither searches nor touches the address.
  useEffect(() => {
    search.attach();
    routing.attach();
    return () => {
      search.detach();
      routing.detach();
    };
  }, [search, routing]);
  const [view, setView] = useViewParam(serverAt?.search);
  // The server's HTML shows the filters before the app runs: a tap then
  // would tick a box the list never hears of. They wait, disabled, and say so.
  const hydrated = useHydrated();
  const waitId = useId();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const panelId = useId();
  const resultsRef = useRef<HTMLElement>(null);
  const filtersButtonRef = useRef<HTMLButtonElement>(null);
  const toResults = () => resultsRef.current?.scrollIntoView({ block: "start" });
  const closeFilters = (showResults: boolean) => {
    setFiltersOpen(false);
    // Back where the visitor was; asked for the results, at their top when they start above the screen.
    if (showResults && (resultsRef.current?.getBoundingClientRect().top ?? 0) < 0) toResults();
    filtersButtonRef.current?.focus();
  };

  return (
    <InstantSearch
      key={indexName}
      searchClient={search.client}
      indexName={indexName}
      routing={routing.routing}
      future={listFuture}
    >
      <Configure {...configureParams(goal)} />
      <div ref={rootRef} className="listings-search" data-search={live ? "live" : undefined}>
        <fieldset className="listings-search__gate" disabled={!hydrated} aria-describedby={hydrated ? undefined : waitId}>
          <div className="listings-search__top">
            {!hydrated && (
              <p className="listings-search__wait" id={waitId}>
                {t("filters.waiting")}
              </p>
            )}
            <noscript>
              <p className="listings-search__noscript">{t("filters.needsScript")}</p>
            </noscript>
            <SearchField />
          </div>
          <Filters goal={goal} open={filtersOpen} panelId={panelId} typeTree={typeTree} townLabel={townLabel} onClose={closeFilters} />
          <section ref={resultsRef} className="listings-search__results" aria-labelledby={`${panelId}-results`}>
            <h2 id={`${panelId}-results`} className="visually-hidden">
              {t("results.heading")}
            </h2>
            <div className="listings-search__bar">
              <ResultCount goal={goal} />
              <ViewToggle view={view} onChange={setView} />
              <div className="listings-search__controls">
                <FiltersButton ref={filtersButtonRef} open={filtersOpen} panelId={panelId} onClick={() => setFiltersOpen(true)} />
                <SortSelect indexName={indexName} />
              </div>
            </div>
            <CurrentFilters lang={lang} typeNames={typeLabels} />
            {view === "map" ? (
              // A map that fails (its chunk, Leaflet) leaves the rest of the list working.
              <ErrorBoundary
                fallback={() => (
                  <p className="search-results__message" role="alert">
                    {t("view.error")}
                  </p>
                )}
              >
                <Island fallback={<MapPending listHref={listAddress(location.pathname, location.search)} />}>
                  <MapView lang={lang} indexName={indexName} tileUrl={map.tileUrl} attribution={map.attribution} />
                </Island>
              </ErrorBoundary>
            ) : (
              <>
                <Results lang={lang} indexName={indexName} favouriteButton={favouriteButton} />
                {/* The map shows every result: pages are the list's. */}
                <div className="listings-search__foot">
                  <Pagination onPage={toResults} />
                  <PerPageSelect />
                </div>
              </>
            )}
          </section>
        </fieldset>
      </div>
    </InstantSearch>
  );
}

/** The list's address for the same search: without the map's view and position. */
function listAddress(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete("view");
  params.delete(mapParam);
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

/**
 * What stands in the map's place until it runs: a line that it is coming and, for a browser without JavaScript,
 * which the map needs, what it needs and the way to the same results as a list (the server renders the list).
 */
function MapPending({ listHref }: { listHref: string }) {
  const { t } = useTranslation("search");
  return (
    <div className="listings-search__map-loading">
      <p className="listings-search__map-wait">{t("view.loading")}</p>
      <noscript>
        <p className="listings-search__map-noscript">
          {t("view.needsScript")} <a href={listHref}>{t("view.needsScriptList")}</a>
        </p>
      </noscript>
    </div>
  );
}
