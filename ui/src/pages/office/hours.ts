import type { TFunction } from "i18next";
import type { OpeningHours } from "../../lib/api/types";

export type Day = OpeningHours["days"][number];

/** Belgian weeks start on Monday. */
export const week: Day[] = ["mo", "tu", "we", "th", "fr", "sa", "su"];

/** The name of a day in the page's language, from the locale files (not Intl, which the server does not have). */
export function dayName(day: Day, t: TFunction<"pages">): string {
  return t(`office.hours.days.${day}`);
}

/** The opening slots of one day, earliest first ("09:00" before "14:00": the times are zero-padded, so text order is time order). */
export function slotsOf(day: Day, hours: OpeningHours[]): OpeningHours[] {
  return hours.filter((h) => h.days.includes(day)).sort((a, b) => (a.opens < b.opens ? -1 : a.opens > b.opens ? 1 : 0));
}
