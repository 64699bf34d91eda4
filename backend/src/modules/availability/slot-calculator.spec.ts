import fc from 'fast-check';
import { DateTime, IANAZone } from 'luxon';
import { publicHolidaysOf } from './public-holidays';
import {
  computeNextSlots,
  computeSlots,
  type InstantRange,
  type SlotInput,
  type SlotMotive,
  type WeeklyRule,
} from './slot-calculator';

const PARIS = 'Europe/Paris';
const MOTIVE: SlotMotive = {
  id: 'm-consult',
  durationMinutes: 60,
  noticeMinutes: 0,
  notBeforeHour: null,
  notAfterMonths: 6,
  modes: ['in_person', 'visio'],
};

/** Every weekday 09:00-12:00 unless told otherwise. */
function input(overrides: Partial<SlotInput> = {}): SlotInput {
  return {
    timeZone: PARIS,
    weeklyRules: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, startTime: '09:00', endTime: '12:00' })),
    motive: MOTIVE,
    from: '2026-03-02T00:00:00+01:00',
    to: '2026-03-03T00:00:00+01:00',
    now: '2026-03-01T08:00:00+01:00',
    ...overrides,
  };
}

const starts = (slots: { start: string }[]) => slots.map((s) => s.start);

describe('computeSlots', () => {
  describe('daylight-saving days in Europe/Paris', () => {
    it('gives 09:00, 10:00, 11:00 at +02:00 on the spring-forward Sunday (29 March 2026)', () => {
      const slots = computeSlots(
        input({
          weeklyRules: [{ weekday: 7, startTime: '09:00', endTime: '12:00' }],
          from: '2026-03-29T00:00:00+01:00',
          to: '2026-03-30T00:00:00+02:00',
        }),
      );
      expect(slots).toEqual([
        { start: '2026-03-29T09:00:00+02:00', end: '2026-03-29T10:00:00+02:00' },
        { start: '2026-03-29T10:00:00+02:00', end: '2026-03-29T11:00:00+02:00' },
        { start: '2026-03-29T11:00:00+02:00', end: '2026-03-29T12:00:00+02:00' },
      ]);
    });

    it('gives 09:00, 10:00, 11:00 at +01:00 on the fall-back Sunday (25 October 2026)', () => {
      const slots = computeSlots(
        input({
          weeklyRules: [{ weekday: 7, startTime: '09:00', endTime: '12:00' }],
          from: '2026-10-25T00:00:00+02:00',
          to: '2026-10-26T00:00:00+01:00',
          now: '2026-10-01T08:00:00+02:00',
        }),
      );
      expect(starts(slots)).toEqual([
        '2026-10-25T09:00:00+01:00',
        '2026-10-25T10:00:00+01:00',
        '2026-10-25T11:00:00+01:00',
      ]);
    });

    it('skips the missing hour when a range crosses 02:00-03:00 on the spring-forward Sunday', () => {
      const slots = computeSlots(
        input({
          weeklyRules: [{ weekday: 7, startTime: '01:00', endTime: '04:00' }],
          motive: { ...MOTIVE, durationMinutes: 30 },
          from: '2026-03-29T00:00:00+01:00',
          to: '2026-03-30T00:00:00+02:00',
        }),
      );
      expect(starts(slots)).toEqual([
        '2026-03-29T01:00:00+01:00',
        '2026-03-29T01:30:00+01:00',
        '2026-03-29T03:00:00+02:00',
        '2026-03-29T03:30:00+02:00',
      ]);
    });

    it('offers the repeated hour twice on the fall-back Sunday, once per offset', () => {
      const slots = computeSlots(
        input({
          weeklyRules: [{ weekday: 7, startTime: '01:00', endTime: '04:00' }],
          from: '2026-10-25T00:00:00+02:00',
          to: '2026-10-26T00:00:00+01:00',
          now: '2026-10-01T08:00:00+02:00',
        }),
      );
      expect(starts(slots)).toEqual([
        '2026-10-25T01:00:00+02:00',
        '2026-10-25T02:00:00+02:00',
        '2026-10-25T02:00:00+01:00',
        '2026-10-25T03:00:00+01:00',
      ]);
    });

    it('keeps local opening hours across the change in a week-long request', () => {
      const slots = computeSlots(
        input({ from: '2026-03-26T00:00:00+01:00', to: '2026-04-02T00:00:00+02:00' }),
      );
      expect(slots).toHaveLength(7 * 3);
      for (const slot of slots) expect(slot.start.slice(11, 13)).toMatch(/^(09|10|11)$/);
      expect(slots[0].start).toBe('2026-03-26T09:00:00+01:00');
      expect(slots[slots.length - 1].start).toBe('2026-04-01T11:00:00+02:00');
    });
  });

  describe('public holidays', () => {
    const tuesdayRule: WeeklyRule[] = [{ weekday: 2, startTime: '09:00', endTime: '12:00' }];
    const bastilleDay = { from: '2026-07-14T00:00:00+02:00', to: '2026-07-15T00:00:00+02:00' };

    it('closes 14 July in France', () => {
      expect(computeSlots(input({ weeklyRules: tuesdayRule, ...bastilleDay }))).toEqual([]);
    });

    it('opens 14 July when the professional works on public holidays in July', () => {
      const slots = computeSlots(
        input({ weeklyRules: tuesdayRule, ...bastilleDay, workedHolidayMonths: ['2026-07'] }),
      );
      expect(starts(slots)).toEqual([
        '2026-07-14T09:00:00+02:00',
        '2026-07-14T10:00:00+02:00',
        '2026-07-14T11:00:00+02:00',
      ]);
    });

    it('does not open 14 July when another month is marked worked', () => {
      expect(
        computeSlots(input({ weeklyRules: tuesdayRule, ...bastilleDay, workedHolidayMonths: ['2026-08'] })),
      ).toEqual([]);
    });

    it('closes Easter Monday (6 April 2026) and opens the Tuesday after it', () => {
      const slots = computeSlots(
        input({
          weeklyRules: [1, 2].map((weekday) => ({ weekday, startTime: '09:00', endTime: '10:00' })),
          from: '2026-04-06T00:00:00+02:00',
          to: '2026-04-08T00:00:00+02:00',
        }),
      );
      expect(starts(slots)).toEqual(['2026-04-07T09:00:00+02:00']);
    });

    it('follows the account country: 14 July is open in Belgium, 21 July is closed there', () => {
      const july = { from: '2026-07-13T00:00:00+02:00', to: '2026-07-25T00:00:00+02:00' };
      const rules = [2].map((weekday) => ({ weekday, startTime: '09:00', endTime: '10:00' }));
      expect(starts(computeSlots(input({ weeklyRules: rules, ...july, holidayCountry: 'BE' })))).toEqual([
        '2026-07-14T09:00:00+02:00',
      ]);
      expect(starts(computeSlots(input({ weeklyRules: rules, ...july, holidayCountry: 'FR' })))).toEqual([
        '2026-07-21T09:00:00+02:00',
      ]);
    });

    it('closes the Swiss national day (1 August) and Saint Stephen (26 December) in Switzerland only', () => {
      const saturday = [{ weekday: 6, startTime: '09:00', endTime: '10:00' }];
      for (const day of ['2026-08-01', '2026-12-26']) {
        const range = { from: `${day}T00:00:00Z`, to: `${day}T23:00:00Z`, now: '2026-07-01T08:00:00Z' };
        expect(computeSlots(input({ weeklyRules: saturday, ...range, holidayCountry: 'CH' }))).toEqual([]);
        expect(computeSlots(input({ weeklyRules: saturday, ...range, holidayCountry: 'FR' }))).toHaveLength(
          1,
        );
      }
    });

    it('lists different holidays for FR, BE and CH', () => {
      const dates = (country: 'FR' | 'BE' | 'CH') => publicHolidaysOf(country, 2026).map((h) => h.date);
      expect(dates('FR')).toEqual(
        expect.arrayContaining(['2026-04-06', '2026-05-08', '2026-07-14', '2026-11-11']),
      );
      expect(dates('BE')).toEqual(expect.arrayContaining(['2026-07-21']));
      expect(dates('BE')).not.toContain('2026-07-14');
      expect(dates('CH')).toEqual(expect.arrayContaining(['2026-08-01']));
      expect(dates('CH')).not.toContain('2026-05-08');
      expect(publicHolidaysOf('FR', 2026).find((h) => h.date === '2026-07-14')?.name).toMatch(
        /Fête Nationale/i,
      );
    });
  });

  describe('closed time and busy time', () => {
    it('gives the time after an appointment that ends off the grid', () => {
      const slots = computeSlots(
        input({ busy: [{ start: '2026-03-02T10:00:00+01:00', end: '2026-03-02T10:30:00+01:00' }] }),
      );
      expect(starts(slots)).toEqual(['2026-03-02T09:00:00+01:00', '2026-03-02T10:30:00+01:00']);
    });

    it('rounds a start after an external event up to 5 minutes', () => {
      const slots = computeSlots(
        input({ busy: [{ start: '2026-03-02T09:00:00+01:00', end: '2026-03-02T09:07:00+01:00' }] }),
      );
      expect(starts(slots)).toEqual(['2026-03-02T09:10:00+01:00', '2026-03-02T10:10:00+01:00']);
    });

    it('closes an unavailability period and the days of a holiday period', () => {
      const week = { from: '2026-03-02T00:00:00+01:00', to: '2026-03-09T00:00:00+01:00' };
      const slots = computeSlots(
        input({
          ...week,
          unavailabilities: [{ start: '2026-03-02T08:00:00+01:00', end: '2026-03-02T11:00:00+01:00' }],
          holidays: [{ startsOn: '2026-03-03', endsOn: '2026-03-07' }],
        }),
      );
      expect(starts(slots)).toEqual([
        '2026-03-02T11:00:00+01:00',
        '2026-03-08T09:00:00+01:00',
        '2026-03-08T10:00:00+01:00',
        '2026-03-08T11:00:00+01:00',
      ]);
    });
  });

  describe('motive rules', () => {
    it('keeps the minimum notice, on the range grid', () => {
      const slots = computeSlots(
        input({ now: '2026-03-02T08:20:00+01:00', motive: { ...MOTIVE, noticeMinutes: 60 } }),
      );
      expect(starts(slots)).toEqual(['2026-03-02T10:00:00+01:00', '2026-03-02T11:00:00+01:00']);
    });

    it('starts no slot before the not-before hour', () => {
      const slots = computeSlots(input({ motive: { ...MOTIVE, notBeforeHour: 10 } }));
      expect(starts(slots)).toEqual(['2026-03-02T10:00:00+01:00', '2026-03-02T11:00:00+01:00']);
    });

    it('offers nothing past the horizon', () => {
      const slots = computeSlots(
        input({
          now: '2026-03-01T10:30:00+01:00',
          motive: { ...MOTIVE, notAfterMonths: 1 },
          from: '2026-03-30T00:00:00+02:00',
          to: '2026-04-03T00:00:00+02:00',
        }),
      );
      expect(slots[slots.length - 1].start).toBe('2026-04-01T10:00:00+02:00');
    });

    it('keeps slots inside the amplitude', () => {
      const slots = computeSlots(
        input({
          weeklyRules: [{ weekday: 1, startTime: '08:00', endTime: '20:00' }],
          amplitude: { start: '09:30', end: '12:00' },
        }),
      );
      expect(starts(slots)).toEqual(['2026-03-02T09:30:00+01:00', '2026-03-02T10:30:00+01:00']);
    });

    it('uses only the ranges open to the motive', () => {
      const weeklyRules: WeeklyRule[] = [
        { weekday: 1, startTime: '09:00', endTime: '10:00' },
        { weekday: 1, startTime: '14:00', endTime: '15:00', motiveIds: ['m-other'] },
        { weekday: 1, startTime: '16:00', endTime: '17:00', motiveIds: ['m-other', 'm-consult'] },
      ];
      expect(starts(computeSlots(input({ weeklyRules })))).toEqual([
        '2026-03-02T09:00:00+01:00',
        '2026-03-02T16:00:00+01:00',
      ]);
    });

    it('joins touching ranges so a slot may span both', () => {
      const weeklyRules: WeeklyRule[] = [
        { weekday: 1, startTime: '09:00', endTime: '09:30' },
        { weekday: 1, startTime: '09:30', endTime: '10:00' },
      ];
      expect(starts(computeSlots(input({ weeklyRules })))).toEqual(['2026-03-02T09:00:00+01:00']);
    });

    it('offers nothing in a mode the motive does not allow', () => {
      expect(computeSlots(input({ mode: 'phone' }))).toEqual([]);
      expect(computeSlots(input({ mode: 'visio' }))).toHaveLength(3);
    });

    it('walks by the given step when one is given', () => {
      const slots = computeSlots(input({ stepMinutes: 30 }));
      expect(starts(slots)).toEqual([
        '2026-03-02T09:00:00+01:00',
        '2026-03-02T09:30:00+01:00',
        '2026-03-02T10:00:00+01:00',
        '2026-03-02T10:30:00+01:00',
        '2026-03-02T11:00:00+01:00',
      ]);
    });

    it('answers in the professional zone, whatever the zone of the request', () => {
      const slots = computeSlots(
        input({
          timeZone: 'America/New_York',
          weeklyRules: [{ weekday: 1, startTime: '09:00', endTime: '10:00' }],
          from: '2026-03-02T00:00:00Z',
          to: '2026-03-03T12:00:00Z',
        }),
      );
      expect(slots).toEqual([{ start: '2026-03-02T09:00:00-05:00', end: '2026-03-02T10:00:00-05:00' }]);
    });
  });

  describe('computeNextSlots', () => {
    it('gives the first free slots from now, skipping closed days', () => {
      const slots = computeNextSlots({
        ...input({
          weeklyRules: [{ weekday: 2, startTime: '09:00', endTime: '12:00' }],
          now: '2026-07-13T12:00:00+02:00',
        }),
        limit: 3,
      });
      expect(starts(slots)).toEqual([
        '2026-07-21T09:00:00+02:00',
        '2026-07-21T10:00:00+02:00',
        '2026-07-21T11:00:00+02:00',
      ]);
    });

    it('is empty when nothing is open in the search window', () => {
      expect(computeNextSlots({ ...input({ weeklyRules: [] }), limit: 3 })).toEqual([]);
    });
  });
});

