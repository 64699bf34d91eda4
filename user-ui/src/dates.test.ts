import { describe, expect, it } from 'vitest';
import { formatRange, isoToZoned, zonedToIso } from './dates';

describe('Paris wall clock <-> ISO instants', () => {
  it('writes winter and summer times with their own offset', () => {
    expect(zonedToIso('2027-01-12', '11:00')).toBe('2027-01-12T11:00:00+01:00');
    expect(zonedToIso('2027-06-15', '14:30')).toBe('2027-06-15T14:30:00+02:00');
  });

  it('is right on both sides of the daylight-saving changes (last Sundays of March and October)', () => {
    expect(zonedToIso('2027-03-28', '01:30')).toBe('2027-03-28T01:30:00+01:00');
    expect(zonedToIso('2027-03-28', '03:30')).toBe('2027-03-28T03:30:00+02:00');
    expect(zonedToIso('2027-10-31', '04:00')).toBe('2027-10-31T04:00:00+01:00');
    // 02:30 does not exist on 28 March 2027 in Paris: it moves forward to 03:30 summer time.
    expect(zonedToIso('2027-03-28', '02:30')).toBe('2027-03-28T03:30:00+02:00');
  });

  it('reads an instant back on the Paris wall clock', () => {
    expect(isoToZoned('2026-12-08T09:00:00.000Z')).toEqual({ date: '2026-12-08', time: '10:00' });
    expect(isoToZoned('2027-06-30T22:30:00.000Z')).toEqual({ date: '2027-07-01', time: '00:30' });
  });

  it('formats a range in French', () => {
    expect(formatRange('2026-12-08T09:00:00.000Z', '2026-12-08T10:00:00.000Z')).toBe(
      'mardi 8 décembre 2026, 10:00 – 11:00',
    );
  });
});
