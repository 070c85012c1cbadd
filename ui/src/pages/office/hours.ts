import type { OpeningHours } from "../../api/types";

export type Day = OpeningHours["days"][number];

/** Belgian weeks start on Monday. */
export const week: Day[] = ["mo", "tu", "we", "th", "fr", "sa", "su"];

/** The localized name of a day, from the platform's Intl data rather than a word list. */
export function dayName(day: Day, lang: string): string {
  // 1 January 2024 was a Monday.
  const date = new Date(Date.UTC(2024, 0, 1 + week.indexOf(day)));
  const name = new Intl.DateTimeFormat(lang, { weekday: "long", timeZone: "UTC" }).format(date);
  return name.charAt(0).toLocaleUpperCase(lang) + name.slice(1);
}

/** The opening slots of one day, earliest first. */
export function slotsOf(day: Day, hours: OpeningHours[]): OpeningHours[] {
  return hours.filter((h) => h.days.includes(day)).sort((a, b) => a.opens.localeCompare(b.opens));
}
