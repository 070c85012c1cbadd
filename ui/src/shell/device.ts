import { useEffect, useRef, useSyncExternalStore } from "react";
import type { Lang } from "../lib/api/types";
import { useLang, useSite } from "../app/context";
import { throttle } from "./throttle";

export type DeviceClass = "mobile" | "tablet" | "desktop";

/** The page shell's device classes: mobile below 767 px, tablet 767–1279 px, desktop from 1280 px. */
export function deviceClass(width: number): DeviceClass {
  if (width < 767) return "mobile";
  if (width < 1280) return "tablet";
  return "desktop";
}

export interface DeviceSetting {
  isMobile: boolean;
  isTablet: boolean;
  isDesktop: boolean;
  /** The top bar shows when configured, and never on mobile. */
  topBarShow: boolean;
  language: Lang;
}

export function deviceSetting(cls: DeviceClass, topBarConfigured: boolean, language: Lang): DeviceSetting {
  return {
    isMobile: cls === "mobile",
    isTablet: cls === "tablet",
    isDesktop: cls === "desktop",
    topBarShow: topBarConfigured && cls !== "mobile",
    language,
  };
}

function subscribe(listener: () => void): () => void {
  const onResize = throttle(listener, 100);
  window.addEventListener("resize", onResize);
  return () => {
    window.removeEventListener("resize", onResize);
    onResize.cancel();
  };
}

export function useDeviceClass(): DeviceClass {
  return useSyncExternalStore(
    subscribe,
    () => deviceClass(window.innerWidth),
    () => "desktop",
  );
}

/**
 * Calls onChange when the window crosses into another device class, without
 * rendering the component again on its own account (useDeviceClass does,
 * right after hydration too, as the server's class is "desktop").
 */
export function useDeviceClassChange(onChange: () => void): void {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    let cls = deviceClass(window.innerWidth);
    return subscribe(() => {
      const next = deviceClass(window.innerWidth);
      if (next === cls) return;
      cls = next;
      latest.current();
    });
  }, []);
}

export function useDevice(): DeviceSetting {
  const cls = useDeviceClass();
  const site = useSite();
  const lang = useLang();
  return deviceSetting(cls, site.topBar.show, lang);
}
