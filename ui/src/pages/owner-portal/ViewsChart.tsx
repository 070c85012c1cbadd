import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from "chart.js";
import { useEffect, useRef } from "react";
import { barOptions, token } from "./chartOptions";
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

/** The 30-day bar chart (Chart.js, loaded with this screen only). Its figures are also in a table beside it. */
export default function ViewsChart({ days, lang, label, summary }: ViewsChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const ctx = canvas.current;
    if (!ctx) return;
    const chart = new Chart(ctx, {
      type: "bar",
      data: {
        labels: days.map((d) => formatDay(d.date, lang, "short")),
        datasets: [{ label, data: days.map((d) => d.views), backgroundColor: token("--color-primary", "#1f4e3d"), borderRadius: 2 }],
      },
      options: {
        ...barOptions(lang, false),
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
