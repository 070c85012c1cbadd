import { Suspense, useEffect, useRef, useState } from "react";
import type { PageData, SiteData } from "../../lib/api/types";
import { ConsentDialog } from "./ConsentDialog";
import {
  consentReducer,
  hasResetQuery,
  initialState,
  makeRecord,
  type ConsentEvent,
  type ConsentState,
} from "./machine";
import { onOpenConsentSettings } from "./openSettings";
import { clearConsent, readConsent, writeConsent } from "./storage";
import { anyTagConfigured, applyConsent, ensureConsentDefaults, isEmptyPlan, planTags, sendPageView, type PageView } from "./tags";

export interface ConsentManagerProps {
  site: SiteData;
  page: PageData;
}

const COOKIE_POLICY = "/cookie-policy/";

/** The localized address of the cookie policy, or null when the route table has none for this language. */
export function cookiePolicyHref(site: SiteData, lang: string): string | null {
  const route = site.routes.find((r) => r.internal === COOKIE_POLICY);
  return route?.paths[lang] ?? null;
}

function pageViewOf(page: PageData): PageView {
  return { path: page.path, title: page.documentTitle, location: window.location.href };
}

/**
 * Asks for cookie consent and loads the tags the visitor allows. Rendered once
 * by the shell; follows the page it is given, so it also counts client-side
 * page views and honours preview pages and `?setcookies` on every navigation.
 */
export function ConsentManager({ site, page }: ConsentManagerProps) {
  const active = site.consent.enabled && !page.preview;
  const [state, setState] = useState<ConsentState>(() => initialState(null));
  // Tags are applied once per visit; afterwards only page views follow navigation.
  const applied = useRef(false);
  const lastPageView = useRef<string | null>(null);

  // A reopen request from a preview page is ignored rather than kept for the next page.
  const activeRef = useRef(active);
  useEffect(() => {
    activeRef.current = active;
  }, [active]);

  // The page the effect below reads, kept out of its dependencies: a refetch of the same page is a new object.
  const pageRef = useRef(page);
  useEffect(() => {
    pageRef.current = page;
  }, [page]);

  // Runs once per page (keyed by its path) so that a refetch of the same page neither counts
  // a second page view nor clears a choice just made under `?setcookies` again.
  useEffect(() => {
    const current = pageRef.current;
    if (!active) return;
    const reset = hasResetQuery(window.location.search);
    if (reset) clearConsent();
    const stored = readConsent();
    if (!stored) {
      if (anyTagConfigured(site.analytics)) ensureConsentDefaults();
      // Visitors who follow the dialog's own link to the policy can read it undisturbed.
      // A choice saved during this visit counts even when the browser refused to store it.
      if (current.internal !== COOKIE_POLICY) {
        setState((s) => (s.view === "closed" && (reset || !s.saved) ? consentReducer(s, { type: "reset" }) : s));
      }
      return;
    }
    setState((s) => (s.saved ? s : initialState(stored.options)));
    if (!applied.current) {
      applied.current = true;
      lastPageView.current = page.path;
      applyConsent(stored.flags, site.analytics, pageViewOf(current));
    } else if (lastPageView.current !== page.path && !isEmptyPlan(planTags(site.analytics, stored.flags))) {
      lastPageView.current = page.path;
      sendPageView(pageViewOf(current));
    }
  }, [active, page.path, site.analytics]);

  useEffect(
    () =>
      onOpenConsentSettings(() => {
        if (activeRef.current) setState((s) => consentReducer(s, { type: "open", view: "settings" }));
      }),
    [],
  );

  const onEvent = (event: ConsentEvent) => {
    const next = consentReducer(state, event);
    setState(next);
    if (next.saved && next.saved !== state.saved) {
      const record = makeRecord(next.saved, new Date());
      writeConsent(record);
      applied.current = true;
      lastPageView.current = page.path;
      applyConsent(record.flags, site.analytics, pageViewOf(page));
    }
  };

  if (!active || state.view === "closed") return null;
  return (
    // The dialog's texts may still be loading; the rest of the page must not wait for them.
    <Suspense fallback={null}>
      <ConsentDialog view={state.view} choices={state.choices} policyHref={cookiePolicyHref(site, page.lang)} onEvent={onEvent} />
    </Suspense>
  );
}
