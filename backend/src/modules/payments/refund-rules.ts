/** How a paid appointment ended, for what the client gets back. */
export type AppointmentEnd = 'refused' | 'cancelled_by_professional' | 'cancelled_by_client';

/**
 * What the client is owed back, in cents. The client is never charged for a meeting that does not happen
 * through no fault of theirs (the professional refused or cancelled: everything back). A client who cancels
 * gets everything back until the motive's deadline (hours before the meeting), then the share the professional
 * chose: none, half or all.
 */
export function refundDue(
  payment: { amountCents: number; cancellationDeadlineHours: number; lateCancellationRefund: string },
  end: AppointmentEnd,
  startsAt: Date,
  now: Date,
): number {
  if (end !== 'cancelled_by_client') return payment.amountCents;
  const deadline = startsAt.getTime() - payment.cancellationDeadlineHours * 3_600_000;
  if (now.getTime() < deadline) return payment.amountCents;
  if (payment.lateCancellationRefund === 'all') return payment.amountCents;
  if (payment.lateCancellationRefund === 'half') return Math.floor(payment.amountCents / 2);
  return 0;
}
