import { Inject, Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import { ConflictError, DomainError, NotFoundError } from '../../common/domain-error';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { Transactions } from '../../database/database.module';
import type { DbOrTx } from '../../database/database.types';
import { STRIPE } from '../billing';
import { OutboxService } from '../outbox';
import { ConnectedAccounts } from './connected-accounts';
import { parisMonthOf, parisMonthRange } from './paris-month';
import { AUTHORISATION_MS, HOLD_MS, RELEASE_HOLD_JOB } from './payment-jobs';
import { PaymentSettlement } from './payment-settlement';
import type { AppointmentEnd } from './refund-rules';
import { PaymentChanges } from './payment-changes';
import type { PaymentsPageDto } from './payments.dto';
import { type MotiveTerms, type PaymentRow, PaymentsRepository } from './payments.repository';

/** The payment row of an appointment being validated, locked by `lockForValidation` (none: not paid online). */
export interface PaymentToSettle {
  appointmentId: string;
  row: PaymentRow | undefined;
}

/** What booking a motive asks of the client before the appointment is written. */
export type PreparedPayment =
  | { kind: 'legal_aid'; terms: MotiveTerms & { priceCents: number } }
  | {
      kind: 'checkout';
      terms: MotiveTerms & { priceCents: number };
      sessionId: string;
      url: string;
      chargeAtValidation: boolean;
      /** The professional's connected account, and the platform's commission kept on the payment. */
      destination: string;
      feeCents: number;
    };

const paymentsUnavailable = () =>
  new DomainError(
    'PAYMENTS_UNAVAILABLE',
    'Le paiement en ligne est momentanément indisponible : réessayez dans quelques minutes',
    503,
  );

/**
 * Paid motives on the booking side: the hosted Checkout page opened before the slot is held, the payment row
 * written in the booking's transaction, the return from the hosted page, and what a change of the appointment
 * owes the client (settled by the worker).
 */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger(PaymentsService.name);

  constructor(
    private readonly repository: PaymentsRepository,
    private readonly settlement: PaymentSettlement,
    private readonly outbox: OutboxService,
    private readonly transactions: Transactions,
    private readonly accounts: ConnectedAccounts,
    private readonly changes: PaymentChanges,
    @Inject(STRIPE) private readonly stripe: Stripe | null,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /**
   * Before a booking is written: null for a free motive; legal aid declared to a professional who accepts it
   * books unpaid; otherwise a Checkout session (card authorised, captured at validation) that the client is
   * sent to once the slot is held.
   */
  async prepare(
    input: {
      userId: string;
      motiveId: string;
      refAppointment: string;
      startsAt: Date;
      clientEmail: string;
      legalAid: boolean;
    },
    known?: MotiveTerms | null,
  ): Promise<PreparedPayment | null> {
    // `known`: the caller read the motive's terms with its own statement (undefined: not read yet).
    const terms =
      known !== undefined
        ? (known ?? undefined)
        : await this.repository.motiveTerms(input.userId, input.motiveId);
    if (!terms || terms.paymentRule === 'free' || terms.priceCents === null) return null;
    const paid = { ...terms, priceCents: terms.priceCents };
    if (input.legalAid) {
      if (!terms.acceptsLegalAid)
        throw new DomainError(
          'LEGAL_AID_NOT_ACCEPTED',
          'Ce motif n’est pas proposé au titre de l’aide juridictionnelle : réservez sans la déclarer ou choisissez un autre motif',
          400,
        );
      return { kind: 'legal_aid', terms: paid };
    }
    if (!this.stripe) throw paymentsUnavailable();
    // The client pays the professional (a destination charge); the platform keeps its commission.
    const destination = await this.accounts.destination(input.userId).catch(() => {
      throw new DomainError(
        'PAYMENTS_NOT_ENABLED',
        'Ce professionnel ne peut pas encore encaisser en ligne : choisissez un autre motif ou réessayez plus tard',
        409,
      );
    });
    const feeCents = await this.accounts.applicationFee(paid.priceCents);
    const chargeAtValidation = input.startsAt.getTime() - Date.now() > AUTHORISATION_MS;
    const base = this.env.PUBLIC_URL.replace(/\/+$/, '');
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          // The provider's shortest session; our hold (HOLD_MS) is shorter and closes it (`release`).
          expires_at: Math.floor(Date.now() / 1000) + 30 * 60 + 60,
          client_reference_id: input.refAppointment,
          customer_email: input.clientEmail,
          ...(chargeAtValidation ? { customer_creation: 'always' as const } : {}),
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'eur',
                unit_amount: paid.priceCents,
                product_data: { name: terms.title },
              },
            },
          ],
          payment_intent_data: {
            capture_method: 'manual',
            transfer_data: { destination },
            ...(feeCents > 0 ? { application_fee_amount: feeCents } : {}),
            ...(chargeAtValidation ? { setup_future_usage: 'off_session' as const } : {}),
            metadata: { ref_appointment: input.refAppointment },
          },
          metadata: { ref_appointment: input.refAppointment },
          success_url: `${base}/paiement/retour?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${base}/appointments/${input.refAppointment}`,
          locale: 'fr',
        },
        { idempotencyKey: `checkout-${input.refAppointment}` },
      );
    } catch (error) {
      this.logger.warn(`checkout not opened: ${(error as Error).message}`);
      throw paymentsUnavailable();
    }
    return {
      kind: 'checkout',
      terms: paid,
      sessionId: session.id,
      url: session.url!,
      chargeAtValidation,
      destination,
      feeCents,
    };
  }

  /** In the booking's transaction: the payment row, and the job that releases the slot after the hold. */
  async record(tx: DbOrTx, appointmentId: string, userId: string, prepared: PreparedPayment): Promise<void> {
    const common = {
      appointmentId,
      userId,
      amountCents: prepared.terms.priceCents,
      cancellationDeadlineHours: prepared.terms.cancellationDeadlineHours,
      lateCancellationRefund: prepared.terms.lateCancellationRefund,
    };
    if (prepared.kind === 'legal_aid') {
      await this.repository.insert(tx, { ...common, status: 'legal_aid', legalAid: true });
      return;
    }
    const holdExpiresAt = new Date(Date.now() + HOLD_MS);
    await this.repository.insert(tx, {
      ...common,
      status: 'awaiting_payment',
      checkoutSessionId: prepared.sessionId,
      checkoutUrl: prepared.url,
      chargeAtValidation: prepared.chargeAtValidation,
      destinationAccountId: prepared.destination,
      applicationFeeCents: prepared.feeCents,
      holdExpiresAt,
    });
    await this.outbox.enqueue(tx, {
      queue: 'notifications',
      jobName: RELEASE_HOLD_JOB,
      payload: { appointmentId },
      runAt: holdExpiresAt,
    });
  }

  /** The booking was not written (slot taken meanwhile): the hosted page is closed. */
  async abandon(prepared: PreparedPayment | null): Promise<void> {
    if (prepared?.kind !== 'checkout' || !this.stripe) return;
    await this.stripe.checkout.sessions
      .expire(prepared.sessionId)
      .catch((error: Error) => this.logger.warn(`checkout not expired: ${error.message}`));
  }

  /** The client is back from the hosted page: applied at once, whether or not the webhook came first. */
  async returnFromCheckout(sessionId: string): Promise<{ refAppointment: string; status: string }> {
    if (!/^cs_[A-Za-z0-9_]{8,200}$/.test(sessionId))
      throw new NotFoundError('CHECKOUT_NOT_FOUND', 'Paiement introuvable');
    // Our own record first: a session we never opened is a 404 whether or not payments are configured.
    const row = await this.repository.bySession(sessionId);
    if (!row) throw new NotFoundError('CHECKOUT_NOT_FOUND', 'Paiement introuvable');
    if (!this.stripe) throw paymentsUnavailable();
    const session = await this.stripe.checkout.sessions.retrieve(sessionId);
    const applied = await this.transactions.run((tx) => this.settlement.applySession(tx, session));
    const ref = session.client_reference_id ?? String(session.metadata?.ref_appointment ?? '');
    return { refAppointment: ref, status: applied?.status ?? row.status };
  }

  async listForUser(userId: string): Promise<PaymentsPageDto> {
    const rows = await this.repository.listForUser(userId, 100);
    // The French month, as every figure of the page (not the server's UTC month).
    const month = parisMonthRange(parisMonthOf(new Date()));
    const monthNetCents = rows
      .filter((r) => r.capturedAt && r.capturedAt >= month.from && r.capturedAt < month.to)
      .reduce((sum, r) => sum + r.amountCents - r.refundedCents, 0);
    return {
      monthNetCents,
      data: rows.map((r) => ({
        appointmentId: r.appointmentId,
        refAppointment: r.refAppointment,
        title: r.title,
        // null once the client's account is gone (the payment stays in the books)
        client: [r.clientFirstName, r.clientLastName].filter(Boolean).join(' ') || null,
        start: r.startsAt.toISOString(),
        status: r.status,
        amountCents: r.amountCents,
        refundedCents: r.refundedCents,
        legalAid: r.legalAid,
        capturedAt: r.capturedAt?.toISOString() ?? null,
        refundedAt: r.refundedAt?.toISOString() ?? null,
        createdAt: r.createdAt.toISOString(),
      })),
    };
  }

  /** Validation waits for the payment: a held slot whose client is still on the hosted page is not a request yet. */
  /**
   * Before validating, under the agenda lock: refused while the client has not paid (or the payment failed).
   * Locks the payment row, if any, and returns it for `afterValidated` (one read for both).
   */
  async lockForValidation(tx: DbOrTx, appointmentId: string): Promise<PaymentToSettle> {
    const row = await this.repository.lock(tx, appointmentId);
    if (row?.status === 'awaiting_payment')
      throw new ConflictError(
        'PAYMENT_PENDING',
        'Le client n’a pas encore réglé ce rendez-vous : vous pourrez le valider une fois le paiement autorisé',
      );
    if (row?.status === 'failed')
      throw new ConflictError('PAYMENT_FAILED', 'Le paiement de ce rendez-vous a été refusé');
    return { appointmentId, row };
  }

  /** In the transaction that validated: the worker captures what `lockForValidation` locked (as `afterChange`). */
  async afterValidated(tx: DbOrTx, payment: PaymentToSettle): Promise<void> {
    const { row } = payment;
    if (!row || row.legalAid || row.status === 'expired') return;
    await this.settlement.enqueueSettle(tx, payment.appointmentId);
  }

  /**
   * In the transaction that validated, refused or cancelled a paid appointment (agenda lock held): what the
   * client is owed is decided now, by the rule accepted at booking; the worker then captures or refunds.
   */
  afterChange(tx: DbOrTx, appointmentId: string, change: AppointmentEnd | 'validated'): Promise<void> {
    return this.changes.afterChange(tx, appointmentId, change);
  }
}
