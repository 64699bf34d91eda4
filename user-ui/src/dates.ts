/**
 * Wall-clock helpers in the professional's IANA time zone (Europe/Paris by default, docs/product.md §9).
 * The API speaks ISO instants with offset; forms speak local dates ('AAAA-MM-JJ') and times ('HH:mm').
 */
export const DEFAULT_TIMEZONE = 'Europe/Paris';

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(timeZone, formatter);
  }
  return formatter;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

function wallClockOf(instant: Date, timeZone: string): WallClock {
  const parts = Object.fromEntries(
    partsFormatter(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
  };
}

/** Offset of the zone at that instant, in minutes east of UTC. */
function offsetMinutes(instant: Date, timeZone: string): number {
  const w = wallClockOf(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  return Math.round((asUtc - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
}

const pad = (n: number) => String(n).padStart(2, '0');

function formatOffset(minutes: number): string {
  const sign = minutes >= 0 ? '+' : '-';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * 'AAAA-MM-JJ' + 'HH:mm' read in `timeZone` -> ISO instant with that zone's offset
 * (e.g. '2026-05-12T09:00:00+02:00'). A time skipped by a daylight-saving change moves forward.
 */
export function zonedToIso(date: string, time: string, timeZone: string = DEFAULT_TIMEZONE): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  let offset = offsetMinutes(new Date(wall), timeZone);
  offset = offsetMinutes(new Date(wall - offset * 60_000), timeZone);
  const instant = new Date(wall - offset * 60_000);
  // Written with the offset in force at that instant (differs from `offset` inside a spring-forward gap).
  const w = wallClockOf(instant, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:00${formatOffset(offsetMinutes(instant, timeZone))}`;
}

/** ISO instant -> { date: 'AAAA-MM-JJ', time: 'HH:mm' } on the wall clock of `timeZone`. */
export function isoToZoned(iso: string, timeZone: string = DEFAULT_TIMEZONE): { date: string; time: string } {
  const w = wallClockOf(new Date(iso), timeZone);
  return { date: `${w.year}-${pad(w.month)}-${pad(w.day)}`, time: `${pad(w.hour)}:${pad(w.minute)}` };
}

/** 'HH:mm' -> minutes since midnight ('24:00' = 1440). */
export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

export function timeOf(minutes: number): string {
  const bounded = Math.max(0, Math.min(24 * 60, minutes));
  return `${pad(Math.floor(bounded / 60))}:${pad(bounded % 60)}`;
}

export function todayIn(timeZone: string = DEFAULT_TIMEZONE): string {
  return isoToZoned(new Date().toISOString(), timeZone).date;
}

/** 'mardi 12 mai 2026' */
export function formatLongDate(iso: string, timeZone: string = DEFAULT_TIMEZONE): string {
  return new Intl.DateTimeFormat('fr-FR', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(iso));
}

/** '09:00' */
export function formatTime(iso: string, timeZone: string = DEFAULT_TIMEZONE): string {
  return new Intl.DateTimeFormat('fr-FR', { timeZone, hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  );
}

/** 'mardi 12 mai 2026, 09:00 – 10:00' */
export function formatRange(startIso: string, endIso: string, timeZone: string = DEFAULT_TIMEZONE): string {
  const sameDay = isoToZoned(startIso, timeZone).date === isoToZoned(endIso, timeZone).date;
  return sameDay
    ? `${formatLongDate(startIso, timeZone)}, ${formatTime(startIso, timeZone)} – ${formatTime(endIso, timeZone)}`
    : `${formatLongDate(startIso, timeZone)}, ${formatTime(startIso, timeZone)} – ${formatLongDate(endIso, timeZone)}, ${formatTime(endIso, timeZone)}`;
}

/** 'AAAA-MM-JJ' (a local date, no zone involved) -> '12 mai 2026' */
export function formatLocalDate(
  date: string,
  options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' },
): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('fr-FR', { ...options, timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

/** 'AAAA-MM' -> 'juillet 2026' */
export function formatMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, 1)),
  );
}