// ---------------------------------------------------------------------------------------------------------
// Properties. An independent oracle built with luxon checks every slot against the rules it must respect.

const ZONES = ['Europe/Paris', 'Europe/Brussels', 'Europe/Zurich', 'America/New_York'];
const MOTIVE_IDS = ['m1', 'm2', 'm3'];
const BASE = Date.UTC(2026, 0, 1);
const SPAN = Date.UTC(2027, 0, 1) - BASE;

const fiveMinuteTime = (min: number, max: number) =>
  fc.integer({ min: min / 5, max: max / 5 }).map((n) => n * 5);
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const ruleArb: fc.Arbitrary<WeeklyRule> = fc
  .record({
    weekday: fc.integer({ min: 1, max: 7 }),
    start: fiveMinuteTime(0, 23 * 60),
    length: fiveMinuteTime(5, 10 * 60),
    motiveIds: fc.option(fc.subarray(MOTIVE_IDS, { minLength: 1 }), { nil: null }),
  })
  .map(({ weekday, start, length, motiveIds }) => ({
    weekday,
    startTime: hhmm(start),
    endTime: hhmm(Math.min(start + length, 24 * 60)),
    motiveIds,
  }));

const scenarioArb = fc
  .record({
    timeZone: fc.constantFrom(...ZONES),
    weeklyRules: fc.array(ruleArb, { maxLength: 12 }),
    motive: fc.record({
      id: fc.constantFrom(...MOTIVE_IDS),
      durationMinutes: fiveMinuteTime(5, 180),
      noticeMinutes: fc.integer({ min: 0, max: 4 * 24 * 60 }),
      notBeforeHour: fc.option(fc.integer({ min: 0, max: 23 }), { nil: null }),
      notAfterMonths: fc.integer({ min: 1, max: 3 }),
    }),
    stepMinutes: fc.option(fiveMinuteTime(5, 120), { nil: undefined }),
    amplitude: fc.option(
      fc
        .tuple(fiveMinuteTime(0, 12 * 60), fiveMinuteTime(12 * 60, 24 * 60))
        .map(([s, e]) => ({ start: hhmm(s), end: hhmm(e) })),
      { nil: null },
    ),
    // now anywhere in 2026 (DST days included), range starting around now, 1 to 20 days long
    now: fc.integer({ min: 0, max: SPAN }).map((o) => BASE + o),
    fromOffsetHours: fc.integer({ min: -48, max: 24 * 40 }),
    days: fc.integer({ min: 1, max: 20 }),
    busyRaw: fc.array(
      fc.tuple(fc.integer({ min: -2 * 24 * 60, max: 60 * 24 * 60 }), fc.integer({ min: 1, max: 8 * 60 })),
      {
        maxLength: 40,
      },
    ),
    unavailRaw: fc.array(
      fc.tuple(
        fc.integer({ min: -2 * 24 * 60, max: 60 * 24 * 60 }),
        fc.integer({ min: 1, max: 3 * 24 * 60 }),
      ),
      {
        maxLength: 4,
      },
    ),
    holidayRaw: fc.array(fc.tuple(fc.integer({ min: -2, max: 60 }), fc.integer({ min: 0, max: 10 })), {
      maxLength: 3,
    }),
    workedMonths: fc.subarray([
      '2026-01',
      '2026-04',
      '2026-05',
      '2026-07',
      '2026-08',
      '2026-11',
      '2026-12',
      '2027-01',
    ]),
    holidayCountry: fc.constantFrom('FR' as const, 'BE' as const, 'CH' as const),
  })
  .map((s) => {
    const from = s.now + s.fromOffsetHours * 3_600_000;
    const to = from + s.days * 86_400_000;
    const toRange = ([startMin, lengthMin]: [number, number]): InstantRange => ({
      start: new Date(from + startMin * 60_000),
      end: new Date(from + (startMin + lengthMin) * 60_000),
    });
    const fromDate = DateTime.fromMillis(from, { zone: s.timeZone }).startOf('day');
    const slotInput: SlotInput = {
      timeZone: s.timeZone,
      weeklyRules: s.weeklyRules,
      motive: s.motive,
      amplitude: s.amplitude,
      stepMinutes: s.stepMinutes,
      busy: s.busyRaw.map(toRange),
      unavailabilities: s.unavailRaw.map(toRange),
      holidays: s.holidayRaw.map(([startDay, length]) => ({
        startsOn: fromDate.plus({ days: startDay }).toISODate()!,
        endsOn: fromDate.plus({ days: startDay + length }).toISODate()!,
      })),
      workedHolidayMonths: s.workedMonths,
      holidayCountry: s.holidayCountry,
      from: new Date(from),
      to: new Date(to),
      now: new Date(s.now),
    };
    return slotInput;
  });

