import { lazy, useCallback, useContext, useEffect, useLayoutEffect, useRef, useState, type MouseEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import { onServer } from "../../app/env";
import { useHydrated } from "../../app/Island";
import { recordFirstResults } from "../../lib/trail/firstResults";
import { viewOf } from "../../lib/search/useViewParam";
import { InitialResultsContext } from "./initialResults";
import type { ListingsSearchProps } from "./listProps";
import { liveListNow, loadLiveList } from "./liveList";
import { configureParams } from "./widgets";
// The first screen is the server's HTML, styled before the live list's chunk comes: its styles load with the page.
import "./ListingsSearch.css";
import "./PropertyCard.css";
import "./card.css";
import "../../lib/photo/Picture.css";

const LazyLiveList = lazy(() => loadLiveList().then((list) => ({ default: list })));

/** What a visitor does first when reaching for the list: any of these starts loading it. */
const firstTouches = ["pointerdown", "pointermove", "touchstart", "keydown", "wheel", "focusin"] as const;

/** What keyboard focus can land on, counted alike in the server's HTML and the live list's. */
const focusable = "a[href], button, input, select, textarea, [tabindex]";

/**
 * The searchable list of one goal's listings in one language, its whole
 * state in the address.
 *
 * The server renders the live list with its first results. The browser
 * keeps that HTML as it is (no InstantSearch, no widget to hydrate: a
 * quarter of a list page's script and its longest task) until the visitor
 * reaches for the page — a touch, a pointer move, a key — and then swaps in
 * the live list, which starts from the same results. Until then the filters
 * wait, disabled, saying so, as they do before any page runs; links work
 * through the app's router, and a card opened records its search. A list
 * the browser renders itself (a navigation) is live at once.
 */
export function ListingsSearch(props: ListingsSearchProps) {
  const hydrating = !useHydrated();
  // Read once, in the render that hydrates: the server's list is still in the document.
  const [serverHtml] = useState(() => (onServer || !hydrating ? undefined : document.querySelector("#root .listings-search")?.innerHTML));
  const [live, setLive] = useState(serverHtml === undefined);
  const initialResults = useContext(InitialResultsContext);
  const location = useLocation();
  // Read in the render that hydrates: from the first navigation on, the context holds no results.
  const [first] = useState(() => ({ pathname: location.pathname, search: location.search, results: initialResults }));
  // Another search of this list (a pager link) is the live list's to show. Another path is the next page on its
  // way in: this one stays as it is until it goes, for the live list would search for nothing and, its chunk not
  // yet here, hold up the next page.
  const leaving = location.pathname !== first.pathname;
  const moved = !leaving && location.search !== first.search;
  const rootRef = useRef<HTMLDivElement>(null);
  const focusAt = useRef(-1);

  const whenNoPointerIsDown = usePointerState(!live);
  const goLive = useCallback(() => {
    void loadLiveList().then(
      () =>
        whenNoPointerIsDown(() => {
          // A link followed meanwhile (the router's address changes before its page shows).
          if (window.location.pathname !== first.pathname) return;
          const root = rootRef.current;
          focusAt.current = root && root.contains(document.activeElement) ? [...root.querySelectorAll(focusable)].indexOf(document.activeElement!) : -1;
          setLive(true);
        }),
      // A chunk that failed to load: the first screen stays, and the next touch tries again.
      () => undefined,
    );
  }, [whenNoPointerIsDown, first.pathname]);

  useEffect(() => {
    if (live || leaving) return;
    // Nothing to show without the server's results, and the map is drawn by the live list.
    if (!first.results || viewOf(window.location.search) === "map" || moved) {
      goLive();
      return;
    }
    const start = () => goLive();
    for (const type of firstTouches) document.addEventListener(type, start, { passive: true, capture: true });
    return () => {
      for (const type of firstTouches) document.removeEventListener(type, start, { capture: true });
    };
  }, [live, leaving, first.results, moved, goLive]);

  // The control the visitor was on is in the live list at the same place: focus stays where it was.
  useLayoutEffect(() => {
    if (!live || focusAt.current < 0) return;
    const target = rootRef.current?.querySelectorAll<HTMLElement>(focusable)[focusAt.current];
    focusAt.current = -1;
    target?.focus({ preventScroll: true });
  }, [live]);

  if (!live && serverHtml !== undefined && !moved) {
    return <FirstScreen html={serverHtml} rootRef={rootRef} onCardOpen={() => recordFirstResults(props.lang, `properties_${props.lang}`, configureParams(props.goal)?.filters ?? "", initialResults)} />;
  }
  const List = liveListNow() ?? LazyLiveList;
  return <List {...props} live={!onServer} rootRef={rootRef} />;
}

/**
 * The server's HTML of the list, kept by React as it is (an element whose
 * inner HTML React set and leaves alone). Its links go through the app's
 * router, not a reload.
 */
function FirstScreen({ html, rootRef, onCardOpen }: { html: string; rootRef: React.Ref<HTMLDivElement>; onCardOpen: () => void }) {
  const navigate = useNavigate();
  const follow = (e: MouseEvent<HTMLDivElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const link = (e.target as Element).closest("a[href]");
    if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== "_self")) return;
    e.preventDefault();
    if (link.classList.contains("property-card__link")) onCardOpen();
    // The server writes the pager's links at the site's own origin; the path is what counts here.
    const to = new URL(link.href);
    void navigate(to.pathname + to.search + to.hash);
  };
  return <div ref={rootRef} className="listings-search" onClick={follow} dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * Whether a pointer is pressed, and a way to wait until none is: replacing
 * the element under a finger or a mouse button between its down and up
 * would lose the click it is making.
 */
function usePointerState(active: boolean) {
  const down = useRef(false);
  useEffect(() => {
    if (!active) return;
    const press = () => (down.current = true);
    const release = () => (down.current = false);
    document.addEventListener("pointerdown", press, { capture: true, passive: true });
    document.addEventListener("pointerup", release, { capture: true, passive: true });
    document.addEventListener("pointercancel", release, { capture: true, passive: true });
    return () => {
      document.removeEventListener("pointerdown", press, { capture: true });
      document.removeEventListener("pointerup", release, { capture: true });
      document.removeEventListener("pointercancel", release, { capture: true });
    };
  }, [active]);
  return useCallback((then: () => void) => {
    if (!down.current) {
      then();
      return;
    }
    // A tap's click comes after its pointer is up, in a task of its own; a scroll's cancel has none.
    let timer = 0;
    const done = () => {
      document.removeEventListener("click", clicked, true);
      document.removeEventListener("pointercancel", done, true);
      clearTimeout(timer);
      setTimeout(then, 0);
    };
    const clicked = () => done();
    document.addEventListener("click", clicked, true);
    document.addEventListener("pointercancel", done, true);
    timer = window.setTimeout(done, 1000);
  }, []);
}
