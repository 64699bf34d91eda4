/**
 * Wall-clock <-> instant arithmetic for one IANA time zone, fast enough for the slot engine's hot loop.
 *
 * Why not luxon everywhere: `DateTime.fromObject(..., { zone })` costs ~25 µs and `IANAZone.offset` ~9 µs
 * (Intl `formatToParts`), and the engine converts a few hundred wall times per request. Here an offset is read
 * once per UTC day with a single `Intl` `longOffset` format (~2 µs) and memoised; the conversion rules are
 * luxon's own (a wall time inside a spring-forward gap moves forward by the gap, an ambiguous autumn wall
 * time takes the offset luxon gives it), and the unit specs check both against luxon.
 *
 * Assumption (true for every zone in the current tz database): a zone changes offset at most once per UTC day,
 * on a whole minute.
 */

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

interface DayOffsets {
  /** offset in minutes before `switchAt` */
  before: number;
  /** offset in minutes from `switchAt` */
  after: number;
  /** instant of the change inside this UTC day, or +Infinity */
  switchAt: number;
}

const MAX_CACHED_DAYS = 50_000;
const clocks = new Map<string, ZoneClock>();

export class ZoneClock {
  private readonly offsetFormat: Intl.DateTimeFormat;
  private readonly days = new Map<number, DayOffsets>();
  private isoDay = Number.NaN;
  private isoDate = '';
  private isoOffsetMinutes = Number.NaN;
  private isoOffset = '';

  private constructor(readonly timeZone: string) {
    // Throws RangeError on an unknown zone: callers validate user input before reaching here.
    this.offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
  }

  /** One memoised clock per zone: offsets of a zone never change during the life of the process. */
  static of(timeZone: string): ZoneClock {
    let clock = clocks.get(timeZone);
    if (!clock) {
      clock = new ZoneClock(timeZone);
      clocks.set(timeZone, clock);
    }
    return clock;
  }

  /** Whether `timeZone` is an IANA zone this runtime knows. */
  static isValidZone(timeZone: string): boolean {
    try {
      ZoneClock.of(timeZone);
      return true;
    } catch {
      return false;
    }
  }

  /** UTC offset (minutes, east positive) in force at `ts`. */
  offsetAt(ts: number): number {
    const day = Math.floor(ts / DAY_MS);
    let entry = this.days.get(day);
    if (!entry) entry = this.computeDay(day);
    return ts < entry.switchAt ? entry.before : entry.after;
  }

  /**
   * The instant of a wall-clock time given as "wall milliseconds" (`Date.UTC(y, m - 1, d, h, min)`).
   * Same resolution as luxon's `fromObject`: a time that does not exist (spring-forward gap) is pushed forward
   * by the gap length; an ambiguous time (autumn fold) gets the offset found from the wall value first, or from
   * `guessOffset` when given (luxon's `plus` starts from the offset of the instant it adds to).
   */
  toInstant(wall: number, guessOffset: number = this.offsetAt(wall)): number {
    const o1 = guessOffset;
    const t1 = wall - o1 * MINUTE_MS;
    const o2 = this.offsetAt(t1);
    if (o1 === o2) return t1;
    const t2 = wall - o2 * MINUTE_MS;
    const o3 = this.offsetAt(t2);
    if (o2 === o3) return t2;
    return wall - Math.min(o2, o3) * MINUTE_MS;
  }

  /** Wall milliseconds of an instant: read its fields with the `getUTC*` methods. */
  toWall(ts: number): number {
    return ts + this.offsetAt(ts) * MINUTE_MS;
  }

