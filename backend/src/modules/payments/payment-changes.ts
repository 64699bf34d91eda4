import { Injectable } from '@nestjs/common';
import type { DbOrTx } from '../../database/database.types';
import { AUTHORISATION_MS } from './payment-jobs';
import { PaymentSettlement } from './payment-settlement';
import { PaymentsRepository } from './payments.repository';
import { refundDue, type AppointmentEnd } from './refund-rules';

/**
 * What booking tells payments when an appointment changes, in both processes (the API's decisions and the
 * worker's expiry of unanswered requests go through the same booking path, hence the same refund).
 */
@Injectable()
export class PaymentChanges {
  constructor(
    private readonly repository: PaymentsRepository,
    private readonly settlement: PaymentSettlement,
  ) {}

  /**
   * In the transaction of the change: what the client is owed back grows to the rule's refund (never shrinks),
   * and the settlement job makes the provider match (capture, cancellation, refund).
   */
  async afterChange(tx: DbOrTx, appointmentId: string, change: AppointmentEnd | 'validated'): Promise<void> {
    const row = await this.repository.lock(tx, appointmentId);
    if (!row || row.legalAid || row.status === 'expired') return;
    if (change !== 'validated') {
      const state = await this.repository.appointmentState(tx, appointmentId);
      const due = refundDue(row, change, state?.startsAt ?? new Date(), new Date());
      if (due > row.refundDueCents) await this.repository.update(tx, appointmentId, { refundDueCents: due });
    }
    await this.settlement.enqueueSettle(tx, appointmentId);
  }

  /**
   * The paid requests left unanswered at `now`: the meeting's hour came, or the card's authorisation would lapse
   * (unless the card was saved to be charged at validation). Oldest meeting first, at most `limit`.
   */
  unansweredPaidRequests(now: Date, limit?: number): Promise<string[]> {
    return this.repository.unansweredAuthorised(now, new Date(now.getTime() - AUTHORISATION_MS), limit);
  }
}
