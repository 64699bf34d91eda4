import { Injectable } from '@nestjs/common';
import type { DbOrTx } from '../../database/database.types';
import { PaymentChanges } from '../payments';
import { BookingRepository } from './booking.repository';
import { BookingWrites } from './booking-writes';

/**
 * Refusing a pending request, wherever the refusal comes from (the professional in the app or from the mail's
 * link, the worker when a paid request was left unanswered): the status and the reason the client reads, what
 * the payment owes back (everything, the worker refunds it), the client's mail and the calendar copy removed.
 * In the caller's transaction, agenda lock held, request checked pending.
 */
@Injectable()
export class BookingRefusal {
  constructor(
    private readonly repository: BookingRepository,
    private readonly writes: BookingWrites,
    private readonly payments: PaymentChanges,
  ) {}

  async refusePending(tx: DbOrTx, appointmentId: string, reason: string | null): Promise<void> {
    await this.repository.setStatus(tx, appointmentId, 'refused', { refusalReason: reason });
    await this.payments.afterChange(tx, appointmentId, 'refused');
    await this.writes.notify(tx, { event: 'refused', appointmentId, reason });
  }
}
