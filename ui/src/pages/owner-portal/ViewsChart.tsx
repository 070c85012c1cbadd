import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from "chart.js";
import { useEffect, useRef } from "react";
import { formatDay } from "./format";

// Only the pieces a bar chart needs, so the chunk stays small.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export interface ViewsChartProps {
  days: { date: string; views: number }[];
  lang: string;
  /** The dataset's name in the tooltip ("Views"). */
  label: string;
  /** What the chart shows, in words: the canvas's accessible name. */
  summary: string;
}

function token(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

/** The 30-day bar chart (Chart.js, loaded with this screen only). Its figures are also in a table beside it. */
export default function ViewsChart({ days, lang, label, summary }: ViewsChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const ctx = canvas.current;
    if (!ctx) return;
    const still = typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    const number = new Intl.NumberFormat(lang);
    const chart = new Chart(ctx, {
      type: "bar",
      data: {
        labels: days.map((d) => formatDay(d.date, lang, "short")),
        datasets: [{ label, data: days.map((d) => d.views), backgroundColor: token("--color-primary", "#1f4e3d"), borderRadius: 2 }],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: still ? false : undefined,
        locale: lang,
        scales: {
          x: { grid: { display: false }, ticks: { color: token("--color-muted", "#4f5b62"), maxRotation: 0, autoSkipPadding: 12 } },
          y: {
            beginAtZero: true,
            ticks: { precision: 0, color: token("--color-muted", "#4f5b62"), callback: (v) => number.format(Number(v)) },
          },
        },
        plugins: { tooltip: { displayColors: false } },
      },
    });
    return () => chart.destroy();
  }, [days, lang, label]);

  return (
    <div className="views-chart">
      <canvas ref={canvas} className="views-chart__canvas" role="img" aria-label={summary} />
    </div>
  );
}
