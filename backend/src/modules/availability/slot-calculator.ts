/**
 * The slot engine: free start times of one professional for one motive. Pure: no I/O, no clock (`now` is an
 * input), same input -> same output. The service loads rows (at most 3 queries) and calls this.
 *
 * Pipeline, in the spirit of Cal.com's `date-ranges.ts` / `slots.ts`:
 *  1. Days: the local dates (in the professional's zone) between max(from, now + notice) and
 *     min(to, now + horizon). Closed days are dropped: holiday periods (local dates) and public holidays of
 *     the account's country unless the professional marked that month as worked.
 *  2. Availability: the day's weekly rules that apply to the motive (no motive list = every motive), as local
 *     minute ranges, merged, clipped to the amplitude and to the not-before hour, then turned into instants
 *     with DST handled (a range crossing the spring-forward gap simply lasts an hour less).
 *  3. Free time: availability minus blocks (unavailability periods + busy intervals: appointments holding a
 *     slot, external busy times), sorted once and subtracted with a moving pointer: O((r + b) log (r + b)).
 *  4. Walk: each free range from its start (rounded up to a 5-minute boundary) by the step, keeping a start
 *     when the whole appointment fits in the free range, the start is at least `now + notice`, before the
 *     horizon and inside [from, to).
 *
 * Step: by default the motive's duration (Cal.com's default interval). Appointments then sit back to back
 * with no unbookable crumbs between them, and a free range starting after a busy interval starts its own
 * grid, so no free time is lost. Callers may pass `stepMinutes` (e.g. 15) to offer more start times.
 */
import { publicHolidayKeysOf, type HolidayCountry } from './public-holidays';
import { DAY_MS, MINUTE_MS, ZoneClock, parseLocalDate, parseLocalTime } from './zone-clock';

export type Instant = Date | string | number;

export interface InstantRange {
  start: Instant;
  end: Instant;
}

/** Local dates 'YYYY-MM-DD', both included (holiday periods are stored as dates). */
export interface LocalDateRange {
  startsOn: string;
  endsOn: string;
}

import type { AppointmentMode } from '@rdv/sectors';

export type { AppointmentMode };

export interface WeeklyRule {
  /** ISO weekday: 1 = Monday ... 7 = Sunday */
  weekday: number;
  /** local 'HH:mm' or 'HH:mm:ss' */
  startTime: string;
  /** local 'HH:mm' or 'HH:mm:ss'; '24:00' = end of the day */
  endTime: string;
  /** motives this range is limited to; null / empty = every motive */
  motiveIds?: readonly string[] | null;
}

export interface SlotMotive {
  id: string;
  durationMinutes: number;
  /** minimum notice ("délai avant rendez-vous") */
  noticeMinutes: number;
  /** no slot starting before this local hour (0-23); null = no limit */
  notBeforeHour?: number | null;
  /** booking horizon in months from now ("pas au-delà de") */
  notAfterMonths: number;
  /** modes the motive allows (already intersected with the professional's visio/phone switches) */
  modes?: readonly AppointmentMode[];
}

export interface SlotInput {
  /** the professional's IANA zone, e.g. Europe/Paris */
  timeZone: string;
  weeklyRules: readonly WeeklyRule[];
  motive: SlotMotive;
  /** when given and not among the motive's modes, there is no slot */
  mode?: AppointmentMode;
  /** earliest local start and latest local end of any slot; null = the whole day */
  amplitude?: { start: string; end: string } | null;
  unavailabilities?: readonly InstantRange[];
  holidays?: readonly LocalDateRange[];
  /** country of the public holidays that close the agenda; FR by default */
  holidayCountry?: HolidayCountry;
  /** months 'YYYY-MM' in which the professional works on public holidays */
  workedHolidayMonths?: Iterable<string>;
  /** appointments holding a slot (pending or confirmed) and external busy times */
  busy?: readonly InstantRange[];
  /** slots start in [from, to) */
  from: Instant;
  to: Instant;
  now: Instant;
  /** minutes between two start times in a free range; default = the motive's duration */
  stepMinutes?: number;
}

