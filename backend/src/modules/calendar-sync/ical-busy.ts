import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import type { BusyOptions, BusyRange } from './calendar-provider.port';

/** Bounds on one event's expansion, so a FREQ=MINUTELY event cannot stall a sync. */
const MAX_OCCURRENCES_KEPT = 2_000;
const MAX_OCCURRENCES_WALKED = 100_000;
/** how far a moved occurrence (RECURRENCE-ID) may land from its original time and still be seen */
const MOVE_MARGIN_MS = 366 * 86_400_000;

export interface IcsBusy {
  uid: string | null;
  ranges: BusyRange[];
  /** the master event's SUMMARY (the first event's when there is no master), at most 200 characters */
  title: string | null;
}

/**
 * The busy times of one iCalendar object (one UID: a master event and its moved occurrences) over
 * [from, to). Recurrences are expanded by ical.js from the object's own VTIMEZONE, so a weekly 10:00
 * Europe/Paris event stays at 10:00 across the DST change whatever the server's TZ (rrule's tzid does not).
 * EXDATE removes an occurrence, RECURRENCE-ID moves one; TRANSPARENT and CANCELLED never block; all-day
 * events block the whole day in the professional's zone when they chose so.
 */
export function busyOfIcs(ics: string, from: Date, to: Date, options: BusyOptions): IcsBusy {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const vtimezone of calendar.getAllSubcomponents('vtimezone')) {
    const tzid = vtimezone.getFirstPropertyValue('tzid');
    if (typeof tzid === 'string' && !ICAL.TimezoneService.has(tzid)) ICAL.TimezoneService.register(vtimezone);
  }
  const vevents = calendar.getAllSubcomponents('vevent');
  const masters = vevents.filter((v) => !v.hasProperty('recurrence-id'));
  const exceptions = vevents.filter((v) => v.hasProperty('recurrence-id'));
  const uid = (vevents[0]?.getFirstPropertyValue('uid') as string | null | undefined) ?? null;
  const ranges: BusyRange[] = [];
  const fromMs = from.getTime();
  const toMs = to.getTime();
  const keep = (item: ICAL.Event, start: ICAL.Time, end: ICAL.Time) => {
    if (!blocks(item.component)) return;
    let range: BusyRange;
    if (start.isDate) {
      if (!options.allDayBlocks) return;
      range = { start: dayStart(start, options.zone), end: dayStart(end, options.zone) };
      if (range.end <= range.start) range.end = DateTime.fromJSDate(range.start).plus({ days: 1 }).toJSDate();
    } else {
      const zone = readingZone(item.component, options.zone);
      range = { start: instantOf(start, zone), end: instantOf(end, zone) };
    }
    if (range.end.getTime() > fromMs && range.start.getTime() < toMs && range.end > range.start)
      ranges.push(range);
  };

  for (const master of masters) {
    const event = new ICAL.Event(master);
    for (const exception of exceptions) event.relateException(exception);
    if (!event.isRecurring()) {
      keep(event, event.startDate, event.endDate);
      continue;
    }
    const iterator = event.iterator();
    let kept = 0;
    for (let i = 0, next = iterator.next(); next && i < MAX_OCCURRENCES_WALKED; i++, next = iterator.next()) {
      // Occurrences come in order of their original start; a moved one may land elsewhere, hence the margin.
      const original = instantOf(next, options.zone).getTime();
      if (original >= toMs + MOVE_MARGIN_MS) break;
      if (original < fromMs - MOVE_MARGIN_MS) continue;
      const details = event.getOccurrenceDetails(next);
      keep(details.item, details.startDate, details.endDate);
      if (++kept >= MAX_OCCURRENCES_KEPT) break;
    }
  }
  // A moved occurrence whose master is not in this object (some servers split them): it stands alone.
  if (masters.length === 0) {
    for (const exception of exceptions) {
      const event = new ICAL.Event(exception);
      keep(event, event.startDate, event.endDate);
    }
  }
  ranges.sort((a, b) => a.start.getTime() - b.start.getTime());
  const summary = (masters[0] ?? vevents[0])?.getFirstPropertyValue('summary');
  return {
    uid,
    ranges,
    title: typeof summary === 'string' && summary.trim() ? summary.trim().slice(0, 200) : null,
  };
}

function blocks(vevent: ICAL.Component): boolean {
  const transparency = String(vevent.getFirstPropertyValue('transp') ?? 'OPAQUE').toUpperCase();
  const status = String(vevent.getFirstPropertyValue('status') ?? '').toUpperCase();
  return transparency !== 'TRANSPARENT' && status !== 'CANCELLED';
}

/** A date-time as an instant: UTC and zones described in the object are exact; a floating time is read in `zone`. */
function instantOf(time: ICAL.Time, zone: string): Date {
  const tzid = time.zone?.tzid;
  if (tzid === 'UTC' || (tzid && tzid !== 'floating' && ICAL.TimezoneService.has(tzid))) {
    return new Date(time.toUnixTime() * 1000);
  }
  return localInstant(time, zone);
}

/**
 * The zone floating times of this event are read in: its DTSTART's TZID when that is an IANA name (many
 * clients send "Europe/Paris" without a VTIMEZONE), else the professional's zone.
 */
function readingZone(vevent: ICAL.Component, fallback: string): string {
  const tzid = vevent.getFirstProperty('dtstart')?.getParameter('tzid');
  return typeof tzid === 'string' && DateTime.local().setZone(tzid).isValid ? tzid : fallback;
}

function dayStart(time: ICAL.Time, zone: string): Date {
  return DateTime.fromObject({ year: time.year, month: time.month, day: time.day }, { zone }).toJSDate();
}

function localInstant(time: ICAL.Time, zone: string): Date {
  return DateTime.fromObject(
    {
      year: time.year,
      month: time.month,
      day: time.day,
      hour: time.hour,
      minute: time.minute,
      second: time.second,
    },
    { zone },
  ).toJSDate();
}
