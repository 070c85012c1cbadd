import type { TFunction } from "i18next";

// These may use Intl, unlike src/lib/format: the owner's portal shows its figures
// once they arrive from /api/owner in an effect, in the browser only; the
// server renders its loading state, which has none.

/** A count in the page's language ("1.234", "1 234", "1,234"). */
export function formatNumber(n: number, lang: string): string {
  return new Intl.NumberFormat(lang).format(n);
}

/** A calendar day of the statistics ("2026-11-22"); read as UTC so no time zone moves it to another day. */
export function formatDay(date: string, lang: string, style: "short" | "medium" | "long" = "long"): string {
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return date;
  const options: Intl.DateTimeFormatOptions =
    style === "short"
      ? { day: "numeric", month: "short", timeZone: "UTC" }
      : style === "medium"
        ? { dateStyle: "medium", timeZone: "UTC" }
        : { weekday: "short", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" };
  return new Intl.DateTimeFormat(lang, options).format(day);
}

const brussels = "Europe/Brussels";

/** A moment (RFC 3339) as the agency's clock shows it, day and time apart so a narrow column breaks between them only. */
export function formatMoment(moment: string, lang: string): { day: string; time: string } {
  const when = new Date(moment);
  if (Number.isNaN(when.getTime())) return { day: moment, time: "" };
  return {
    day: new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeZone: brussels }).format(when),
    time: new Intl.DateTimeFormat(lang, { timeStyle: "short", timeZone: brussels }).format(when),
  };
}

/** An appointment's start to end, the day written once ("za 28 nov. 2026 10:00–10:30"). */
export function formatSpan(start: string, end: string, lang: string): string {
  const from = new Date(start);
  const to = new Date(end);
  if (Number.isNaN(from.getTime())) return start;
  const format = new Intl.DateTimeFormat(lang, {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: brussels,
  });
  return Number.isNaN(to.getTime()) || to <= from ? format.format(from) : format.formatRange(from, to);
}

const knownSources = ["site", "immoweb", "zimmo", "facebook", "google", "newsletter", "direct", "other"];

/** A source key in words; a source the site does not know (another utm_source, a platform's text) as given. */
export function sourceLabel(source: string, t: TFunction): string {
  return knownSources.includes(source) ? t(`portal.sources.labels.${source}`) : source;
}
