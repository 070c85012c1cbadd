import type { PlatformMedium, PlatformStats, VisitTotals } from "../../lib/api/account";

// The listing platform's statistics made ready to show: one day axis for every
// medium, the media in order of views with their colours, and how much of a
// long history shows before "show all". Pure, so Vitest covers it.

/**
 * The media's colours, most viewed first: the Okabe–Ito palette, which readers with any common colour
 * blindness tell apart, its light hues (orange, sky blue, yellow) darkened or swapped so every one keeps
 * 3:1 against white (WCAG 1.4.11: 5.2, 3.9, 3.4, 3.1, 4.1, 6.1, 5.3, 4.2). The chart
 * separates stacked segments with a white line, and its legend and table name every medium anyway.
 */
export const mediumColours = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#A87400", "#7A5195", "#6B6B6B", "#8A7D00"] as const;

/** The chart draws at most this many series; the media beyond are summed into one ("other media"). */
export const maxSeries = mediumColours.length;

/** How many entries of a history show before its "show all". */
export const historyPreview = 5;

export interface MediumSeries {
  medium: string;
  /** Views per day, on the dates of PlatformChart.dates. */
  views: number[];
  total: number;
  colour: string;
  /** The sum of the media past maxSeries - 1, named by the caller. */
  other?: boolean;
}

export interface PlatformChart {
  /** Every day any medium reports, oldest first ("2026-11-22"). */
  dates: string[];
  /** Every medium, most viewed first (ties keep the platform's order). */
  media: MediumSeries[];
  /** What the chart draws: media past maxSeries - 1 summed into one series. */
  series: MediumSeries[];
  /** Views of all media per day. */
  perDay: number[];
  total: number;
  max: number;
}

/** One day axis for every medium, zero-filled, and the media ordered by their 30 days' views. */
export function platformChart(media: PlatformMedium[]): PlatformChart {
  const dates = [...new Set(media.flatMap((m) => m.days.map((d) => d.date)))].sort();
  const at = new Map(dates.map((d, i) => [d, i]));
  const ordered = media
    .map((m, order) => {
      const views = dates.map(() => 0);
      for (const d of m.days) {
        const i = at.get(d.date);
        if (i !== undefined && Number.isFinite(d.views)) views[i] = (views[i] ?? 0) + d.views;
      }
      return { medium: m.medium, views, total: sum(views), order };
    })
    .sort((a, b) => b.total - a.total || a.order - b.order)
    .map(({ medium, views, total }, i): MediumSeries => ({ medium, views, total, colour: colourAt(i) }));

  let series = ordered;
  if (ordered.length > maxSeries) {
    const rest = ordered.slice(maxSeries - 1);
    const views = dates.map((_, i) => sum(rest.map((m) => m.views[i] ?? 0)));
    series = [...ordered.slice(0, maxSeries - 1), { medium: "", views, total: sum(views), colour: colourAt(maxSeries - 1), other: true }];
  }
  const perDay = dates.map((_, i) => sum(ordered.map((m) => m.views[i] ?? 0)));
  return { dates, media: ordered, series, perDay, total: sum(perDay), max: Math.max(0, ...perDay) };
}

function colourAt(i: number): string {
  return mediumColours[i % mediumColours.length] ?? mediumColours[0];
}

function sum(values: number[]): number {
  return values.reduce((s, v) => s + v, 0);
}

const noVisits: VisitTotals = { today: 0, week: 0, month: 0, total: 0 };

/** The platform's statistics when it has any: an absent field (an older server) reads as none. */
export function platformOf(detail: { platform?: PlatformStats | null }): PlatformStats | null {
  const p = detail.platform;
  if (!p || typeof p !== "object") return null;
  return {
    fetchedAt: p.fetchedAt ?? "",
    visits: { ...noVisits, ...p.visits },
    media: Array.isArray(p.media) ? p.media.filter((m) => Array.isArray(m.days)) : [],
    online: Array.isArray(p.online) ? p.online : [],
    calendar: Array.isArray(p.calendar) ? p.calendar : [],
    communication: Array.isArray(p.communication) ? p.communication : [],
  };
}

/** The online periods, those still running first, then the most recent start first. */
export function onlineOrder<T extends { from: string; to?: string }>(periods: T[]): T[] {
  return periods
    .map((p, i) => ({ p, i }))
    .sort((a, b) => Number(Boolean(a.p.to)) - Number(Boolean(b.p.to)) || b.p.from.localeCompare(a.p.from) || a.i - b.i)
    .map(({ p }) => p);
}

/** The entries a history shows: all of them once asked, else the first few; hidden says how many wait. */
export function preview<T>(entries: T[], all: boolean, limit = historyPreview): { shown: T[]; hidden: number } {
  // One hidden entry is not worth a button: it shows.
  if (all || entries.length <= limit + 1) return { shown: entries, hidden: 0 };
  return { shown: entries.slice(0, limit), hidden: entries.length - limit };
}
