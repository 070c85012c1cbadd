import type { ChartOptions } from "chart.js";

/** A design token of the page (a CSS custom property), or fallback where the stylesheet has none (tests). */
export function token(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

/**
 * What the portal's bar charts share: they fill their box, stand still for a visitor who asked for reduced motion,
 * count in the page's language on muted axes, and start at zero; stacked puts the series on top of each other.
 */
export function barOptions(lang: string, stacked: boolean): ChartOptions<"bar"> {
  const still = typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const number = new Intl.NumberFormat(lang);
  const muted = token("--color-muted", "#4f5b62");
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: still ? false : undefined,
    locale: lang,
    scales: {
      x: { stacked, grid: { display: false }, ticks: { color: muted, maxRotation: 0, autoSkipPadding: 12 } },
      y: { stacked, beginAtZero: true, ticks: { precision: 0, color: muted, callback: (v) => number.format(Number(v)) } },
    },
  };
}
