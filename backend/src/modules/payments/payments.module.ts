import { Injectable, Module, OnModuleInit } from '@nestjs/common';
import type Stripe from 'stripe';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { BillingEvents, BillingWorkerModule, STRIPE, stripeFromEnv } from '../billing';
import { FeeNoteIssuingModule } from '../fee-notes';
import { NotificationsProcessor, NotificationsWorkerModule } from '../notifications';
import { OutboxModule } from '../outbox';
import { AuditModule } from '../audit';
import { SiteConfigModule } from '../site-config';
import { AdminPayments } from './admin-payments';
import { CardDeclinedMails } from './card-declined.mail';
import {
  AdminPaymentAccountsController,
  AdminPaymentsController,
  ConnectController,
} from './connect.controller';
import { ConnectedAccounts, flagsOf } from './connected-accounts';
import { ConnectedAccountsRepository } from './connected-accounts.repository';
import { RELEASE_HOLD_JOB, SETTLE_JOB } from './payment-jobs';
import { PaymentSettlement } from './payment-settlement';
import { CheckoutReturnController, ProfessionalPaymentsController } from './payments.controller';
import { PaymentsRepository } from './payments.repository';
import { PaymentsService } from './payments.service';
import { PaymentChanges } from './payment-changes';

const stripeProvider = { provide: STRIPE, inject: [ENV], useFactory: (env: Env) => stripeFromEnv(env) };
const shared = [
  stripeProvider,
  PaymentsRepository,
  PaymentSettlement,
  PaymentChanges,
  ConnectedAccountsRepository,
];

/** Paid motives: Checkout at booking, the return from it, "Mes paiements"; booking calls PaymentsService. */
@Module({
  imports: [OutboxModule, FeeNoteIssuingModule, SiteConfigModule, AuditModule],
  controllers: [
    CheckoutReturnController,
    ProfessionalPaymentsController,
    ConnectController,
    AdminPaymentAccountsController,
    AdminPaymentsController,
  ],
  providers: [...shared, PaymentsService, ConnectedAccounts, AdminPayments],
  exports: [PaymentsService, ConnectedAccounts, PaymentChanges],
})
export class PaymentsModule {}

/**
 * Worker side: the hold's release (a delayed job queued with the booking), the settlement after a change
 * (capture, cancellation, refund) and the provider's events about Checkout sessions in payment mode, which
 * arrive on the billing webhook and are handed over here.
 */
@Injectable()
export class PaymentJobs implements OnModuleInit {
  constructor(
    private readonly processor: NotificationsProcessor,
    private readonly billingEvents: BillingEvents,
    private readonly settlement: PaymentSettlement,
    private readonly accounts: ConnectedAccountsRepository,
  ) {}

  onModuleInit(): void {
    this.processor.register(RELEASE_HOLD_JOB, (tx, payload) =>
      this.settlement.release(tx, String(payload.appointmentId)),
    );
    this.processor.register(SETTLE_JOB, (tx, payload) =>
      this.settlement.settle(tx, String(payload.appointmentId)),
    );
    const onSession = async (
      tx: Parameters<PaymentSettlement['applySession']>[0],
      object: Record<string, unknown>,
    ) => {
      if (object.mode !== 'payment') return false;
      await this.settlement.applySession(tx, object as unknown as Stripe.Checkout.Session);
      return true;
    };
    this.billingEvents.handOver('checkout.session.completed', onSession);
    this.billingEvents.handOver('checkout.session.expired', onSession);
    // A connected account's onboarding progressed (or the provider disabled it): its flags are copied.
    this.billingEvents.handOver('account.updated', (tx, object) =>
      typeof object.id === 'string'
        ? this.accounts.applyFlags(object.id, flagsOf(object as unknown as Stripe.Account), tx)
        : Promise.resolve(false),
    );
  }
}

@Module({
  imports: [NotificationsWorkerModule, BillingWorkerModule, OutboxModule, FeeNoteIssuingModule],
  providers: [...shared, PaymentJobs, CardDeclinedMails],
  // Booking's worker side refuses the unanswered paid requests through the booking path, which calls this.
  exports: [PaymentChanges],
})
export class PaymentsWorkerModule {}
