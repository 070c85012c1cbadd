import { useEffect, useLayoutEffect, useRef, type RefObject } from "react";
import { useLocation, useNavigationType } from "react-router";

const headingWait = 3000;

/**
 * Moves focus to the main heading once it is there (page components load
 * lazily), else to main itself, so screen reader and keyboard users start
 * reading the new page instead of staying on the link they followed.
 */
export function focusMainHeading(main: HTMLElement, wait = headingWait): () => void {
  const focus = (el: HTMLElement) => {
    if (el !== main && !el.hasAttribute("tabindex")) el.setAttribute("tabindex", "-1");
    el.focus({ preventScroll: true });
  };
  const heading = main.querySelector<HTMLElement>("h1");
  if (heading) {
    focus(heading);
    return () => {};
  }
  const observer = new MutationObserver(() => {
    const h1 = main.querySelector<HTMLElement>("h1");
    if (h1) {
      done();
      focus(h1);
    }
  });
  const timer = window.setTimeout(() => {
    done();
    focus(main);
  }, wait);
  function done() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(main, { childList: true, subtree: true });
  return done;
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * What happens when a new page (or the error state) is put on screen after a
 * client navigation: the scroll position (restored on back/forward, the
 * fragment's target, else the top), focus, and the live announcement.
 */
export function useNavigationEffects(
  commits: number,
  mainRef: RefObject<HTMLElement | null>,
  announce: () => void,
): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef(new Map<string, number>());

  useEffect(() => {
    if ("scrollRestoration" in window.history) window.history.scrollRestoration = "manual";
  }, []);

  // The old page stays on screen while the next loads, so its position is
  // saved when the location changes, not when the next page shows.
  useLayoutEffect(() => {
    const key = location.key;
    const saved = positions.current;
    return () => {
      saved.set(key, window.scrollY);
    };
  }, [location.key]);

  const latest = useRef({ location, navigationType, announce });
  latest.current = { location, navigationType, announce };

  useEffect(() => {
    if (commits === 0) return;
    const { location: loc, navigationType: type, announce: say } = latest.current;
    const saved = positions.current.get(loc.key);
    const target = loc.hash ? document.getElementById(decodeURIComponent(loc.hash.slice(1))) : null;
    if (type === "POP" && saved !== undefined) window.scrollTo({ top: saved, behavior: "instant" });
    else if (target) target.scrollIntoView({ behavior: prefersReducedMotion() ? "instant" : "smooth" });
    else window.scrollTo({ top: 0, behavior: "instant" });
    say();
    const main = mainRef.current;
    if (!main) return;
    return focusMainHeading(main);
  }, [commits, mainRef]);
}
