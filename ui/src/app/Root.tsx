import { Suspense, lazy, useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import type { PageData, SiteData } from "../lib/api/types";
import { Banner } from "../shell/Banner";
import { Breadcrumb } from "../shell/Breadcrumb";
import { Footer } from "../shell/Footer";
import { Header } from "../shell/Header";
import { HomeSearch } from "../shell/HomeSearch";
import { ScrollToTop, topAnchorId } from "../shell/ScrollToTop";
import { SkipLink, mainId } from "../shell/SkipLink";
import { ApiErrorState } from "./ApiErrorState";
import { PageContext, SiteContext } from "./context";
import { ErrorBoundary } from "./ErrorBoundary";
import { Hydrate } from "./Hydrate";
import { Island } from "./Island";
import { PageView } from "./PageView";
import { useDocumentMeta } from "./useDocumentMeta";
import { useNavigationEffects } from "./useNavigationEffects";
import { usePageData } from "./usePageData";
import "./Root.css";

// The cookie dialog is not part of the first paint; it loads right after.
const ConsentManager = lazy(() => import("../features/consent").then((m) => ({ default: m.ConsentManager })));

interface Props {
  site: SiteData;
  initialPage: PageData;
}

/**
 * Marks the document once the app runs (hydrated or rendered): until then
 * the server's HTML shows but its buttons do nothing. It sits beside the
 * view, inside the view's own hydration slice, so the mark means the view
 * responds too (a list's search follows the address). Browser tests wait
 * for it before they click, as a visitor would wait for a page to respond.
 */
function MarkRunning() {
  useEffect(() => {
    document.documentElement.dataset.app = "running";
  }, []);
  return null;
}

/** The page shell around the page on screen: header, banner, breadcrumb, main, footer and the cookie dialog. */
export function Root({ site, initialPage }: Props) {
  const { t } = useTranslation("common");
  const location = useLocation();
  const { page, pending, error, retry, commits } = usePageData(location.pathname, initialPage);
  const mainRef = useRef<HTMLElement>(null);
  const [announcement, setAnnouncement] = useState("");
  const home = page.view === "home" && !error;

  const announce = useCallback(() => {
    setAnnouncement(error ? t("apiError.title") : t("a11y.pageLoaded", { title: page.title || page.documentTitle }));
  }, [error, page, t]);
  useNavigationEffects(commits, mainRef, announce);
  useDocumentMeta(page, error ? t("apiError.title") : undefined);

  return (
    <SiteContext.Provider value={site}>
      <PageContext.Provider value={page}>
        <div id={topAnchorId} tabIndex={-1} className="app-top" />
        <SkipLink />
        {pending && <div className="loading-bar" aria-hidden="true" />}
        <Hydrate>
          <Header />
        </Hydrate>
        <main id={mainId} ref={mainRef} tabIndex={-1} className="main" aria-busy={pending || undefined}>
          <Hydrate>
            {home && <Banner />}
            {home && <HomeSearch />}
            {!error && <Breadcrumb />}
          </Hydrate>
          {error ? (
            <>
              <ApiErrorState onRetry={retry} />
              <MarkRunning />
            </>
          ) : (
            <ErrorBoundary key={page.path} fallback={(reset) => <ApiErrorState onRetry={reset} />}>
              <Suspense fallback={<div className="page-loading" />}>
                <PageView site={site} page={page} />
                <MarkRunning />
              </Suspense>
            </ErrorBoundary>
          )}
        </main>
        <Hydrate>
          <Footer />
          <ScrollToTop />
        </Hydrate>
        <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
          {announcement}
        </div>
        <ErrorBoundary fallback={() => null}>
          <Island fallback={null}>
            <ConsentManager site={site} page={page} />
          </Island>
        </ErrorBoundary>
      </PageContext.Provider>
    </SiteContext.Provider>
  );
}
