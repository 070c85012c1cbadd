import { describe, expect, it } from "vitest";
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
