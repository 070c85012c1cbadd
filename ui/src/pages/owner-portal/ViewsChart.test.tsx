import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { last30 } from "./testing";
import ViewsChart from "./ViewsChart";

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

describe("ViewsChart", () => {
  it("registers only the bar chart's pieces and draws one bar per day, with an accessible summary", () => {
    const { unmount } = render(<ViewsChart days={last30} lang="fr" label="Visites" summary="30 jours de visites" />);
    expect(charts.registered).toEqual(["bar", "barElement", "category", "linear", "tooltip"]);
    const canvas = screen.getByRole("img", { name: "30 jours de visites" });
    expect(canvas.tagName).toBe("CANVAS");
    const config = charts.created[0]?.config as { type: string; data: { labels: string[]; datasets: { label: string; data: number[] }[] } };
    expect(config.type).toBe("bar");
    expect(config.data.labels).toHaveLength(30);
    expect(config.data.labels[0]).toBe("24 oct.");
    expect(config.data.datasets[0]?.label).toBe("Visites");
    expect(config.data.datasets[0]?.data.slice(0, 3)).toEqual([1, 2, 3]);
    unmount();
    expect(charts.created[0]?.destroyed).toBe(true);
  });
});
