import { createEvent } from 'ics';
import type { OutgoingEvent } from './calendar-provider.port';

/**
 * The appointment as a calendar object stored in the lawyer's calendar (write-back). Same UID as the
 * confirmation mail's .ics, so a client that imported both sees one event. No METHOD: RFC 4791 forbids it
 * in stored calendar objects.
 */
export function outgoingEventIcs(event: OutgoingEvent): string {
  const { error, value } = createEvent({
    productId: '-//RDV Avocat//Synchronisation//FR',
    uid: event.uid,
    start: event.start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: event.end.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: event.title,
    description: event.description,
    location: event.location ?? undefined,
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
    lastModified: Date.now(),
  });
  if (error || !value) throw error ?? new Error('ics generation failed');
  return value.replace(/^METHOD:[^\r\n]*\r?\n/m, '');
}