const ms = (v: unknown) =>
  v instanceof Date ? v.getTime() : typeof v === 'number' ? v : Date.parse(String(v));
const overlaps = (a0: number, a1: number, b0: number, b1: number) => a0 < b1 && b0 < a1;

/**
 * The instant of a local time on a day, from luxon's offsets. Not `DateTime.fromObject`: it resolves an
 * autumn-fold time from today's offset, so its answer would change with the season the suite runs in. A time
 * inside the fold shows twice: a range start takes the earlier instant and a range end the later one (the
 * widest reading), so the properties hold whichever of the two the engine picks; a time inside a spring gap
 * is pushed forward by the gap.
 */
function localInstant(date: DateTime, time: string, zone: string, bound: 'start' | 'end'): number {
  const [h, m] = time.split(':').map(Number);
  if (h === 24) return date.plus({ days: 1 }).startOf('day').toMillis();
  const wall = Date.UTC(date.year, date.month - 1, date.day, h, m);
  const tz = IANAZone.create(zone);
  const offsets = [...new Set([tz.offset(wall - 14 * 3_600_000), tz.offset(wall + 14 * 3_600_000)])];
  const showing = offsets.map((o) => wall - o * 60_000).filter((ts) => ts + tz.offset(ts) * 60_000 === wall);
  if (showing.length === 0) return wall - Math.min(...offsets) * 60_000;
  return bound === 'start' ? Math.min(...showing) : Math.max(...showing);
}

