/** iCalendar objects as calendar apps write them, for the calendar-sync tests (CRLF line ends, as RFC 5545). */

export const PARIS_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Paris',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

export function vcalendar(...events: string[][]): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//RDV Avocat tests//FR',
    ...PARIS_VTIMEZONE,
    ...events.flat(),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

export function vevent(uid: string, lines: string[]): string[] {
  return ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20260101T000000Z', ...lines, 'END:VEVENT'];
}

/** Local wall time in Paris, e.g. paris('20261026T1000'), as the iCalendar value with its TZID. */
export function parisProperty(name: string, local: string): string {
  return `${name};TZID=Europe/Paris:${local}00`;
}