  /** ISO 8601 with the zone's offset and no milliseconds, e.g. `2026-03-29T10:00:00+02:00`. */
  formatIso(ts: number): string {
    // Hot path (two calls per slot): the date part and the offset part are cached, no Date allocated.
    const offset = this.offsetAt(ts);
    const wall = ts + offset * MINUTE_MS;
    const day = Math.floor(wall / DAY_MS);
    if (day !== this.isoDay) {
      const date = new Date(day * DAY_MS);
      this.isoDay = day;
      this.isoDate = `${date.getUTCFullYear()}-${TWO_DIGITS[date.getUTCMonth() + 1]}-${TWO_DIGITS[date.getUTCDate()]}T`;
    }
    if (offset !== this.isoOffsetMinutes) {
      const abs = Math.abs(offset);
      this.isoOffsetMinutes = offset;
      this.isoOffset = `${offset < 0 ? '-' : '+'}${TWO_DIGITS[Math.floor(abs / 60)]}:${TWO_DIGITS[abs % 60]}`;
    }
    const seconds = Math.floor((wall - day * DAY_MS) / 1000);
    return (
      this.isoDate +
      TWO_DIGITS[Math.floor(seconds / 3600)] +
      ':' +
      TWO_DIGITS[Math.floor(seconds / 60) % 60] +
      ':' +
      TWO_DIGITS[seconds % 60] +
      this.isoOffset
    );
  }

  /**
   * `ts` plus a number of calendar months in this zone, keeping the local time of day and clamping the day to
   * the end of a shorter month (31 March + 1 month = 30 April), as luxon's `plus({ months })` does.
   */
  plusMonths(ts: number, months: number): number {
    const wall = this.toWall(ts);
    const date = new Date(wall);
    const year = date.getUTCFullYear();
    const month = date.getUTCMonth() + months;
    const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
    const timeOfDay = wall - Math.floor(wall / DAY_MS) * DAY_MS;
    // An ambiguous result (autumn fold) keeps the offset `ts` had, as luxon does: 02:30 in summer + 24 months
    // on the night the clocks go back is the first 02:30 of that night, not the second.
    return this.toInstant(
      Date.UTC(year, month, Math.min(date.getUTCDate(), lastDay)) + timeOfDay,
      this.offsetAt(ts),
    );
  }

  private rawOffset(ts: number): number {
    const text = this.offsetFormat.format(ts);
    const at = text.lastIndexOf('GMT');
    const tail = text.slice(at + 3); // '' | '+02:00' | '-03:30' | '+05:45'
    if (tail === '') return 0;
    const sign = tail[0] === '-' ? -1 : 1;
    const [h, m = '0'] = tail.slice(1).split(':');
    return sign * (Number(h) * 60 + Number(m));
  }

  private computeDay(day: number): DayOffsets {
    const start = day * DAY_MS;
    const before = this.rawOffset(start);
    const after = this.rawOffset(start + DAY_MS);
    let switchAt = Number.POSITIVE_INFINITY;
    if (before !== after) {
      // Binary search on whole minutes: rawOffset(lo) === before, rawOffset(hi) === after.
      let lo = start;
      let hi = start + DAY_MS;
      while (hi - lo > MINUTE_MS) {
        const mid = lo + Math.floor((hi - lo) / MINUTE_MS / 2) * MINUTE_MS;
        if (this.rawOffset(mid) === before) lo = mid;
        else hi = mid;
      }
      switchAt = hi;
    }
    const entry: DayOffsets = { before, after, switchAt };
    if (this.days.size >= MAX_CACHED_DAYS) this.days.clear();
    this.days.set(day, entry);
    return entry;
  }
}

const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => (n < 10 ? `0${n}` : String(n)));

/** 'HH:mm' or 'HH:mm:ss' (PostgreSQL `time`), '24:00' allowed as the end of a day -> minutes since midnight. */
export function parseLocalTime(value: string): number {
  const match = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) throw new RangeError(`Invalid local time: ${value}`);
  const h = Number(match[1]);
  const m = Number(match[2]);
  const s = Number(match[3] ?? '0');
  if (m > 59 || s > 59 || h > 24 || (h === 24 && (m > 0 || s > 0))) {
    throw new RangeError(`Invalid local time: ${value}`);
  }
  return h * 60 + m;
}

/** 'YYYY-MM-DD' -> wall milliseconds of that local midnight. */
export function parseLocalDate(value: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) throw new RangeError(`Invalid local date: ${value}`);
  const wall = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const check = new Date(wall);
  if (check.getUTCMonth() !== Number(match[2]) - 1 || check.getUTCDate() !== Number(match[3])) {
    throw new RangeError(`Invalid local date: ${value}`);
  }
  return wall;
}
