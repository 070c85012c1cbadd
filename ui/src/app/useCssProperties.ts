import { useLayoutEffect, useRef } from "react";

/**
 * Sets CSS properties on the element the returned ref is given, once it is
 * mounted, through the CSSOM (element.style.setProperty). For values that
 * come from config (a banner's or a top bar icon's colour): a style
 * attribute in the server's HTML is refused by the CSP (style-src 'self'),
 * the CSSOM is not. Until the script runs, the element keeps its
 * stylesheet's look. Empty values are left out.
 */
export function useCssProperties<T extends HTMLElement | SVGElement>(properties: Record<string, string | undefined>) {
  const ref = useRef<T>(null);
  const set = Object.entries(properties).filter((entry): entry is [string, string] => !!entry[1]);
  const key = JSON.stringify(set);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const entries = JSON.parse(key) as [string, string][];
    for (const [name, value] of entries) el.style.setProperty(name, value);
    return () => {
      for (const [name] of entries) el.style.removeProperty(name);
    };
  }, [key]);
  return ref;
}
