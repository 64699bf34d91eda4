import { Injectable, Logger } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { PaymentChanges } from '../payments';
import { BookingRefusal } from './booking-refusal';
import { BookingWrites } from './booking-writes';

/** What the client reads in the refusal mail when the professional never answered a paid request. */
export const UNANSWERED_REASON =
  'Votre demande est restée sans réponse : elle est annulée et votre paiement vous est intégralement rendu';

/**
 * A paid request the professional lets expire costs the client nothing (worker process, every 10 minutes): once the
 * meeting's hour comes, or before the card's authorisation would lapse (unless the card was saved to be charged at
 * validation), the request is refused in the client's favour through the booking's refusal path, exactly as if the
 * professional had refused it: refunded in full (the authorisation cancelled by the settlement job), the client
 * mailed, the calendar copy removed. Each one in its own booking transaction, agenda lock first: a validation
 * racing it either wins (and this skips it) or finds it refused.
 */
@Injectable()
export class UnansweredPaidRequests {
  private readonly logger = new Logger(UnansweredPaidRequests.name);

  constructor(
    private readonly writes: BookingWrites,
    private readonly refusal: BookingRefusal,
    private readonly payments: PaymentChanges,
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
    const due = await this.payments.unansweredPaidRequests(now);
    let count = 0;
    for (const appointmentId of due) {
      const refused = await this.writes.transaction(async (tx) => {
        // No account: the worker acts for the request's owner (as a signed link does).
        const record = await this.writes.ownedForUpdate(tx, undefined, appointmentId).catch(() => undefined);
        if (!record || record.status !== 'pending') return false;
        await this.refusal.refusePending(tx, appointmentId, UNANSWERED_REASON);
        return true;
      });
      if (refused) count += 1;
    }
    return count;
  }
}
