import { Inject, Injectable, Logger } from '@nestjs/common';
import Stripe from 'stripe';
import type { DbOrTx } from '../../database/database.types';
import { lockAgenda } from '../appointments';
import { STRIPE } from '../billing';
import { WRITE_BACK_JOB } from '../calendar-sync';
import { BOOKING_NOTIFICATION_JOB } from '../notifications';
import { FeeNoteIssuer } from '../fee-notes';
import { OutboxService } from '../outbox';
import { CARD_DECLINED_JOB, CARD_DECLINED_REASON } from './card-declined.mail';
import { idOf, SETTLE_JOB } from './payment-jobs';
import { type PaymentRow, PaymentsRepository } from './payments.repository';

/** The credit note's reason, from what ended the appointment. */
const REFUND_REASON: Record<string, string> = {
  cancelled: 'Annulation du rendez-vous',
  refused: 'Demande refusée',
};

/**
 * A refund of a destination charge (the money went to the professional's connected account, less the platform's
 * commission) takes the refunded share back from the professional's transfer and gives back the same share of the
 * commission: the platform keeps no fee on what the client got back. Proportional, as the provider computes it.
 */
const GIVE_BACK_TRANSFER_AND_FEE = { reverse_transfer: true, refund_application_fee: true } as const;

const RELEASED_REASON = 'Paiement non effectué dans les 15 minutes : le créneau a été libéré';

/**
 * Moves a payment through its states, always with its row locked (and the agenda lock first when the
 * appointment changes), so the redirect, the webhook and the jobs may run in any order and any number of times:
 * each transition happens once. The provider's calls carry idempotency keys, so a job retried after a failed
 * commit repeats none of them.
 */
@Injectable()
export class PaymentSettlement {
  private readonly logger = new Logger(PaymentSettlement.name);

  constructor(
    private readonly repository: PaymentsRepository,
    private readonly outbox: OutboxService,
    private readonly feeNotes: FeeNoteIssuer,
    @Inject(STRIPE) private readonly stripe: Stripe | null,
  ) {}

  private client(): Stripe {
    if (!this.stripe) throw new Error('Stripe is not configured');
    return this.stripe;
  }

  /**
   * A Checkout session came back (return URL or webhook, whichever first). Paid while the slot was held: the
   * request goes to the professional, once. Paid after the hold ran out (or for an appointment gone meanwhile):
   * the authorisation is cancelled, the client is charged nothing.
   */
  async applySession(tx: DbOrTx, session: Stripe.Checkout.Session): Promise<PaymentRow | undefined> {
    const found = await this.repository.bySession(session.id, tx);
    const intentId = idOf(session.payment_intent);
    if (!found) {
      // Not ours (a hold whose booking failed): nothing is kept of the money.
      if (session.status === 'complete' && intentId) await this.voidIntent(intentId);
      return undefined;
    }
    await lockAgenda(tx, found.userId);
    const row = (await this.repository.lock(tx, found.appointmentId))!;
    if (session.status === 'expired') {
      if (row.status === 'awaiting_payment') await this.release(tx, row.appointmentId, false);
      return this.repository.byAppointment(row.appointmentId, tx);
    }
    if (session.status !== 'complete' || !intentId) return row;
    if (row.paymentIntentId === intentId) return row; // applied already
    const appointment = await this.repository.appointmentState(tx, row.appointmentId);
    const intent = await this.client().paymentIntents.retrieve(intentId);
    if (row.status === 'awaiting_payment' && appointment?.status === 'pending') {
      await this.repository.update(tx, row.appointmentId, {
        status: 'authorized',
        paymentIntentId: intentId,
        customerId: idOf(intent.customer),
        paymentMethodId: idOf(intent.payment_method),
        authorizedAt: new Date(),
        holdExpiresAt: null,
      });
      // Only now is the request the professional's to answer: the request mail and the calendar copy.
      await this.outbox.enqueue(tx, {
        queue: 'notifications',
        jobName: BOOKING_NOTIFICATION_JOB,
        payload: { event: 'requested', appointmentId: row.appointmentId },
      });
      await this.outbox.enqueue(tx, {
        queue: 'calendar-sync',
        jobName: WRITE_BACK_JOB,
        payload: { appointmentId: row.appointmentId },
      });
    } else {
      await this.voidIntent(intentId);
      await this.repository.update(tx, row.appointmentId, {
        status: 'refunded',
        paymentIntentId: intentId,
        refundDueCents: row.amountCents,
        refundedCents: row.amountCents,
        refundedAt: new Date(),
      });
    }
    return this.repository.byAppointment(row.appointmentId, tx);
  }

