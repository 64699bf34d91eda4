/**
 * The months of the professional's figures are French months (Europe/Paris), whatever the server's or the
 * browser's zone: a payment captured at 00:30 on the 1st in Paris (still the previous day in UTC) counts in
 * the new month.
 */
export const FIGURES_TIME_ZONE = 'Europe/Paris';

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: FIGURES_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** Minutes Paris is ahead of UTC at `instant`. */
function offsetMinutes(instant: number): number {
  const p = Object.fromEntries(parts.formatToParts(new Date(instant)).map((x) => [x.type, x.value]));
  const local = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  return Math.round((local - Math.floor(instant / 1000) * 1000) / 60_000);
}

/** The instant Paris reads midnight of the 1st of `month` (1-12) of `year`. */
function parisMonthStart(year: number, month: number): Date {
  const utc = Date.UTC(year, month - 1, 1);
  const guess = utc - offsetMinutes(utc) * 60_000;
  return new Date(utc - offsetMinutes(guess) * 60_000);
}

/** "YYYY-MM" of `instant` in Paris. */
export function parisMonthOf(instant: Date): string {
  const p = Object.fromEntries(parts.formatToParts(instant).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}`;
}

/** [from, to) of a Paris month given as "YYYY-MM". */
export function parisMonthRange(month: string): { from: Date; to: Date } {
  const [year, m] = month.split('-').map(Number);
  return {
    from: parisMonthStart(year, m),
    to: m === 12 ? parisMonthStart(year + 1, 1) : parisMonthStart(year, m + 1),
  };
}
