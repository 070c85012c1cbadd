import { StrictMode, useEffect, useState, type ComponentType, type ReactNode } from "react";
import type { i18n } from "i18next";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { I18nextProvider, useTranslation } from "react-i18next";
import { BrowserRouter, Route, Routes, useLocation } from "react-router";
import type { PageData, SiteData } from "./lib/api/types";
import { ApiErrorState } from "./app/ApiErrorState";
import { ErrorBoundary } from "./app/ErrorBoundary";
import { Hydrate } from "./app/Hydrate";
import { createQueryClient } from "./app/query";
import { Root } from "./app/Root";
import { InitialResultsContext, type InitialResults } from "./features/search/initialResults";

/** The router around the app: the browser's history, or on the server a StaticRouter at the request's URL. */
export type AppRouter = ComponentType<{ children?: ReactNode }>;

interface Props {
  site: SiteData;
  page: PageData;
  router?: AppRouter;
  /** A list page's first results, when the server computed them. */
  search?: InitialResults;
  /** The data cache; a new one unless given (tests). */
  queryClient?: QueryClient;
}

/**
 * Every path goes to the one shell: which page a path is comes from the
 * server (/api/page), which owns the route table.
 */
export function App({ site, page, search, queryClient, router: Router = BrowserRouter }: Props) {
  // One data cache per app: per browser page, and per server render (whose cache goes with it).
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ErrorBoundary fallback={() => <AppFailure />}>
      <QueryClientProvider client={client}>
        <Router>
          <FirstPageResults search={search}>
            {/* Only the providers hydrate in hydrateRoot's own task; the page's parts hydrate in slices (Hydrate). */}
            <Hydrate>
              <Routes>
                <Route path="*" element={<Root site={site} initialPage={page} />} />
              </Routes>
            </Hydrate>
          </FirstPageResults>
        </Router>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}

/**
 * Gives the server's first results to the first page only: from the first
 * navigation on (a link, or back and forth), the lists search for
 * themselves. A list's own search state changes (InstantSearch's router)
 * are not navigations of the app's router and keep them.
 */
export function FirstPageResults({ search, children }: { search?: InitialResults; children: ReactNode }) {
  const { key } = useLocation();
  const [firstKey] = useState(key);
  const [navigated, setNavigated] = useState(false);
  if (!navigated && key !== firstKey) setNavigated(true);
  const value = navigated || key !== firstKey ? undefined : search;
  return <InitialResultsContext.Provider value={value}>{children}</InitialResultsContext.Provider>;
}

interface TreeProps extends Props {
  i18n: i18n;
}

/**
 * The whole tree the browser renders and the server renders to HTML
 * (entry-server.tsx): one definition, so hydration finds the same
 * components in the same places.
 */
export function AppTree({ i18n, ...app }: TreeProps) {
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <App {...app} />
      </I18nextProvider>
    </StrictMode>
  );
}

/** When the shell itself cannot render, the error state still shows; trying again reloads the page. */
export function AppFailure() {
  const { t } = useTranslation("common");
  useEffect(() => {
    document.title = t("apiError.title");
  }, [t]);
  return (
    <main id="main" className="main">
      <ApiErrorState onRetry={() => window.location.reload()} />
    </main>
  );
}
