export interface Throttled<A extends unknown[]> {
  (...args: A): void;
  cancel(): void;
}

/**
 * Calls fn at most once per wait ms: at once when the last call is long
 * enough ago, else once at the end of the window with the latest arguments,
 * so the final state after a burst (the end of a scroll) is never missed.
 */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, wait: number): Throttled<A> {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | undefined;

  const invoke = () => {
    timer = undefined;
    last = Date.now();
    const args = pending as A;
    pending = undefined;
    fn(...args);
  };

  const throttled = (...args: A) => {
    pending = args;
    const remaining = wait - (Date.now() - last);
    if (remaining <= 0) {
      if (timer !== undefined) clearTimeout(timer);
      invoke();
    } else if (timer === undefined) {
      timer = setTimeout(invoke, remaining);
    }
  };
  throttled.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  return throttled;
}
