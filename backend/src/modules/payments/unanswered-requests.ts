import { Injectable, Logger } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { Transactions } from '../../database/database.module';
import { lockAgenda } from '../appointments';
import { BOOKING_NOTIFICATION_JOB } from '../notifications';
import { OutboxService } from '../outbox';
import { AUTHORISATION_MS } from './payment-jobs';
import { PaymentSettlement } from './payment-settlement';
import { PaymentsRepository } from './payments.repository';

/** What the client reads in the refusal mail when the professional never answered a paid request. */
export const UNANSWERED_REASON =
  'Votre demande est restée sans réponse : elle est annulée et votre paiement vous est intégralement rendu';

/**
 * A paid request the professional lets expire costs the client nothing (worker process, every 10 minutes): once the
 * meeting's hour comes, or before the card's authorisation would lapse (unless the card was saved to be charged at
 * validation), the request is refused in the client's favour, the authorisation cancelled by the settlement job and
 * the client mailed, as if the professional had refused it. Each one in its own transaction, with the agenda lock
 * first: a validation racing it either wins (and this skips it) or finds it refused.
 */
@Injectable()
export class UnansweredPaidRequests {
  private readonly logger = new Logger(UnansweredPaidRequests.name);

  constructor(
    private readonly transactions: Transactions,
    private readonly repository: PaymentsRepository,
    private readonly settlement: PaymentSettlement,
    private readonly outbox: OutboxService,
  ) {}

  @Cron('45 */10 * * * *', { name: 'unanswered-paid-requests' })
  async tick(): Promise<void> {
    try {
      const count = await this.expire();
      if (count > 0) this.logger.log(`${count} unanswered paid request(s) refused and refunded`);
    } catch (error) {
      this.logger.warn(`unanswered paid requests scan failed: ${(error as Error).message}`);
    }
  }

  /** Refuses the paid requests left unanswered at `now`; returns how many. */
  async expire(now = new Date()): Promise<number> {
    const due = await this.repository.unansweredAuthorised(now, new Date(now.getTime() - AUTHORISATION_MS));
    let count = 0;
    for (const appointmentId of due) {
      const refused = await this.transactions.run(async (tx) => {
        const found = await this.repository.byAppointment(appointmentId, tx);
        if (!found) return false;
        await lockAgenda(tx, found.userId);
        const row = await this.repository.lock(tx, appointmentId);
        if (!row || row.status !== 'authorized') return false;
        if (!(await this.repository.refusePending(tx, appointmentId, UNANSWERED_REASON))) return false;
        await this.repository.update(tx, appointmentId, { refundDueCents: row.amountCents });
        await this.settlement.enqueueSettle(tx, appointmentId);
        await this.outbox.enqueue(tx, {
          queue: 'notifications',
          jobName: BOOKING_NOTIFICATION_JOB,
          payload: { event: 'refused', appointmentId, reason: UNANSWERED_REASON },
        });
        return true;
      });
      if (refused) count += 1;
    }
    return count;
  }
}
