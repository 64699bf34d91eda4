import { busyOfIcs } from './ical-busy';
import { parisProperty, vcalendar, vevent } from '../../../test/calendar-sync/ics-fixtures';

const zone = 'Europe/Paris';
const window = { from: new Date('2026-10-01T00:00:00Z'), to: new Date('2026-11-30T00:00:00Z') };
const iso = (ranges: Array<{ start: Date; end: Date }>) =>
  ranges.map((r) => `${r.start.toISOString()}/${r.end.toISOString()}`);

describe('busyOfIcs (ical.js expansion of external events)', () => {
  it('keeps a weekly 10:00 Paris meeting at 10:00 local across the end of summer time', () => {
    const ics = vcalendar(
      vevent('weekly-1', [
        parisProperty('DTSTART', '20261019T1000'),
        parisProperty('DTEND', '20261019T1100'),
        'RRULE:FREQ=WEEKLY;COUNT=3',
      ]),
    );
    const busy = busyOfIcs(ics, window.from, window.to, { allDayBlocks: true, zone });
    expect(busy.uid).toBe('weekly-1');
    // 19 Oct is CEST (UTC+2), 26 Oct and 2 Nov are CET (UTC+1): 10:00 local each time.
    expect(iso(busy.ranges)).toEqual([
      '2026-10-19T08:00:00.000Z/2026-10-19T09:00:00.000Z',
      '2026-10-26T09:00:00.000Z/2026-10-26T10:00:00.000Z',
      '2026-11-02T09:00:00.000Z/2026-11-02T10:00:00.000Z',
    ]);
  });

  it('carries the master event’s title (for the professional’s own agenda), none when the event has no SUMMARY', () => {
    const titled = vcalendar(
      vevent('titled-1', [
        'SUMMARY:Audience – Tribunal judiciaire',
        parisProperty('DTSTART', '20261020T0900'),
        parisProperty('DTEND', '20261020T1200'),
      ]),
    );
    expect(busyOfIcs(titled, window.from, window.to, { allDayBlocks: true, zone }).title).toBe(
      'Audience – Tribunal judiciaire',
    );
    const untitled = vcalendar(
      vevent('untitled-1', [
        parisProperty('DTSTART', '20261020T0900'),
        parisProperty('DTEND', '20261020T1000'),
      ]),
    );
    expect(busyOfIcs(untitled, window.from, window.to, { allDayBlocks: true, zone }).title).toBeNull();
  });

  it('drops an EXDATE occurrence and moves a RECURRENCE-ID one', () => {
    const ics = vcalendar(
      vevent('weekly-2', [
        parisProperty('DTSTART', '20261005T1400'),
        parisProperty('DTEND', '20261005T1500'),
        'RRULE:FREQ=WEEKLY;COUNT=3',
        parisProperty('EXDATE', '20261012T1400'),
      ]),
      vevent('weekly-2', [
        parisProperty('RECURRENCE-ID', '20261019T1400'),
        parisProperty('DTSTART', '20261020T0900'),
        parisProperty('DTEND', '20261020T1000'),
      ]),
    );
    const busy = busyOfIcs(ics, window.from, window.to, { allDayBlocks: true, zone });
    expect(iso(busy.ranges)).toEqual([
      '2026-10-05T12:00:00.000Z/2026-10-05T13:00:00.000Z',
      '2026-10-20T07:00:00.000Z/2026-10-20T08:00:00.000Z',
    ]);
  });

  it('lets transparent ("free") and cancelled events block nothing', () => {
    for (const flag of ['TRANSP:TRANSPARENT', 'STATUS:CANCELLED']) {
      const ics = vcalendar(
        vevent('free', [
          parisProperty('DTSTART', '20261007T0900'),
          parisProperty('DTEND', '20261007T1800'),
          flag,
        ]),
      );
      expect(busyOfIcs(ics, window.from, window.to, { allDayBlocks: true, zone }).ranges).toEqual([]);
    }
  });

  it('blocks the whole local day for an all-day event only when the professional chose so', () => {
    const ics = vcalendar(vevent('holiday', ['DTSTART;VALUE=DATE:20261111', 'DTEND;VALUE=DATE:20261112']));
    expect(iso(busyOfIcs(ics, window.from, window.to, { allDayBlocks: true, zone }).ranges)).toEqual([
      '2026-11-10T23:00:00.000Z/2026-11-11T23:00:00.000Z',
    ]);
    expect(busyOfIcs(ics, window.from, window.to, { allDayBlocks: false, zone }).ranges).toEqual([]);
  });

  it('reads a TZID sent without its VTIMEZONE as the IANA zone it names', () => {
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      ...vevent('bare-tzid', [
        'DTSTART;TZID=America/New_York:20261007T090000',
        'DTEND;TZID=America/New_York:20261007T100000',
      ]),
      'END:VCALENDAR',
    ].join('\r\n');
    expect(iso(busyOfIcs(ics, window.from, window.to, { allDayBlocks: true, zone }).ranges)).toEqual([
      '2026-10-07T13:00:00.000Z/2026-10-07T14:00:00.000Z',
    ]);
  });

  it('keeps only the occurrences inside the window, however long the series', () => {
    const ics = vcalendar(
      vevent('daily-forever', [
        parisProperty('DTSTART', '20100101T0800'),
        parisProperty('DTEND', '20100101T0830'),
        'RRULE:FREQ=DAILY',
      ]),
    );
    const ranges = busyOfIcs(ics, window.from, window.to, { allDayBlocks: true, zone }).ranges;
    expect(ranges).toHaveLength(60);
    expect(ranges[0].start.toISOString()).toBe('2026-10-01T06:00:00.000Z');
    expect(ranges.at(-1)!.start.toISOString()).toBe('2026-11-29T07:00:00.000Z');
  });
});