  /** The hold ran out without payment: the slot is offered again and the hosted page closed. */
  async release(tx: DbOrTx, appointmentId: string, lock = true): Promise<void> {
    if (lock) {
      const found = await this.repository.byAppointment(appointmentId, tx);
      if (!found) return;
      await lockAgenda(tx, found.userId);
    }
    const row = await this.repository.lock(tx, appointmentId);
    if (!row || row.status !== 'awaiting_payment') return;
    await this.repository.releaseAppointment(tx, appointmentId, RELEASED_REASON);
    await this.repository.update(tx, appointmentId, { status: 'expired', holdExpiresAt: null });
    if (row.checkoutSessionId) {
      try {
        await this.client().checkout.sessions.expire(row.checkoutSessionId, undefined, {
          idempotencyKey: `expire-${row.checkoutSessionId}`,
        });
      } catch (error) {
        // Already completed or expired: a payment that lands now finds the hold gone and is voided.
        this.logger.log(`checkout ${row.checkoutSessionId} not expired: ${(error as Error).message}`);
      }
    }
  }

  /** Makes the provider match what the appointment now owes: capture at validation, refunds when it ended. */
  async settle(tx: DbOrTx, appointmentId: string): Promise<void> {
    // The agenda lock first (as every change of an appointment): a refused card cancels the meeting.
    const found = await this.repository.byAppointment(appointmentId, tx);
    if (!found) return;
    await lockAgenda(tx, found.userId);
    const row = await this.repository.lock(tx, appointmentId);
    if (!row) return;
    const appointment = await this.repository.appointmentState(tx, appointmentId);
    if (row.status === 'awaiting_payment' && row.refundDueCents > 0)
      return this.release(tx, appointmentId, false);
    if (row.status === 'authorized') {
      const keep = row.amountCents - row.refundDueCents;
      if (appointment?.status === 'pending') return; // still awaiting the professional's answer
      if (keep === 0) {
        await this.voidIntent(row.paymentIntentId!);
        await this.repository.update(tx, appointmentId, {
          status: 'refunded',
          refundedCents: row.amountCents,
          refundedAt: new Date(),
        });
        return;
      }
      const charged = await this.charge(row, keep);
      if (!charged.ok) {
        await this.repository.update(tx, appointmentId, { status: 'failed', lastError: charged.error });
        if (charged.declined) await this.cardDeclined(tx, appointmentId);
        return;
      }
      await this.repository.update(tx, appointmentId, {
        status: keep === row.amountCents ? 'captured' : 'partially_refunded',
        paymentIntentId: charged.intentId,
        capturedAt: new Date(),
        refundedCents: row.amountCents - keep,
        ...(keep < row.amountCents ? { refundedAt: new Date() } : {}),
      });
      // The client's fee note for what was taken, in this transaction: no capture without its note.
      await this.feeNotes.feeNote(tx, appointmentId, keep);
      return;
    }
    if (
      (row.status === 'captured' || row.status === 'partially_refunded') &&
      row.refundDueCents > row.refundedCents
    ) {
      const amount = row.refundDueCents - row.refundedCents;
      await this.client().refunds.create(
        {
          payment_intent: row.paymentIntentId!,
          amount,
          ...(row.destinationAccountId ? GIVE_BACK_TRANSFER_AND_FEE : {}),
          metadata: { appointment_id: appointmentId },
        },
        { idempotencyKey: `refund-${appointmentId}-${row.refundDueCents}` },
      );
      await this.repository.update(tx, appointmentId, {
        status: row.refundDueCents === row.amountCents ? 'refunded' : 'partially_refunded',
        refundedCents: row.refundDueCents,
        refundedAt: new Date(),
      });
      await this.feeNotes.creditNote(
        tx,
        appointmentId,
        amount,
        REFUND_REASON[appointment?.status ?? ''] ?? 'Remboursement',
      );
    }
  }

