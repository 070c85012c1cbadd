/** A calendar date, or a date-time with its offset, as the API writes them (RFC 3339). */
const isoDate = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2}))?$/i;

function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * A date day/month/year unpadded ("5/1/2026"), exactly as listing.FormatDate
 * writes it on the server. A date-time counts on the day it names in its own
 * offset: the server writes Brussels times with the Brussels offset, so
 * "2026-03-01T00:30:00+01:00" is 1/3/2026 whatever the reader's or the
 * rendering engine's time zone, and no time zone data is needed. Anything
 * that is not such a date (and "") gives "".
 */
export function formatDate(iso: string): string {
  const m = isoDate.exec(iso.trim());
  if (!m) return "";
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return "";
  return `${day}/${month}/${year}`;
}
