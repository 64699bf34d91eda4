/** Outbox job (queue `notifications`) written by the booking module with every appointment state change. */
export const BOOKING_NOTIFICATION_JOB = 'booking.notification';

export type BookingNotificationEvent =
  | 'requested'
  | 'created_by_user'
  | 'validated'
  | 'refused'
  | 'cancelled'
  | 'moved'
  | 'reschedule_requested'
  | 'reschedule_refused'
  | 'availabilities_requested'
  | 'availabilities_submitted'
  | 'reminder';

export interface BookingNotificationPayload extends Record<string, unknown> {
  event: BookingNotificationEvent;
  appointmentId: string;
  /** refusal / cancellation reason */
  reason?: string | null;
  /** reschedule_requested / _refused: the start the client asked for (ISO) */
  proposedStart?: string;
  /** moved: the previous start (ISO) */
  previousStart?: string;
  /** availabilities_requested / _submitted: the professional's or attendee's message */
  message?: string | null;
  /** availabilities_submitted */
  availabilities?: { start: string; end: string }[];
  /** reminder: the start the reminder is about (a moved appointment gets a new reminder) */
  startsAt?: string;
}
