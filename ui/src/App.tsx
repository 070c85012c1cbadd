import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { BrowserRouter, Route, Routes } from "react-router";
import type { PageData, SiteData } from "./api/types";
import { ApiErrorState } from "./app/ApiErrorState";
import { ErrorBoundary } from "./app/ErrorBoundary";
import { Root } from "./app/Root";

interface Props {
  site: SiteData;
  page: PageData;
}

/**
 * Every path goes to the one shell: which page a path is comes from the
 * server (/api/page), which owns the route table.
 */
export function App({ site, page }: Props) {
  return (
    <ErrorBoundary fallback={() => <AppFailure />}>
      <BrowserRouter>
        <Routes>
          <Route path="*" element={<Root site={site} initialPage={page} />} />
        </Routes>
      </BrowserRouter>
    </ErrorBoundary>
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
