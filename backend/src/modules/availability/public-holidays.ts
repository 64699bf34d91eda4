import Holidays from 'date-holidays';

/** Countries whose public holidays close a professional's agenda (account country; FR by default). */
export const HOLIDAY_COUNTRIES = ['FR', 'BE', 'CH'] as const;
export type HolidayCountry = (typeof HOLIDAY_COUNTRIES)[number];

export interface PublicHoliday {
  /** local date 'YYYY-MM-DD' */
  date: string;
  /** French name where the library has one */
  name: string;
}

// date-holidays builds its rule set in 10-40 ms: build once per country, and each year's list once.
const calendars = new Map<HolidayCountry, Holidays>();
const byYear = new Map<string, readonly PublicHoliday[]>();
const keysByYear = new Map<string, ReadonlySet<number>>();

function calendarOf(country: HolidayCountry): Holidays {
  let calendar = calendars.get(country);
  if (!calendar) {
    calendar = new Holidays(country, { languages: ['fr'], types: ['public'] });
    calendars.set(country, calendar);
  }
  return calendar;
}

/**
 * National public holidays ("jours fériés") of a country for one year, in date order. Only the library's
 * `public` type counts: observances (Mother's Day, Pentecost Sunday in FR, ...) do not close an agenda.
 * Regional holidays (Alsace-Moselle, Swiss cantons, Belgian communities) are out of scope for now.
 */
export function publicHolidaysOf(country: HolidayCountry, year: number): readonly PublicHoliday[] {
  const key = `${country}-${year}`;
  let list = byYear.get(key);
  if (!list) {
    const seen = new Set<string>();
    list = calendarOf(country)
      .getHolidays(year, 'fr')
      .filter((h) => h.type === 'public')
      .map((h) => ({ date: h.date.slice(0, 10), name: h.name }))
      .filter((h) => (seen.has(h.date) ? false : (seen.add(h.date), true)))
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    byYear.set(key, list);
  }
  return list;
}

/** Public holiday dates of a year as numeric keys `yyyymmdd`, for the engine's per-day check. */
export function publicHolidayKeysOf(country: HolidayCountry, year: number): ReadonlySet<number> {
  const key = `${country}-${year}`;
  let keys = keysByYear.get(key);
  if (!keys) {
    keys = new Set(publicHolidaysOf(country, year).map((h) => Number(h.date.replaceAll('-', ''))));
    keysByYear.set(key, keys);
  }
  return keys;
}
