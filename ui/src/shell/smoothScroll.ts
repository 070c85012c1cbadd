/** The spec's scroll-to-top takes about half a second. */
export const scrollDurationMs = 500;

/** Slow start, slow end. */
export function easeInOutCubic(t: number): number {
  return t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
}

/** Where an animated scroll from `from` to `to` is at `elapsed` ms. */
export function scrollPosition(from: number, to: number, elapsed: number, duration = scrollDurationMs): number {
  if (elapsed >= duration) return to;
  return from + (to - from) * easeInOutCubic(Math.max(0, elapsed) / duration);
}

/**
 * Scrolls the window to `to` over `duration` ms (the browser's own smooth
 * scrolling has no duration). A wheel or touch by the visitor stops it.
 */
export function animateScrollTo(to: number, duration = scrollDurationMs): Promise<void> {
  const from = window.scrollY;
  return new Promise((resolve) => {
    let start: number | undefined;
    let stopped = false;
    const stop = () => {
      stopped = true;
    };
    window.addEventListener("wheel", stop, { passive: true, once: true });
    window.addEventListener("touchstart", stop, { passive: true, once: true });
    const finish = () => {
      window.removeEventListener("wheel", stop);
      window.removeEventListener("touchstart", stop);
      resolve();
    };
    const step = (now: number) => {
      if (stopped) return finish();
      start ??= now;
      const elapsed = now - start;
      window.scrollTo(0, scrollPosition(from, to, elapsed, duration));
      if (elapsed < duration) window.requestAnimationFrame(step);
      else finish();
    };
    window.requestAnimationFrame(step);
  });
}
