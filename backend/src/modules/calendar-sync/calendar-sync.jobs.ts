import type { BookingNotificationEvent } from '../notifications';

/** Jobs of the `calendar-sync` queue (written through the outbox). */
export const SYNC_JOB = 'calendar.sync';
export const WRITE_BACK_JOB = 'appointment.write-back';

/** Appointment changes after which the lawyer's write-target calendar must be brought in line. */
export const WRITE_BACK_EVENTS: ReadonlySet<BookingNotificationEvent> = new Set([
  'created_by_user',
  'validated',
  'moved',
  'refused',
  'cancelled',
]);
