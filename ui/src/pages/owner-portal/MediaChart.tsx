import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from "chart.js";
import { useEffect, useRef } from "react";
import { barOptions } from "./chartOptions";
import { formatDay } from "./format";

// The bar chart's pieces only; its legend is the page's own list beside the canvas, which wraps on a phone and a
// screen reader reads.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export interface MediaChartProps {
  dates: string[];
  series: { label: string; views: number[]; colour: string }[];
  lang: string;
  /** What the chart shows, in words: the canvas's accessible name. */
  summary: string;
}

/** The platform's 30 days as stacked bars, one colour per medium (Chart.js, loaded with this screen only). */
export default function MediaChart({ dates, series, lang, summary }: MediaChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const ctx = canvas.current;
    if (!ctx) return;
    const chart = new Chart(ctx, {
      type: "bar",
      data: {
        labels: dates.map((d) => formatDay(d, lang, "short")),
        datasets: series.map((s) => ({
          label: s.label,
          data: s.views,
          backgroundColor: s.colour,
          // A white line between stacked segments keeps neighbouring colours apart.
          borderColor: "#ffffff",
          borderWidth: { top: 1 },
          borderSkipped: "bottom",
        })),
      },
      options: {
        ...barOptions(lang, true),
        interaction: { mode: "index", intersect: false },
        plugins: {
          tooltip: {
            filter: (item) => Number(item.raw) > 0,
            callbacks: { title: (items) => formatDay(dates[items[0]?.dataIndex ?? 0] ?? "", lang) },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [dates, series, lang]);

  return (
    <div className="views-chart">
      <canvas ref={canvas} className="views-chart__canvas" role="img" aria-label={summary} />
    </div>
  );
}
