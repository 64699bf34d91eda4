import { graphBusyRanges, type GraphEvent } from './graph.adapter';

const window = { from: new Date('2026-12-01T00:00:00Z'), to: new Date('2027-12-01T00:00:00Z') };
const paris = { allDayBlocks: true, zone: 'Europe/Paris' };
const timed = (showAs: GraphEvent['showAs'], extra: Partial<GraphEvent> = {}): GraphEvent => ({
  id: 'e',
  showAs,
  start: { dateTime: '2026-12-07T09:00:00.0000000', timeZone: 'UTC' },
  end: { dateTime: '2026-12-07T10:30:00.0000000', timeZone: 'UTC' },
  ...extra,
});

describe('graphBusyRanges (what an Outlook event blocks)', () => {
  it('blocks busy, tentative and out-of-office time; not free, working elsewhere, unknown or cancelled', () => {
    const range = [{ start: new Date('2026-12-07T09:00:00Z'), end: new Date('2026-12-07T10:30:00Z') }];
    expect(graphBusyRanges(timed('busy'), paris, window)).toEqual(range);
    expect(graphBusyRanges(timed('tentative'), paris, window)).toEqual(range);
    expect(graphBusyRanges(timed('oof'), paris, window)).toEqual(range);
    expect(graphBusyRanges(timed('free'), paris, window)).toEqual([]);
    expect(graphBusyRanges(timed('workingElsewhere'), paris, window)).toEqual([]);
    expect(graphBusyRanges(timed('unknown'), paris, window)).toEqual([]);
    expect(graphBusyRanges(timed('busy', { isCancelled: true }), paris, window)).toEqual([]);
  });

  it('reads a time given in an IANA zone (no Prefer header honoured) as that zone', () => {
    const event = timed('busy', {
      start: { dateTime: '2026-12-07T09:00:00.0000000', timeZone: 'Europe/Paris' },
      end: { dateTime: '2026-12-07T10:00:00.0000000', timeZone: 'Europe/Paris' },
    });
    expect(graphBusyRanges(event, paris, window)).toEqual([
      { start: new Date('2026-12-07T08:00:00Z'), end: new Date('2026-12-07T09:00:00Z') },
    ]);
  });

  it("reads an all-day event as the lawyer's whole day, only when the lawyer chose so", () => {
    const allDay = timed('busy', {
      isAllDay: true,
      start: { dateTime: '2026-12-08T00:00:00.0000000', timeZone: 'UTC' },
      end: { dateTime: '2026-12-09T00:00:00.0000000', timeZone: 'UTC' },
    });
    expect(graphBusyRanges(allDay, paris, window)).toEqual([
      { start: new Date('2026-12-07T23:00:00Z'), end: new Date('2026-12-08T23:00:00Z') },
    ]);
    expect(graphBusyRanges(allDay, { ...paris, allDayBlocks: false }, window)).toEqual([]);
  });

  it('ignores what lies outside the window', () => {
    const early = timed('busy', {
      start: { dateTime: '2026-11-07T09:00:00.0000000', timeZone: 'UTC' },
      end: { dateTime: '2026-11-07T10:00:00.0000000', timeZone: 'UTC' },
    });
    expect(graphBusyRanges(early, paris, window)).toEqual([]);
  });
});