export interface Slot {
  /** ISO 8601 with the professional's offset, e.g. 2026-03-29T10:00:00+02:00 */
  start: string;
  end: string;
}

export interface NextSlotsInput extends Omit<SlotInput, 'from' | 'to'> {
  /** how many slots at most (directory cards show 3) */
  limit: number;
  /** how far to look, in days from now (the horizon still applies); default 60 */
  searchDays?: number;
}

/** Start times are rounded up to this grid so an external event ending at 10:07 gives 10:10, not 10:07. */
const START_GRID_MS = 5 * MINUTE_MS;
const DEFAULT_SEARCH_DAYS = 60;

export function computeSlots(input: SlotInput): Slot[] {
  return run(input, toMs(input.from), toMs(input.to), Number.POSITIVE_INFINITY);
}

/** The first `limit` free slots from `now` (directory cards); stops as soon as they are found. */
export function computeNextSlots(input: NextSlotsInput): Slot[] {
  const now = toMs(input.now);
  const days = input.searchDays ?? DEFAULT_SEARCH_DAYS;
  if (input.limit <= 0) return [];
  return run(input, now, now + days * DAY_MS, input.limit);
}

function run(input: Omit<SlotInput, 'from' | 'to'>, from: number, to: number, limit: number): Slot[] {
  const { motive } = input;
  const duration = motive.durationMinutes * MINUTE_MS;
  const step = (input.stepMinutes ?? motive.durationMinutes) * MINUTE_MS;
  if (!(duration > 0) || !(step > 0)) throw new RangeError('duration and step must be positive');
  if (input.mode && motive.modes && !motive.modes.includes(input.mode)) return [];

  const clock = ZoneClock.of(input.timeZone);
  const now = toMs(input.now);
  const horizon = clock.plusMonths(now, motive.notAfterMonths);
  const earliest = Math.max(from, now + motive.noticeMinutes * MINUTE_MS);
  const latest = Math.min(to, horizon); // exclusive bound for starts
  if (!(earliest < latest)) return [];

  const dayRanges = localRangesByWeekday(input);
  const holidayRanges = (input.holidays ?? []).map((period): [number, number] => [
    parseLocalDate(period.startsOn),
    parseLocalDate(period.endsOn),
  ]);
  const country = input.holidayCountry ?? 'FR';
  const workedMonths = new Set<number>();
  for (const month of input.workedHolidayMonths ?? []) workedMonths.add(Number(month.replace('-', '')));

  const blocks = mergedBlocks(input.unavailabilities, input.busy, earliest - duration, latest + duration);
  let blockIndex = 0;

  const slots: Slot[] = [];
  const firstDay = startOfWallDay(clock.toWall(earliest));
  const lastDay = startOfWallDay(clock.toWall(latest - 1));

  for (let day = firstDay; day <= lastDay && slots.length < limit; day += DAY_MS) {
    const date = new Date(day);
    const weekday = date.getUTCDay() === 0 ? 7 : date.getUTCDay();
    const ranges = dayRanges[weekday];
    if (ranges.length === 0) continue;
    const year = date.getUTCFullYear();
    const month = date.getUTCMonth() + 1;
    const dateKey = year * 10_000 + month * 100 + date.getUTCDate();
    if (holidayRanges.some(([first, last]) => day >= first && day <= last)) continue;
    if (!workedMonths.has(year * 100 + month) && publicHolidayKeysOf(country, year).has(dateKey)) continue;

    for (const [startMinute, endMinute] of ranges) {
      const rangeStart = clock.toInstant(day + startMinute * MINUTE_MS);
      const rangeEnd = clock.toInstant(day + endMinute * MINUTE_MS);
      if (rangeEnd <= rangeStart) continue; // the whole range fell in a spring-forward gap

      // Blocks ending before this range can never matter again: ranges come in increasing order.
      while (blockIndex < blocks.length && blocks[blockIndex][1] <= rangeStart) blockIndex++;

      let freeStart = rangeStart;
      for (let i = blockIndex; i < blocks.length && blocks[i][0] < rangeEnd; i++) {
        const [blockStart, blockEnd] = blocks[i];
        if (blockStart > freeStart) {
          walk(freeStart, blockStart);
          if (slots.length >= limit) return slots;
        }
        if (blockEnd > freeStart) freeStart = blockEnd;
        if (freeStart >= rangeEnd) break;
      }
      if (freeStart < rangeEnd) walk(freeStart, rangeEnd);
      if (slots.length >= limit) return slots;
    }
  }
  return slots;

  function walk(freeStart: number, freeEnd: number): void {
    let t = Math.ceil(freeStart / START_GRID_MS) * START_GRID_MS;
    if (t < earliest) t += Math.ceil((earliest - t) / step) * step;
    for (; t + duration <= freeEnd && t < latest && slots.length < limit; t += step) {
      slots.push({ start: clock.formatIso(t), end: clock.formatIso(t + duration) });
    }
  }
}

