import type { Schemas } from '@rdv/api-client';
import { api, unwrap } from './client';
import { downloadFile } from './download';

/** GET /users/{id}/billing: plan, subscription, invoices, the firm printed on invoices. */
export type Billing = Schemas['BillingDto'];
export type BillingInvoice = Schemas['InvoiceListItemDto'];
export type BillingProfile = Schemas['BillingProfileDto'];

const path = (id: string) => ({ params: { path: { id } } });

export const billingApi = {
  get: (userId: string, signal?: AbortSignal) =>
    unwrap(api.GET('/api/v1/users/{id}/billing', { ...path(userId), signal })),
  checkout: (userId: string) => unwrap(api.POST('/api/v1/users/{id}/billing/checkout', path(userId))),
  paymentMethod: (userId: string) =>
    unwrap(api.POST('/api/v1/users/{id}/billing/payment-method', path(userId))),
  cancel: (userId: string) => unwrap(api.POST('/api/v1/users/{id}/billing/cancel', path(userId))),
  resume: (userId: string) => unwrap(api.POST('/api/v1/users/{id}/billing/resume', path(userId))),
  saveProfile: (userId: string, body: BillingProfile) =>
    unwrap(api.PUT('/api/v1/users/{id}/billing/profile', { ...path(userId), body })),
  /** The PDF comes with the session cookie (the area named by its header), then is handed to the browser as a download. */
  downloadPdf: (userId: string, invoice: BillingInvoice) =>
    downloadFile(`/api/v1/users/${userId}/billing/invoices/${invoice.id}/pdf`, `${invoice.number}.pdf`),
};