  /**
   * Takes `amount` of an authorised payment: captured from the authorisation while it lasts; when it lapsed (a
   * meeting booked more than AUTHORISATION_DAYS ahead), charged off-session on the card saved with consent.
   */
  private async charge(
    row: PaymentRow,
    amount: number,
  ): Promise<{ ok: true; intentId: string } | { ok: false; error: string; declined?: boolean }> {
    const stripe = this.client();
    const intent = await stripe.paymentIntents.retrieve(row.paymentIntentId!);
    // The commission follows what is kept: a half refund keeps half of it.
    const fee = Math.round((row.applicationFeeCents * amount) / row.amountCents);
    const feeParam = row.destinationAccountId && fee > 0 ? { application_fee_amount: fee } : {};
    const destination = row.destinationAccountId
      ? { transfer_data: { destination: row.destinationAccountId }, ...feeParam }
      : {};
    if (intent.status === 'requires_capture') {
      await stripe.paymentIntents.capture(
        intent.id,
        { amount_to_capture: amount, ...feeParam },
        { idempotencyKey: `capture-${intent.id}-${amount}` },
      );
      return { ok: true, intentId: intent.id };
    }
    if (intent.status === 'succeeded') return { ok: true, intentId: intent.id };
    if (!row.chargeAtValidation || !row.customerId || !row.paymentMethodId)
      return { ok: false, error: `authorisation ${intent.status}` };
    try {
      const charged = await stripe.paymentIntents.create(
        {
          amount,
          currency: 'eur',
          customer: row.customerId,
          payment_method: row.paymentMethodId,
          off_session: true,
          confirm: true,
          ...destination,
          metadata: { appointment_id: row.appointmentId },
        },
        { idempotencyKey: `charge-${row.appointmentId}-${amount}` },
      );
      return { ok: true, intentId: charged.id };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError)
        return { ok: false, error: error.message, declined: true };
      throw error;
    }
  }

  /**
   * The saved card of a far meeting was refused when charged at validation: the meeting is not confirmed after
   * all (cancelled, the slot offered again, the calendar copy updated); the client and the professional are told.
   */
  private async cardDeclined(tx: DbOrTx, appointmentId: string): Promise<void> {
    if (!(await this.repository.cancelUnpaid(tx, appointmentId, CARD_DECLINED_REASON))) return;
    await this.outbox.enqueue(tx, {
      queue: 'notifications',
      jobName: CARD_DECLINED_JOB,
      payload: { appointmentId },
    });
    await this.outbox.enqueue(tx, {
      queue: 'calendar-sync',
      jobName: WRITE_BACK_JOB,
      payload: { appointmentId },
    });
  }

  /** Cancels an authorisation (nothing is charged); one already cancelled or lapsed is left as it is. */
  private async voidIntent(intentId: string): Promise<void> {
    const stripe = this.client();
    const intent = await stripe.paymentIntents.retrieve(intentId);
    if (intent.status === 'canceled') return;
    if (intent.status === 'succeeded') {
      await stripe.refunds.create(
        { payment_intent: intentId, ...(intent.transfer_data ? GIVE_BACK_TRANSFER_AND_FEE : {}) },
        { idempotencyKey: `void-refund-${intentId}` },
      );
      return;
    }
    await stripe.paymentIntents.cancel(intentId, undefined, { idempotencyKey: `void-${intentId}` });
  }

  /** Queues the settlement of an appointment whose state changed (in the transaction of the change). */
  enqueueSettle(tx: DbOrTx, appointmentId: string): Promise<number> {
    return this.outbox.enqueue(tx, {
      queue: 'notifications',
      jobName: SETTLE_JOB,
      payload: { appointmentId },
    });
  }
}
