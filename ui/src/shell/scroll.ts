import { useSyncExternalStore } from "react";
import { throttle } from "./throttle";

/** The spec's thresholds: the header turns fixed and compact past 30 px, the scroll-to-top button shows from 10 px. */
export const headerScrollThreshold = 30;
export const scrollTopThreshold = 10;
export const scrollThrottleMs = 100;

let scrollY = 0;
const listeners = new Set<() => void>();
const onScroll = throttle(() => {
  scrollY = window.scrollY;
  for (const l of listeners) l();
}, scrollThrottleMs);

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    scrollY = window.scrollY;
    window.addEventListener("scroll", onScroll, { passive: true });
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener("scroll", onScroll);
      onScroll.cancel();
    }
  };
}

/** A value derived from the scroll position, updated at most every 100 ms. */
export function useScroll<T extends boolean | number | string>(select: (y: number) => T): T {
  return useSyncExternalStore(
    subscribe,
    () => select(listeners.size === 0 ? window.scrollY : scrollY),
    () => select(0),
  );
}

/** The header's state for a scroll position: fixed and compact past the threshold. */
export function isScrolled(y: number): boolean {
  return y > headerScrollThreshold;
}

export function showsScrollTop(y: number): boolean {
  return y >= scrollTopThreshold;
}
