// Public surface of the billing module: other modules import from '../billing' only (eslint enforces it).
// Subscriptions through Stripe, our Factur-X invoices and credit notes, dunning and reconciliation.
export { BillingModule, BillingWorkerModule } from './billing.module';
export { BillingScheduler } from './billing.scheduler';
export { STRIPE, stripeFromEnv } from './stripe.client';
export { BillingEvents } from './billing-events';
export { crossIndustryInvoice } from './facturx-xml';
export { euros, frenchDate, type InvoiceParty } from './invoice-document';
export { sendPdf } from './billing.controller';
