// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { deviceClass, deviceSetting } from "./device";

describe("deviceClass", () => {
  it.each([
    [320, "mobile"],
    [766, "mobile"],
    [767, "tablet"],
    [1279, "tablet"],
    [1280, "desktop"],
    [1920, "desktop"],
  ])("%i px is %s", (width, expected) => {
    expect(deviceClass(width)).toBe(expected);
  });
});

describe("deviceSetting", () => {
  it("shows the top bar when configured, except on mobile", () => {
    expect(deviceSetting("mobile", true, "nl")).toEqual({
      isMobile: true,
      isTablet: false,
      isDesktop: false,
      topBarShow: false,
      language: "nl",
    });
    expect(deviceSetting("tablet", true, "fr")).toMatchObject({ isTablet: true, topBarShow: true, language: "fr" });
    expect(deviceSetting("desktop", false, "nl")).toMatchObject({ isDesktop: true, topBarShow: false });
  });
});

describe("useDeviceClassChange", () => {
  it("calls back when the window crosses into another device class, not on every resize", async () => {
    const { renderHook, act } = await import("@testing-library/react");
    const { useDeviceClassChange } = await import("./device");
    vi.useFakeTimers();
    const resize = (width: number) => {
      Object.defineProperty(window, "innerWidth", { configurable: true, value: width });
      window.dispatchEvent(new Event("resize"));
      vi.advanceTimersByTime(200);
    };
    try {
      resize(1400);
      const onChange = vi.fn();
      const { unmount } = renderHook(() => useDeviceClassChange(onChange));
      act(() => resize(1300));
      expect(onChange).not.toHaveBeenCalled();
      act(() => resize(500));
      expect(onChange).toHaveBeenCalledTimes(1);
      act(() => resize(600));
      expect(onChange).toHaveBeenCalledTimes(1);
      unmount();
      resize(1400);
      expect(onChange).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
