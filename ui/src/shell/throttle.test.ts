// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { isScrolled, showsScrollTop } from "./scroll";
import { throttle } from "./throttle";

describe("throttle", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("calls at once, then at most once per window with the latest arguments", () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 100);
    throttled(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenLastCalledWith(1);
    throttled(2);
    throttled(3);
    vi.advanceTimersByTime(99);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    expect(fn).toHaveBeenLastCalledWith(3);
  });

  it("calls at once again after a quiet window", () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 100);
    throttled("a");
    vi.advanceTimersByTime(150);
    throttled("b");
    expect(fn).toHaveBeenCalledTimes(2);
    expect(fn).toHaveBeenLastCalledWith("b");
  });

  it("limits a burst of 1 s of events to about ten calls", () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 100);
    for (let t = 0; t < 1000; t += 5) {
      throttled(t);
      vi.advanceTimersByTime(5);
    }
    vi.advanceTimersByTime(100);
    expect(fn.mock.calls.length).toBeGreaterThanOrEqual(10);
    expect(fn.mock.calls.length).toBeLessThanOrEqual(11);
    expect(fn).toHaveBeenLastCalledWith(995);
  });

  it("cancel drops the pending call", () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 100);
    throttled(1);
    throttled(2);
    throttled.cancel();
    vi.advanceTimersByTime(200);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});

describe("scroll thresholds", () => {
  it("turns the header fixed past 30 px", () => {
    expect(isScrolled(30)).toBe(false);
    expect(isScrolled(31)).toBe(true);
  });

  it("shows the scroll-to-top button from 10 px", () => {
    expect(showsScrollTop(9)).toBe(false);
    expect(showsScrollTop(10)).toBe(true);
  });
});
