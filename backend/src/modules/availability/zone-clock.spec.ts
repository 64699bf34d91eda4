import fc from 'fast-check';
import { DateTime, IANAZone } from 'luxon';
import { ZoneClock, parseLocalDate, parseLocalTime } from './zone-clock';

const ZONES = [
  'Europe/Paris',
  'Europe/Brussels',
  'Europe/Zurich',
  'America/New_York',
  'America/Sao_Paulo',
  'Australia/Lord_Howe', // 30-minute DST shift
  'Asia/Kathmandu', // +05:45
  'Pacific/Chatham', // +12:45 / +13:45
  'UTC',
];

// 2024-01-01 .. 2031-12-31
const instant = fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2031, 11, 31) });

/**
 * The oracle for wall -> instant, from luxon's offsets only. Not `DateTime.fromObject`: luxon starts its
 * search from the offset in force *today*, so on an ambiguous autumn wall time its answer changes with the
 * season the test runs in (and fast-check hit it now and then). A wall time with instants that show it
 * (one, or two in a fold) must resolve to one of them; one inside a spring-forward gap is pushed forward by
 * the gap, as luxon does.
 */
function expectWallResolution(zone: string, wall: number) {
  const tz = IANAZone.create(zone);
  const offsets = [...new Set([tz.offset(wall - 14 * 3_600_000), tz.offset(wall + 14 * 3_600_000)])];
  const showingWall = offsets
    .map((offset) => wall - offset * 60_000)
    .filter((ts) => ts + tz.offset(ts) * 60_000 === wall);
  const got = ZoneClock.of(zone).toInstant(wall);
  if (showingWall.length > 0) expect(showingWall).toContain(got);
  else expect(got).toBe(wall - Math.min(...offsets) * 60_000);
}

describe(ZoneClock.name, () => {
  it('gives the same UTC offset as luxon at any instant', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), instant, (zone, ts) => {
        expect(ZoneClock.of(zone).offsetAt(ts)).toBe(IANAZone.create(zone).offset(ts));
      }),
      { numRuns: 2000 },
    );
  });

  it('turns a wall-clock time into an instant that shows that wall time (luxon), gaps and folds included', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.date({
          min: new Date(Date.UTC(2024, 0, 1)),
          max: new Date(Date.UTC(2031, 11, 31)),
          noInvalidDate: true,
        }),
        fc.integer({ min: 0, max: 24 * 12 - 1 }),
        (zone, date, fiveMinutes) => {
          const wall = Date.UTC(
            date.getUTCFullYear(),
            date.getUTCMonth(),
            date.getUTCDate(),
            Math.floor(fiveMinutes / 12),
            (fiveMinutes % 12) * 5,
          );
          expectWallResolution(zone, wall);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('converts every wall time of the Paris change days of 2026, gaps and folds included', () => {
    for (const [day, month] of [
      [29, 3],
      [25, 10],
    ]) {
      for (let minute = 0; minute < 24 * 60; minute += 5) {
        expectWallResolution('Europe/Paris', Date.UTC(2026, month - 1, day, 0, minute));
      }
    }
    // 02:30 does not exist on 29 March: pushed forward by the gap to 03:30 CEST.
    expect(ZoneClock.of('Europe/Paris').toInstant(Date.UTC(2026, 2, 29, 2, 30))).toBe(
      Date.UTC(2026, 2, 29, 1, 30),
    );
  });

  it('formats instants as ISO with the zone offset and no milliseconds', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES.filter((z) => z !== 'UTC')), instant, (zone, ts) => {
        const second = Math.floor(ts / 1000) * 1000;
        expect(ZoneClock.of(zone).formatIso(second)).toBe(
          DateTime.fromMillis(second, { zone }).toISO({ suppressMilliseconds: true }),
        );
      }),
      { numRuns: 1000 },
    );
    expect(ZoneClock.of('UTC').formatIso(Date.UTC(2026, 0, 2, 3, 4, 5))).toBe('2026-01-02T03:04:05+00:00');
  });

  it('adds calendar months like luxon (local time kept, day clamped to the end of the month)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), instant, fc.integer({ min: 0, max: 24 }), (zone, ts, months) => {
        expect(ZoneClock.of(zone).plusMonths(ts, months)).toBe(
          DateTime.fromMillis(ts, { zone }).plus({ months }).toMillis(),
        );
      }),
      { numRuns: 2000 },
    );
    const clock = ZoneClock.of('Europe/Paris');
    expect(clock.formatIso(clock.plusMonths(Date.parse('2026-01-31T10:00:00+01:00'), 1))).toBe(
      '2026-02-28T10:00:00+01:00',
    );
    // Landing in the autumn fold (02:00-02:59 happens twice on 28 October 2029): the first one, as luxon (a
    // fast-check run found it: the month step used to take the second).
    expect(clock.formatIso(clock.plusMonths(Date.parse('2027-10-28T02:00:00+02:00'), 24))).toBe(
      '2029-10-28T02:00:00+02:00',
    );
    expect(clock.formatIso(clock.plusMonths(Date.parse('2026-03-02T09:00:00+01:00'), 1))).toBe(
      '2026-04-02T09:00:00+02:00',
    );
  });

  it('refuses an unknown time zone', () => {
    expect(ZoneClock.isValidZone('Europe/Paris')).toBe(true);
    expect(ZoneClock.isValidZone('Europe/Atlantis')).toBe(false);
  });
});

describe('parseLocalTime', () => {
  it('reads HH:mm, HH:mm:ss and 24:00', () => {
    expect(parseLocalTime('09:30')).toBe(570);
    expect(parseLocalTime('18:45:00')).toBe(1125);
    expect(parseLocalTime('24:00')).toBe(1440);
  });

  it('refuses impossible times', () => {
    for (const bad of ['9:30', '24:01', '12:60', 'noon', ''])
      expect(() => parseLocalTime(bad)).toThrow(RangeError);
  });
});

describe('parseLocalDate', () => {
  it('refuses impossible dates', () => {
    expect(parseLocalDate('2028-02-29')).toBe(Date.UTC(2028, 1, 29));
    for (const bad of ['2026-02-29', '2026-13-01', '26-01-01'])
      expect(() => parseLocalDate(bad)).toThrow(RangeError);
  });
});
