import { Inject, Injectable, Module, OnModuleInit } from '@nestjs/common';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { AuditModule } from '../audit';
import { NotificationsProcessor, NotificationsWorkerModule } from '../notifications';
import { OutboxModule } from '../outbox';
import { AdminBillingController } from './admin-billing.controller';
import { AdminBillingService } from './admin-billing.service';
import { BillingEvents, STRIPE_EVENT_JOB } from './billing-events';
import { BillingMails } from './billing-mails';
import { BillingController, StripeWebhookController } from './billing.controller';
import { BillingRepository } from './billing.repository';
import { BillingScheduler } from './billing.scheduler';
import { BillingService } from './billing.service';
import { EInvoiceTransmitter, LocalEInvoiceTransmitter } from './einvoice-transmitter';
import { InvoicesService } from './invoices.service';
import { STRIPE, stripeFromEnv } from './stripe.client';
import { SubscriptionSync } from './subscription-sync';

const stripeProvider = { provide: STRIPE, inject: [ENV], useFactory: (env: Env) => stripeFromEnv(env) };
const shared = [
  stripeProvider,
  BillingRepository,
  SubscriptionSync,
  InvoicesService,
  { provide: EInvoiceTransmitter, useClass: LocalEInvoiceTransmitter },
];

/** Subscriptions (Stripe), our invoices and credit notes, the console's billing pages. */
@Module({
  imports: [OutboxModule, AuditModule],
  controllers: [StripeWebhookController, BillingController, AdminBillingController],
  providers: [...shared, BillingService, AdminBillingService],
})
export class BillingModule {}

/** Registers the webhook events' job on the notifications queue. */
@Injectable()
export class BillingEventsJob implements OnModuleInit {
  constructor(
    private readonly processor: NotificationsProcessor,
    private readonly events: BillingEvents,
    @Inject(ENV) private readonly env: Env,
  ) {}

  onModuleInit(): void {
    void this.env;
    this.processor.register(STRIPE_EVENT_JOB, (tx, payload) =>
      this.events.process(tx, String(payload.eventId)),
    );
  }
}

/** Worker side: webhook events, the nightly reconciliation and dunning. Import only in WorkerModule. */
@Module({
  imports: [NotificationsWorkerModule],
  providers: [...shared, BillingEvents, BillingMails, BillingEventsJob, BillingScheduler],
  exports: [BillingScheduler, BillingEvents],
})
export class BillingWorkerModule {}