describe('computeSlots properties', () => {
  // FC_RUNS=5000 for a deeper local search; 300 keeps the suite fast.
  const runs = { numRuns: Number(process.env.FC_RUNS ?? 300) };

  it('never overlaps a busy interval, an appointment or an unavailability period', () => {
    fc.assert(
      fc.property(scenarioArb, (input) => {
        for (const slot of computeSlots(input)) {
          const [s, e] = [ms(slot.start), ms(slot.end)];
          for (const block of [...(input.busy ?? []), ...(input.unavailabilities ?? [])]) {
            expect(overlaps(s, e, ms(block.start), ms(block.end))).toBe(false);
          }
        }
      }),
      runs,
    );
  });

  it('puts every slot inside the weekly availabilities open to the motive and inside the amplitude', () => {
    fc.assert(
      fc.property(scenarioArb, (input) => {
        for (const slot of computeSlots(input)) {
          const [s, e] = [ms(slot.start), ms(slot.end)];
          const day = DateTime.fromMillis(s, { zone: input.timeZone }).startOf('day');
          const ranges = input.weeklyRules
            .filter((r) => r.weekday === day.weekday)
            .filter((r) => !r.motiveIds || r.motiveIds.length === 0 || r.motiveIds.includes(input.motive.id))
            .map((r) => [
              localInstant(day, r.startTime, input.timeZone, 'start'),
              localInstant(day, r.endTime, input.timeZone, 'end'),
            ])
            .sort((a, b) => a[0] - b[0]);
          // the slot is covered by the union of the day's ranges
          let covered = s;
          for (const [rs, re] of ranges) if (rs <= covered && re > covered) covered = re;
          expect(covered).toBeGreaterThanOrEqual(e);
          if (input.amplitude) {
            expect(s).toBeGreaterThanOrEqual(
              localInstant(day, input.amplitude.start, input.timeZone, 'start'),
            );
            expect(e).toBeLessThanOrEqual(localInstant(day, input.amplitude.end, input.timeZone, 'end'));
          }
        }
      }),
      runs,
    );
  });

  it('keeps the notice, the not-before hour, the horizon and the requested range', () => {
    fc.assert(
      fc.property(scenarioArb, (input) => {
        const now = ms(input.now);
        const horizon = DateTime.fromMillis(now, { zone: input.timeZone })
          .plus({ months: input.motive.notAfterMonths })
          .toMillis();
        for (const slot of computeSlots(input)) {
          const s = ms(slot.start);
          expect(s).toBeGreaterThanOrEqual(now + input.motive.noticeMinutes * 60_000);
          expect(s).toBeLessThan(horizon);
          expect(s).toBeGreaterThanOrEqual(ms(input.from));
          expect(s).toBeLessThan(ms(input.to));
          expect(ms(slot.end) - s).toBe(input.motive.durationMinutes * 60_000);
          if (input.motive.notBeforeHour != null) {
            expect(DateTime.fromMillis(s, { zone: input.timeZone }).hour).toBeGreaterThanOrEqual(
              input.motive.notBeforeHour,
            );
          }
        }
      }),
      runs,
    );
  });

  it('opens no holiday period and no public holiday of a month not worked', () => {
    fc.assert(
      fc.property(scenarioArb, (input) => {
        const worked = new Set(input.workedHolidayMonths);
        for (const slot of computeSlots(input)) {
          const date = DateTime.fromMillis(ms(slot.start), { zone: input.timeZone }).toISODate()!;
          for (const period of input.holidays ?? []) {
            expect(date >= period.startsOn && date <= period.endsOn).toBe(false);
          }
          const holidays = publicHolidaysOf(input.holidayCountry ?? 'FR', Number(date.slice(0, 4))).map(
            (h) => h.date,
          );
          if (!worked.has(date.slice(0, 7))) expect(holidays).not.toContain(date);
        }
      }),
      runs,
    );
  });

  it('answers ISO instants with the offset of the zone, in increasing order', () => {
    fc.assert(
      fc.property(scenarioArb, (input) => {
        const slots = computeSlots(input);
        for (let i = 0; i < slots.length; i++) {
          const s = ms(slots[i].start);
          expect(slots[i].start).toBe(
            DateTime.fromMillis(s, { zone: input.timeZone }).toISO({ suppressMilliseconds: true }),
          );
          if (i > 0) expect(s).toBeGreaterThan(ms(slots[i - 1].start));
        }
      }),
      runs,
    );
  });

  it('gives as next slots the first slots of the same window', () => {
    fc.assert(
      fc.property(scenarioArb, fc.integer({ min: 1, max: 5 }), (input, limit) => {
        const now = ms(input.now);
        const next = computeNextSlots({ ...input, limit, searchDays: 20 });
        const all = computeSlots({ ...input, from: now, to: now + 20 * 86_400_000 });
        expect(next).toEqual(all.slice(0, limit));
      }),
      runs,
    );
  });
});
