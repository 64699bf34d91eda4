/** Dates as a visitor in Paris reads them, computed here to know what the pages must show. */
export const PARIS = 'Europe/Paris';

function parts(instant: Date): Record<string, string> {
  const list = new Intl.DateTimeFormat('en-GB', {
    timeZone: PARIS,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  return Object.fromEntries(list.map((p) => [p.type, p.value]));
}

/** "09:12:05": the time of day in Paris of an instant, as the console stamps its figures. */
export function parisClock(instant: Date): string {
  const p = parts(instant);
  return `${p.hour}:${p.minute}:${p.second}`;
}

/** "2026-11-23": the local day in Paris of an instant. */
export function parisDay(instant: Date): string {
  const p = parts(instant);
  return `${p.year}-${p.month}-${p.day}`;
}

/** "2026-11-23" + n days. */
export function addDays(day: string, n: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

/** ISO weekday of a local day: 1 = Monday ... 7 = Sunday. */
export function isoWeekday(day: string): number {
  const d = new Date(`${day}T12:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

/** The instant of a wall-clock time in Paris ("2026-11-23", "09:30"). */
export function parisInstant(day: string, hhmm: string): Date {
  const guess = new Date(`${day}T${hhmm}:00Z`);
  // Paris is UTC+1 or UTC+2: correct the guess by the offset the zone has at that moment.
  for (const offset of [1, 2]) {
    const candidate = new Date(guess.getTime() - offset * 3_600_000);
    const p = parts(candidate);
    if (`${p.year}-${p.month}-${p.day}` === day && `${p.hour}:${p.minute}` === hhmm) return candidate;
  }
  throw new Error(`no instant for ${day} ${hhmm} in Paris`);
}

/** Easter Sunday (Gregorian, anonymous algorithm) as "YYYY-MM-DD". */
function easter(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** French national public holidays ("jours fériés") of a year. */
export function frenchPublicHolidays(year: number): Set<string> {
  const sunday = easter(year);
  return new Set([
    `${year}-01-01`,
    addDays(sunday, 1), // lundi de Pâques
    `${year}-05-01`,
    `${year}-05-08`,
    addDays(sunday, 39), // Ascension
    addDays(sunday, 50), // lundi de Pentecôte
    `${year}-07-14`,
    `${year}-08-15`,
    `${year}-11-01`,
    `${year}-11-11`,
    `${year}-12-25`,
  ]);
}

/** Monday to Friday and not a French public holiday. */
export function isWorkingDay(day: string): boolean {
  return isoWeekday(day) <= 5 && !frenchPublicHolidays(Number(day.slice(0, 4))).has(day);
}

/** "lun. 23 nov." as the booking dialog titles a day. */
export function shortDay(day: string): string {
  return new Intl.DateTimeFormat('fr-FR', {
    timeZone: PARIS,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  }).format(parisInstant(day, '12:00'));
}
