import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import MediaChart from "./MediaChart";
import { platformChart } from "./platform";
import { villaPlatform } from "./testing";

// jsdom has no canvas: the chart library is replaced by a recorder of what it is given.
const charts = vi.hoisted(() => ({ created: [] as { config: unknown; destroyed: boolean }[], registered: [] as unknown[] }));
vi.mock("chart.js", () => {
  class Chart {
    static register(...items: unknown[]) {
      charts.registered.push(...items);
    }
    private readonly entry: { config: unknown; destroyed: boolean };
    constructor(_canvas: HTMLCanvasElement, config: unknown) {
      this.entry = { config, destroyed: false };
      charts.created.push(this.entry);
    }
    destroy() {
      this.entry.destroyed = true;
    }
  }
  return { Chart, BarController: "bar", BarElement: "barElement", CategoryScale: "category", LinearScale: "linear", Tooltip: "tooltip" };
});

interface Config {
  type: string;
  data: { labels: string[]; datasets: { label: string; data: number[]; backgroundColor: string }[] };
  options: { scales: { x: { stacked: boolean }; y: { stacked: boolean } } };
}

describe("MediaChart", () => {
  it("stacks one series per medium on the 30 days, in the legend's colours, with an accessible summary", () => {
    const chart = platformChart(villaPlatform.media);
    const series = chart.series.map((s) => ({ label: s.medium, views: s.views, colour: s.colour }));
    const { unmount } = render(<MediaChart dates={chart.dates} series={series} lang="fr" summary="Visites par média" />);
    expect(charts.registered).toEqual(["bar", "barElement", "category", "linear", "tooltip"]);
    expect(screen.getByRole("img", { name: "Visites par média" }).tagName).toBe("CANVAS");
    const config = charts.created[0]?.config as Config;
    expect(config.type).toBe("bar");
    expect(config.options.scales.x.stacked && config.options.scales.y.stacked).toBe(true);
    expect(config.data.labels).toHaveLength(30);
    expect(config.data.labels[0]).toBe("24 oct.");
    expect(config.data.datasets.map((d) => d.label)).toEqual(["Immoweb", "Zimmo", "Website kantoor"]);
    expect(config.data.datasets.map((d) => d.backgroundColor)).toEqual(series.map((s) => s.colour));
    expect(config.data.datasets[1]?.data.slice(0, 3)).toEqual([1, 0, 1]);
    unmount();
    expect(charts.created[0]?.destroyed).toBe(true);
  });
});
