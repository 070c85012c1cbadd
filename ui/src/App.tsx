import { StrictMode, useEffect, type ComponentType, type ReactNode } from "react";
import type { i18n } from "i18next";
import { I18nextProvider, useTranslation } from "react-i18next";
import { BrowserRouter, Route, Routes } from "react-router";
import type { PageData, SiteData } from "./api/types";
import { ApiErrorState } from "./app/ApiErrorState";
import { ErrorBoundary } from "./app/ErrorBoundary";
import { Root } from "./app/Root";
import { InitialResultsContext, type InitialResults } from "./search/initialResults";

/** The router around the app: the browser's history, or on the server a StaticRouter at the request's URL. */
export type AppRouter = ComponentType<{ children?: ReactNode }>;

interface Props {
  site: SiteData;
  page: PageData;
  router?: AppRouter;
}

/**
 * Every path goes to the one shell: which page a path is comes from the
 * server (/api/page), which owns the route table.
 */
export function App({ site, page, router: Router = BrowserRouter }: Props) {
  return (
    <ErrorBoundary fallback={() => <AppFailure />}>
      <Router>
        <Routes>
          <Route path="*" element={<Root site={site} initialPage={page} />} />
        </Routes>
      </Router>
    </ErrorBoundary>
  );
}

interface TreeProps extends Props {
  i18n: i18n;
  /** A list page's first results, when the server computed them. */
  search?: InitialResults;
}

/**
 * The whole tree the browser renders and the server renders to HTML
 * (entry-server.tsx): one definition, so hydration finds the same
 * components in the same places.
 */
export function AppTree({ i18n, search, ...app }: TreeProps) {
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <InitialResultsContext.Provider value={search}>
          <App {...app} />
        </InitialResultsContext.Provider>
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
