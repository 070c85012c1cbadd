import { describe, expect, it } from "vitest";
import { maxSeries, mediumColours, onlineOrder, platformChart, platformOf, preview } from "./platform";
import { villaDetail, villaPlatform } from "./testing";

const day = (date: string, views: number) => ({ date, views });

describe("platformChart", () => {
  it("sums each medium's 30 days and the days of all media", () => {
    const chart = platformChart(villaPlatform.media);
    expect(chart.dates).toHaveLength(30);
    expect(chart.dates[0]).toBe("2026-10-24");
    expect(chart.dates[29]).toBe("2026-11-22");
    expect(chart.media.map((m) => [m.medium, m.total])).toEqual([
      ["Immoweb", 60],
      ["Zimmo", 15],
      ["Website kantoor", 3],
    ]);
    expect(chart.perDay.slice(0, 2)).toEqual([3, 2]);
    expect(chart.perDay[29]).toBe(5);
    expect(chart.total).toBe(78);
    expect(chart.max).toBe(5);
    expect(chart.media.map((m) => m.colour)).toEqual(mediumColours.slice(0, 3));
    expect(chart.series).toEqual(chart.media);
  });

  it("orders the media by views, most first, keeping the platform's order on a tie", () => {
    const chart = platformChart([
      { medium: "A", days: [day("2026-11-01", 1)] },
      { medium: "B", days: [day("2026-11-01", 5)] },
      { medium: "C", days: [day("2026-11-01", 1)] },
    ]);
    expect(chart.media.map((m) => m.medium)).toEqual(["B", "A", "C"]);
    expect(chart.media[0]?.colour).toBe(mediumColours[0]);
  });

  it("puts every medium on one day axis, oldest first, filling the days a medium lacks with 0", () => {
    const chart = platformChart([
      { medium: "Immoweb", days: [day("2026-11-02", 4), day("2026-11-03", 1)] },
      { medium: "Zimmo", days: [day("2026-11-01", 2), day("2026-11-03", 2)] },
    ]);
    expect(chart.dates).toEqual(["2026-11-01", "2026-11-02", "2026-11-03"]);
    expect(chart.media.map((m) => m.views)).toEqual([
      [0, 4, 1],
      [2, 0, 2],
    ]);
    expect(chart.perDay).toEqual([2, 4, 3]);
  });

  it("sums the media past the palette into one series, while the table keeps each", () => {
    const media = Array.from({ length: maxSeries + 2 }, (_, i) => ({ medium: `M${i}`, days: [day("2026-11-01", 100 - i)] }));
    const chart = platformChart(media);
    expect(chart.media).toHaveLength(maxSeries + 2);
    expect(chart.series).toHaveLength(maxSeries);
    const other = chart.series[maxSeries - 1];
    expect(other?.other).toBe(true);
    expect(other?.views).toEqual([100 - 7 + (100 - 8) + (100 - 9)]);
    expect(chart.series.slice(0, -1).map((s) => s.medium)).toEqual(["M0", "M1", "M2", "M3", "M4", "M5", "M6"]);
  });

  it("has no days and no media when the platform names none", () => {
    expect(platformChart([])).toEqual({ dates: [], media: [], series: [], perDay: [], total: 0, max: 0 });
  });

  it("keeps a medium with no views at 0 on every day", () => {
    const chart = platformChart([
      { medium: "Immoweb", days: [day("2026-11-01", 1)] },
      { medium: "Facebook", days: [day("2026-11-01", 0)] },
    ]);
    expect(chart.media.map((m) => [m.medium, m.total])).toEqual([
      ["Immoweb", 1],
      ["Facebook", 0],
    ]);
  });
});

describe("platformOf", () => {
  it("is null when the platform has no statistics, or an older server sends none", () => {
    expect(platformOf({ platform: null })).toBeNull();
    expect(platformOf({})).toBeNull();
  });

  it("is the statistics as sent", () => {
    expect(platformOf(villaDetail)).toEqual(villaPlatform);
  });

  it("reads missing lists as empty and missing counts as 0", () => {
    const partial = { fetchedAt: "2026-11-23T05:15:00Z", visits: { today: 1 } } as unknown as typeof villaPlatform;
    expect(platformOf({ platform: partial })).toEqual({
      fetchedAt: "2026-11-23T05:15:00Z",
      visits: { today: 1, week: 0, month: 0, total: 0 },
      media: [],
      online: [],
      calendar: [],
      communication: [],
    });
  });
});

describe("onlineOrder", () => {
  it("lists the media still online first, then the latest start first", () => {
    const periods = [
      { medium: "Zimmo", from: "2026-09-01", to: "2026-10-15" },
      { medium: "Immoweb", from: "2026-09-01" },
      { medium: "Logic-Immo", from: "2026-10-01", to: "2026-10-20" },
      { medium: "Website", from: "2026-09-02" },
    ];
    expect(onlineOrder(periods).map((p) => p.medium)).toEqual(["Website", "Immoweb", "Logic-Immo", "Zimmo"]);
    expect(periods[0]?.medium).toBe("Zimmo");
  });
});

describe("preview", () => {
  const entries = [1, 2, 3, 4, 5, 6, 7];

  it("shows the first five of a long history and says how many wait", () => {
    expect(preview(entries, false)).toEqual({ shown: [1, 2, 3, 4, 5], hidden: 2 });
  });

  it("shows all once asked", () => {
    expect(preview(entries, true)).toEqual({ shown: entries, hidden: 0 });
  });

  it("shows a short history whole, and one more entry rather than a button for it", () => {
    expect(preview([1, 2, 3], false)).toEqual({ shown: [1, 2, 3], hidden: 0 });
    expect(preview([1, 2, 3, 4, 5, 6], false)).toEqual({ shown: [1, 2, 3, 4, 5, 6], hidden: 0 });
    expect(preview([], false)).toEqual({ shown: [], hidden: 0 });
  });
});
