/** Dates in French, in the appointment's time zone (docs/product.md §9: Europe/Paris unless said otherwise). */
export const DEFAULT_TIMEZONE = 'Europe/Paris';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per time zone and options, built once (building one costs far more than using it). */
function formatter(timeZone: string, options: Intl.DateTimeFormatOptions) {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) {
    try {
      made = new Intl.DateTimeFormat('fr-FR', { timeZone, ...options });
    } catch {
      made = new Intl.DateTimeFormat('fr-FR', { timeZone: DEFAULT_TIMEZONE, ...options });
    }
    // Time zones come from appointments (a few IANA names): the map stays small.
    if (formatters.size < 500) formatters.set(key, made);
  }
  return made;
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "Mardi 24 novembre 2026" */
export function longDate(iso: string, timeZone = DEFAULT_TIMEZONE): string {
  return capitalize(
    formatter(timeZone, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(
      new Date(iso),
    ),
  );
}

/** "mar. 24 nov." */
export function shortDay(iso: string, timeZone = DEFAULT_TIMEZONE): string {
  return formatter(timeZone, { weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(iso));
}

/** "09:30" */
export function time(iso: string, timeZone = DEFAULT_TIMEZONE): string {
  return formatter(timeZone, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

/** "Mardi 24 novembre 2026 à 09:30" */
export function dateAtTime(iso: string, timeZone = DEFAULT_TIMEZONE): string {
  return `${longDate(iso, timeZone)} à ${time(iso, timeZone)}`;
}

/** Local calendar day "2026-11-24" of an instant in a zone. */
export function localDay(iso: string | Date, timeZone = DEFAULT_TIMEZONE): string {
  const parts = formatter(timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(
    typeof iso === 'string' ? new Date(iso) : iso,
  );
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** "2026-11-24" + n days. */
export function addDays(day: string, n: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

/** Offset of a zone at an instant, in minutes east of UTC. */
function offsetMinutes(instant: Date, timeZone: string): number {
  const parts = formatter(timeZone, {
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour') % 24,
    get('minute'),
    get('second'),
  );
  return Math.round((asUtc - instant.getTime()) / 60_000);
}

/**
 * A wall-clock time in a zone as an ISO instant with its offset:
 * ("2026-11-24", "09:30", "Europe/Paris") -> "2026-11-24T09:30:00+01:00". Undefined when invalid.
 */
export function zonedToIso(day: string, hhmm: string, timeZone = DEFAULT_TIMEZONE): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !/^\d{2}:\d{2}$/.test(hhmm)) return undefined;
  const naive = Date.parse(`${day}T${hhmm}:00Z`);
  if (Number.isNaN(naive)) return undefined;
  // Two passes settle the offset around daylight-saving changes.
  let offset = offsetMinutes(new Date(naive), timeZone);
  offset = offsetMinutes(new Date(naive - offset * 60_000), timeZone);
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${day}T${hhmm}:00${sign}${hh}:${mm}`;
}