/**
 * Per ISO weekday (index 1-7), the local minute ranges that apply to the motive: merged, clipped to the
 * amplitude, and with starts clipped to the not-before hour (a slot may still end after it, of course).
 */
function localRangesByWeekday(input: Omit<SlotInput, 'from' | 'to'>): Array<Array<[number, number]>> {
  const { motive } = input;
  let low = input.amplitude ? parseLocalTime(input.amplitude.start) : 0;
  const high = input.amplitude ? parseLocalTime(input.amplitude.end) : 24 * 60;
  if (motive.notBeforeHour != null) low = Math.max(low, motive.notBeforeHour * 60);

  const byDay: Array<Array<[number, number]>> = Array.from({ length: 8 }, () => []);
  for (const rule of input.weeklyRules) {
    if (rule.weekday < 1 || rule.weekday > 7) continue;
    if (rule.motiveIds && rule.motiveIds.length > 0 && !rule.motiveIds.includes(motive.id)) continue;
    const start = Math.max(parseLocalTime(rule.startTime), low);
    const end = Math.min(parseLocalTime(rule.endTime), high);
    if (start < end) byDay[rule.weekday].push([start, end]);
  }
  for (let d = 1; d <= 7; d++) byDay[d] = mergeSorted(byDay[d].sort((a, b) => a[0] - b[0]));
  return byDay;
}

/**
 * Unavailability periods and busy intervals that touch the window, sorted by start and merged. Repositories
 * read each list ordered by start, so the usual cost is two linear passes and one linear merge; unsorted
 * input is sorted (O(n log n)).
 */
function mergedBlocks(
  unavailabilities: readonly InstantRange[] | undefined,
  busy: readonly InstantRange[] | undefined,
  windowStart: number,
  windowEnd: number,
): Array<[number, number]> {
  const a = sortedPairs(unavailabilities, windowStart, windowEnd);
  const b = sortedPairs(busy, windowStart, windowEnd);
  const all: Array<[number, number]> = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i][0] <= b[j][0])) all.push(a[i++]);
    else all.push(b[j++]);
  }
  return mergeSorted(all);
}

function sortedPairs(
  list: readonly InstantRange[] | undefined,
  windowStart: number,
  windowEnd: number,
): Array<[number, number]> {
  const pairs: Array<[number, number]> = [];
  if (!list) return pairs;
  let sorted = true;
  for (const range of list) {
    const start = toMs(range.start);
    const end = toMs(range.end);
    if (end > start && end > windowStart && start < windowEnd) {
      if (pairs.length > 0 && start < pairs[pairs.length - 1][0]) sorted = false;
      pairs.push([start, end]);
    }
  }
  if (!sorted) pairs.sort((x, y) => x[0] - y[0]);
  return pairs;
}

function mergeSorted(ranges: Array<[number, number]>): Array<[number, number]> {
  const merged: Array<[number, number]> = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) {
      if (range[1] > last[1]) last[1] = range[1];
    } else {
      merged.push([range[0], range[1]]);
    }
  }
  return merged;
}

function startOfWallDay(wall: number): number {
  return Math.floor(wall / DAY_MS) * DAY_MS;
}

function toMs(value: Instant): number {
  const ms =
    typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : value.getTime();
  if (Number.isNaN(ms)) throw new RangeError(`Invalid instant: ${String(value)}`);
  return ms;
}
