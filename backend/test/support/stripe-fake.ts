import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { ConnectFake, ConnectFakeContext, ConnectSeed } from './stripe-fake-connect.js';
import type { PaymentsFake, PaymentsFakeContext } from './stripe-fake-payments.js';

/**
 * A loopback fake of the part of the Stripe API the billing module calls, for the real `stripe` SDK
 * (pointed at it through its `host`, `port` and `protocol` options): customers, Checkout sessions in
 * subscription and setup mode, subscriptions, subscription schedules, invoices, payment methods; one-off payments
 * (payment mode, manual capture, PaymentIntents) live in stripe-fake-payments.ts. It serves a
 * hosted checkout page of its own, labelled "Simulation", whose form completes the session the way Stripe's
 * does (payment method attached, subscription created, first invoice paid or failed), and it sends signed
 * webhooks (the SDK's generateTestHeaderString) to the receiver it is given.
 *
 * Time is the fake's own clock (`advance`): renewals, the schedule's phase change and the retries of a
 * failed debit happen when the clock passes them. Failures come from the payment method: the test IBAN
 * FR8420041010050500013M02607 and the card 4000 0000 0000 0341 are refused, as in Stripe's test mode.
 * Webhooks can be held, duplicated and delivered in reverse order to play what Stripe does not promise.
 *
 * Erasable TypeScript only: the e2e stack and the demo run it with Node's type stripping
 * (scripts/stripe-fake.mjs); the backend tests import it.
 */
export interface StripeFakeOptions {
  /** The secret key the SDK must present (Authorization: Bearer). */
  secretKey: string;
  /** Secret of the webhook endpoint: every event is signed with it. */
  webhookSecret: string;
  /** Where events are POSTed (our /api/v1/billing/stripe/webhook); settable later with setWebhookUrl. */
  webhookUrl?: string;
  /** Price ids and their monthly amounts excluding VAT, in cents. */
  prices: { id: string; unitAmount: number; nickname: string }[];
  /** VAT rate applied on invoices, percent (20). */
  vatRate?: number;
  port?: number;
  /** Address written in hosted page URLs (default http://127.0.0.1:<port>). */
  publicUrl?: string;
  /**
   * One-off payments (`paymentsFake` of stripe-fake-payments.ts), passed in rather than imported: the demo runs
   * these files with Node's type stripping, which wants `.ts` import paths that the type checker refuses.
   */
  payments?: (context: PaymentsFakeContext) => PaymentsFake;
  /** Connected accounts, their onboarding page and payouts (`connectFake` of stripe-fake-connect.ts), likewise. */
  connect?: (context: ConnectFakeContext) => ConnectFake;
  /** What the fake knows from the start (the demo's seeded payment and connected account). */
  seed?: { connect?: ConnectSeed; paymentIntents?: Obj[] };
  /** Applies `seed.connect` (seedConnect of stripe-fake-connect.ts, passed in for the same reason). */
  seedConnect?: (
    fake: ConnectFake,
    ctx: Pick<ConnectFakeContext, 'accounts' | 'now'>,
    seed: ConnectSeed,
  ) => void;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Stripe's JSON objects, as loosely typed as the wire
type Obj = Record<string, any>;

export interface StripeFake {
  url: string;
  /** STRIPE_API_URL for the API under test. */
  apiUrl: string;
  setWebhookUrl(url: string): void;
  /** Completes a Checkout session as the hosted page's form does. */
  completeCheckout(
    sessionId: string,
    method: { type: 'sepa_debit' | 'card'; number?: string; name?: string },
  ): Promise<Obj>;
  /** Moves the fake's clock forward: renewals, phase changes and retries that fall due happen now. */
  advance(seconds: number): Promise<void>;
  now(): number;
  /** Makes a customer's payment method refuse (or accept again) the next debits. */
  setPaymentFails(paymentMethodId: string, fails: boolean): void;
  /** Hold events instead of delivering them; `release` sends the held ones (optionally reversed or twice). */
  holdWebhooks(): void;
  releaseWebhooks(options?: {
    reverse?: boolean;
    duplicate?: boolean;
    parallel?: boolean;
    only?: (event: Obj) => boolean;
  }): Promise<void>;
  /** Every delivery is sent twice from now on (true) or once (false). */
  duplicateWebhooks(on: boolean): void;
  /** Waits until every queued event has been answered by the receiver. */
  settle(): Promise<void>;
  resend(eventId: string): Promise<number>;
  events: Obj[];
  customers: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  schedules: Map<string, Obj>;
  invoices: Map<string, Obj>;
  sessions: Map<string, Obj>;
  paymentMethods: Map<string, Obj>;
  /** Debits of paid invoices and one-off payments (authorised, captured, cancelled). */
  paymentIntents: Map<string, Obj>;
  /** Refunds made through POST /v1/refunds, oldest first. */
  refunds: Obj[];
  /**
   * The platform's application fees given back by refunds made with `refund_application_fee` (Connect), oldest
   * first: each names its payment intent and refund, and the share of the fee refunded.
   */
  feeRefunds: Obj[];
  /** Connected accounts (Stripe Connect). */
  accounts: Map<string, Obj>;
  /** The Connect part, when the fake was started with one (onboarding, payouts). */
  connect: ConnectFake | undefined;
  /** Changes a subscription behind our back (for the reconciliation job): no webhook is sent. */
  tamper(subscriptionId: string, patch: Obj): void;
  stop(): Promise<void>;
}

/** Without the payments part: payment mode and PaymentIntents answer as an unknown request. */
const noPayments = (context: PaymentsFakeContext): PaymentsFake => ({
  createSession: () => context.invalid('payment mode is not simulated by this fake', 'mode'),
  complete: () => 'payment mode is not simulated by this fake',
  expireDue: () => undefined,
  route: () => undefined,
  describe: () => ({ title: '', amount: '', note: '', button: '' }),
});

/** A refused card on the hosted page of a payment session (the session stays open). */
class CardDeclined extends Error {}

/** Stripe's test IBANs and cards that are refused. */
const FAILING = new Set(['FR8420041010050500013M02607', '4000000000000341', '4000000000000002']);
const DEFAULT_IBAN = 'FR1420041010050500013M02606';
const DEFAULT_CARD = '4242424242424242';

/** Stripe's form encoding (a[b][0][c]=v) back into objects and arrays. */
export function parseStripeForm(body: string): Obj {
  const out: Obj = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: Obj = out;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      if (last) node[part] = value;
      else {
        const nextIsIndex = /^\d+$/.test(parts[index + 1]);
        node[part] ??= nextIsIndex ? [] : {};
        node = node[part];
      }
    });
  }
  return out;
}

function addMonths(unix: number, months: number): number {
  const date = new Date(unix * 1000);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return Math.floor(date.getTime() / 1000);
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** Days between the attempts of a failed invoice (Stripe's retry schedule, as configured in its dashboard). */
const RETRY_DAYS = [3, 5, 7];

export async function startStripeFake(options: StripeFakeOptions): Promise<StripeFake> {
  const vatRate = options.vatRate ?? 20;
  let offset = 0;
  const now = () => Math.floor(Date.now() / 1000) + offset;
  let seq = 0;
  const id = (prefix: string) =>
    `${prefix}_fake${(++seq).toString(36).padStart(4, '0')}${randomBytes(6).toString('hex')}`;
  const prices = new Map(
    options.prices.map((p) => [
      p.id,
      {
        id: p.id,
        object: 'price',
        active: true,
        currency: 'eur',
        nickname: p.nickname,
        unit_amount: p.unitAmount,
        type: 'recurring',
        recurring: { interval: 'month', interval_count: 1 },
        tax_behavior: 'exclusive',
        product: `prod_${p.id}`,
      } as Obj,
    ]),
  );
  const customers = new Map<string, Obj>();
  const paymentMethods = new Map<string, Obj>();
  const sessions = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const schedules = new Map<string, Obj>();
  const invoices = new Map<string, Obj>();
  /** The debit behind each paid invoice (what a refund goes back through), and the refunds made. */
  const paymentIntents = new Map<string, Obj>();
  const accounts = new Map<string, Obj>();
  const invoicePayments: Obj[] = [];
  const refunds: Obj[] = [];
  const feeRefunds: Obj[] = [];
  const events: Obj[] = [];
  const failing = new Set<string>();
  let webhookUrl = options.webhookUrl;
  let holding = false;
  let duplicate = false;
  const held: Obj[] = [];
  let chain: Promise<void> = Promise.resolve();
  let baseUrl = '';

  const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

  async function post(event: Obj): Promise<number> {
    if (!webhookUrl) return 0;
    const payload = JSON.stringify(event);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret });
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        const response = await fetch(webhookUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'stripe-signature': header,
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          },
          body: payload,
          signal: AbortSignal.timeout(10_000),
        });
        await response.arrayBuffer();
        if (response.ok) return response.status;
      } catch {
        // receiver down: Stripe retries later
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1)));
    }
    return 0;
  }

  function deliver(list: Obj[]): void {
    const batch = [...list];
    chain = chain.then(async () => {
      for (const event of batch) {
        await post(event);
        if (duplicate) await post(event);
      }
    });
  }

  function emit(type: string, object: Obj, previous?: Obj, account?: string): Obj {
    const event = {
      id: id('evt'),
      ...(account ? { account } : {}),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: clone(object), ...(previous ? { previous_attributes: previous } : {}) },
    };
    events.push(event);
    if (holding) held.push(event);
    else deliver([event]);
    return event;
  }

  function priceAt(subscription: Obj, periodStart: number): Obj {
    const schedule = subscription.schedule ? schedules.get(subscription.schedule) : undefined;
    if (schedule) {
      const phase =
        schedule.phases.find(
          (p: Obj) => periodStart >= p.start_date && (p.end_date == null || periodStart < p.end_date),
        ) ?? schedule.phases[schedule.phases.length - 1];
      return prices.get(phase.items[0].price)!;
    }
    return subscription.items.data[0].price;
  }

  function invoiceFor(subscription: Obj, reason: string): Obj {
    const item = subscription.items.data[0];
    const price = item.price;
    const subtotal = price.unit_amount * item.quantity;
    const tax = Math.round((subtotal * vatRate) / 100);
    const invoice: Obj = {
      id: id('in'),
      object: 'invoice',
      customer: subscription.customer,
      currency: 'eur',
      status: 'open',
      billing_reason: reason,
      collection_method: 'charge_automatically',
      created: now(),
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      subtotal,
      total_excluding_tax: subtotal,
      total_taxes: [{ amount: tax, tax_behavior: 'exclusive', taxability_reason: 'standard_rated' }],
      total: subtotal + tax,
      amount_due: subtotal + tax,
      amount_paid: 0,
      amount_remaining: subtotal + tax,
      attempt_count: 0,
      attempted: false,
      next_payment_attempt: now(),
      number: null,
      hosted_invoice_url: null,
      default_payment_method: null,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata ?? {} },
        quote_details: null,
      },
      lines: {
        object: 'list',
        has_more: false,
        url: '/v1/invoices/lines',
        data: [
          {
            id: id('il'),
            object: 'line_item',
            amount: subtotal,
            currency: 'eur',
            description: `${item.quantity} × ${price.nickname}`,
            quantity: item.quantity,
            period: { start: item.current_period_start, end: item.current_period_end },
            pricing: {
              type: 'price_details',
              price_details: { price: price.id, product: price.product },
              unit_amount_decimal: String(price.unit_amount),
            },
          },
        ],
      },
      status_transitions: {
        finalized_at: now(),
        paid_at: null,
        voided_at: null,
        marked_uncollectible_at: null,
      },
      metadata: {},
    };
    invoices.set(invoice.id, invoice);
    emit('invoice.created', invoice);
    emit('invoice.finalized', invoice);
    return invoice;
  }

  function setSubscriptionStatus(subscription: Obj, status: string): void {
    if (subscription.status === status) return;
    const previous = { status: subscription.status };
    subscription.status = status;
    emit('customer.subscription.updated', subscription, previous);
  }

  /** One debit of an open invoice with the customer's default payment method. */
  function attempt(invoice: Obj): void {
    const subscription = subscriptions.get(invoice.parent.subscription_details.subscription)!;
    const customer = customers.get(invoice.customer)!;
    const pm = subscription.default_payment_method ?? customer.invoice_settings.default_payment_method;
    invoice.attempt_count += 1;
    invoice.attempted = true;
    if (!pm || failing.has(pm)) {
      const retry = RETRY_DAYS[invoice.attempt_count - 1];
      invoice.next_payment_attempt = retry === undefined ? null : now() + retry * 86_400;
      invoice.last_finalization_error = null;
      emit('invoice.payment_failed', invoice);
      if (invoice.billing_reason !== 'subscription_create') setSubscriptionStatus(subscription, 'past_due');
      else setSubscriptionStatus(subscription, 'incomplete');
      return;
    }
    const intent = {
      id: id('pi'),
      object: 'payment_intent',
      amount: invoice.amount_due,
      amount_received: invoice.amount_due,
      currency: 'eur',
      customer: invoice.customer,
      payment_method: pm,
      status: 'succeeded',
      created: now(),
    };
    paymentIntents.set(intent.id, intent);
    invoicePayments.push({
      id: id('inpay'),
      object: 'invoice_payment',
      invoice: invoice.id,
      amount_paid: invoice.amount_due,
      currency: 'eur',
      is_default: true,
      status: 'paid',
      payment: { type: 'payment_intent', payment_intent: intent.id },
      created: now(),
    });
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.next_payment_attempt = null;
    invoice.default_payment_method = pm;
    invoice.status_transitions.paid_at = now();
    emit('invoice.paid', invoice);
    emit('invoice.payment_succeeded', invoice);
    const stillOpen = [...invoices.values()].some(
      (other) =>
        other.status === 'open' && other.parent.subscription_details.subscription === subscription.id,
    );
    if (!stillOpen) setSubscriptionStatus(subscription, 'active');
  }

  function renew(subscription: Obj): void {
    const item = subscription.items.data[0];
    const start = item.current_period_end;
    if (subscription.cancel_at_period_end) {
      subscription.status = 'canceled';
      subscription.canceled_at = start;
      subscription.ended_at = start;
      emit('customer.subscription.deleted', subscription);
      if (subscription.schedule) {
        const schedule = schedules.get(subscription.schedule)!;
        schedule.status = 'canceled';
        emit('subscription_schedule.canceled', schedule);
      }
      return;
    }
    const price = priceAt(subscription, start);
    const previous: Obj = { items: clone(subscription.items) };
    item.current_period_start = start;
    // Stripe counts every period from the billing cycle anchor: a subscription taken on the 29th renews on
    // 28 February and back on the 29th in March, not on the 28th forever after.
    let cycles = 1;
    while (addMonths(subscription.billing_cycle_anchor, cycles) <= start) cycles += 1;
    item.current_period_end = addMonths(subscription.billing_cycle_anchor, cycles);
    if (price.id !== item.price.id) {
      item.price = price;
      item.plan = { id: price.id, amount: price.unit_amount, interval: 'month', currency: 'eur' };
      const schedule = schedules.get(subscription.schedule)!;
      const phase = schedule.phases.find((p: Obj) => p.items[0].price === price.id)!;
      schedule.current_phase = { start_date: phase.start_date, end_date: phase.end_date };
      emit('subscription_schedule.updated', schedule);
    }
    emit('customer.subscription.updated', subscription, previous);
    attempt(invoiceFor(subscription, 'subscription_cycle'));
  }

  async function advance(seconds: number): Promise<void> {
    const target = now() + seconds;
    // Step through due moments in order, so a renewal and a retry on different days happen in sequence.
    for (;;) {
      const due: { at: number; run: () => void }[] = [];
      for (const subscription of subscriptions.values()) {
        if (!['active', 'past_due', 'trialing'].includes(subscription.status)) continue;
        const end = subscription.items.data[0].current_period_end;
        if (end <= target) due.push({ at: end, run: () => renew(subscription) });
      }
      for (const invoice of invoices.values()) {
        if (
          invoice.status === 'open' &&
          invoice.attempted &&
          invoice.next_payment_attempt &&
          invoice.next_payment_attempt <= target
        )
          due.push({ at: invoice.next_payment_attempt, run: () => attempt(invoice) });
      }
      if (due.length === 0) break;
      due.sort((a, b) => a.at - b.at);
      offset += Math.max(0, due[0].at - now());
      due[0].run();
    }
    offset += Math.max(0, target - now());
    payments.expireDue();
  }

  function newPaymentMethod(
    customerId: string | null,
    method: { type: string; number?: string; name?: string },
  ): Obj {
    const number = (method.number ?? (method.type === 'card' ? DEFAULT_CARD : DEFAULT_IBAN))
      .replace(/\s+/g, '')
      .toUpperCase();
    const pm: Obj = {
      id: id('pm'),
      object: 'payment_method',
      type: method.type,
      customer: customerId,
      created: now(),
      billing_details: {
        name: method.name ?? null,
        email: (customerId && customers.get(customerId)?.email) ?? null,
      },
      ...(method.type === 'card'
        ? {
            card: {
              brand: number.startsWith('5') ? 'mastercard' : 'visa',
              last4: number.slice(-4),
              exp_month: 12,
              exp_year: 2030,
              country: 'FR',
            },
          }
        : {
            sepa_debit: {
              bank_code: number.slice(4, 9),
              branch_code: number.slice(9, 14),
              country: number.slice(0, 2),
              last4: number.slice(-4),
              fingerprint: randomBytes(8).toString('hex'),
              generated_from: { charge: null, setup_attempt: null },
            },
          }),
      metadata: {},
    };
    paymentMethods.set(pm.id, pm);
    if (FAILING.has(number)) failing.add(pm.id);
    emit('payment_method.attached', pm);
    return pm;
  }

  async function completeCheckout(
    sessionId: string,
    method: { type: 'sepa_debit' | 'card'; number?: string; name?: string },
  ): Promise<Obj> {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`No such checkout session: ${sessionId}`);
    if (session.status !== 'open') return session;
    if (!session.payment_method_types.includes(method.type)) throw new Error(`${method.type} not allowed`);
    if (session.mode === 'payment') {
      const refused = payments.complete(session, method);
      if (refused) throw new CardDeclined(refused);
      session.status = 'complete';
      emit('checkout.session.completed', session);
      return session;
    }
    const customer = customers.get(session.customer)!;
    const pm = newPaymentMethod(customer.id, method);
    if (session.mode === 'setup') {
      const previous = { invoice_settings: clone(customer.invoice_settings) };
      customer.invoice_settings.default_payment_method = pm.id;
      emit('customer.updated', customer, previous);
      const target =
        session.setup_intent_data?.metadata?.subscription_id ?? session.metadata?.subscription_id;
      if (target && subscriptions.has(target)) {
        const subscription = subscriptions.get(target)!;
        subscription.default_payment_method = pm.id;
        emit('customer.subscription.updated', subscription, { default_payment_method: null });
      }
      session.setup_intent = id('seti');
    } else {
      customer.invoice_settings.default_payment_method = pm.id;
      const start = now();
      const price = prices.get(session.line_items[0].price)!;
      const subscription: Obj = {
        id: id('sub'),
        object: 'subscription',
        customer: customer.id,
        status: 'incomplete',
        currency: 'eur',
        collection_method: 'charge_automatically',
        created: start,
        start_date: start,
        billing_cycle_anchor: start,
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        default_payment_method: pm.id,
        schedule: null,
        latest_invoice: null,
        metadata: { ...(session.subscription_data?.metadata ?? {}) },
        items: {
          object: 'list',
          data: [
            {
              id: id('si'),
              object: 'subscription_item',
              price,
              plan: { id: price.id, amount: price.unit_amount, interval: 'month', currency: 'eur' },
              quantity: Number(session.line_items[0].quantity ?? 1),
              current_period_start: start,
              current_period_end: addMonths(start, 1),
            },
          ],
        },
      };
      subscriptions.set(subscription.id, subscription);
      emit('customer.subscription.created', subscription);
      const invoice = invoiceFor(subscription, 'subscription_create');
      subscription.latest_invoice = invoice.id;
      attempt(invoice);
      session.subscription = subscription.id;
      session.invoice = invoice.id;
      session.payment_status = invoice.status === 'paid' ? 'paid' : 'unpaid';
    }
    session.status = 'complete';
    emit('checkout.session.completed', session);
    return session;
  }

  // ---- HTTP -----------------------------------------------------------------------------------------
  const list = (data: Obj[], url: string) => ({ object: 'list', data, has_more: false, url });
  const notFound = (kind: string, key: string) =>
    [
      404,
      {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such ${kind}: '${key}'`,
          param: 'id',
        },
      },
    ] as const;
  const invalid = (message: string, param?: string) =>
    [400, { error: { type: 'invalid_request_error', message, param } }] as const;
  const payments = (options.payments ?? noPayments)({
    id,
    now,
    emit,
    baseUrl: () => baseUrl,
    customers,
    paymentMethods,
    sessions,
    paymentIntents,
    accounts,
    failing,
    newPaymentMethod,
    invalid,
    notFound,
  });
  const connect = options.connect?.({ id, now, emit, baseUrl: () => baseUrl, accounts, invalid, notFound });
  if (connect && options.seed?.connect)
    options.seedConnect?.(connect, { accounts, now }, options.seed.connect);
  for (const intent of options.seed?.paymentIntents ?? [])
    paymentIntents.set(intent.id, { object: 'payment_intent', created: now(), metadata: {}, ...intent });

  function expand(object: Obj, paths: string[] | undefined): Obj {
    const copy = clone(object);
    for (const path of paths ?? []) {
      const keys = path.split('.');
      let node: Obj | undefined = copy;
      for (let i = 0; i < keys.length - 1 && node; i++) node = node[keys[i]];
      const last = keys[keys.length - 1];
      const value = node?.[last];
      if (typeof value !== 'string') continue;
      const source = value.startsWith('pm_')
        ? paymentMethods
        : value.startsWith('in_')
          ? invoices
          : value.startsWith('sub_sched_')
            ? schedules
            : value.startsWith('sub_')
              ? subscriptions
              : value.startsWith('cus_')
                ? customers
                : undefined;
      const found = source?.get(value);
      if (found && node) node[last] = clone(found);
    }
    return copy;
  }

  function api(
    method: string,
    pathname: string,
    params: Obj,
    query: URLSearchParams,
    stripeAccount?: string,
  ): readonly [number, Obj] {
    const parts = pathname.split('/').filter(Boolean).slice(1); // drop v1
    const [resource, key, action] = parts;
    const expansions = (params.expand as string[] | undefined) ?? query.getAll('expand[]');
    const routed =
      payments.route(method, parts, params) ?? connect?.route(method, parts, params, stripeAccount);
    if (routed) return routed;
    switch (
      `${method} ${resource}${key ? (resource === 'checkout' ? '/' + key + (action ? '/:id' : '') : '/:id') : ''}${action && resource !== 'checkout' ? '/' + action : ''}`
    ) {
      case 'POST customers': {
        const customer = {
          id: id('cus'),
          object: 'customer',
          created: now(),
          email: params.email ?? null,
          name: params.name ?? null,
          address: params.address ?? null,
          metadata: params.metadata ?? {},
          invoice_settings: { default_payment_method: null },
        };
        customers.set(customer.id, customer);
        emit('customer.created', customer);
        return [200, customer];
      }
      case 'GET customers/:id': {
        const customer = customers.get(key);
        return customer ? [200, expand(customer, expansions)] : notFound('customer', key);
      }
      case 'POST customers/:id': {
        const customer = customers.get(key);
        if (!customer) return notFound('customer', key);
        for (const field of ['email', 'name', 'address', 'metadata'])
          if (params[field] !== undefined) customer[field] = params[field];
        if (params.invoice_settings?.default_payment_method)
          customer.invoice_settings.default_payment_method = params.invoice_settings.default_payment_method;
        emit('customer.updated', customer);
        return [200, customer];
      }
      case 'POST checkout/sessions': {
        const mode = params.mode;
        if (mode === 'payment') return payments.createSession(params);
        if (mode !== 'subscription' && mode !== 'setup')
          return invalid('mode must be subscription or setup', 'mode');
        if (!params.customer || !customers.has(params.customer))
          return notFound('customer', String(params.customer));
        if (!params.success_url) return invalid('Missing required param: success_url.', 'success_url');
        const lineItems = (params.line_items ?? []) as Obj[];
        if (mode === 'subscription' && (lineItems.length !== 1 || !prices.has(lineItems[0].price)))
          return invalid(`No such price: '${lineItems[0]?.price}'`, 'line_items[0][price]');
        const session = {
          id: id('cs_test'),
          object: 'checkout.session',
          mode,
          status: 'open',
          created: now(),
          expires_at: now() + 86_400,
          customer: params.customer,
          client_reference_id: params.client_reference_id ?? null,
          currency: 'eur',
          payment_method_types: ((params.allowed_payment_method_types ?? params.payment_method_types) as
            string[] | undefined) ?? ['card'],
          payment_status: mode === 'setup' ? 'no_payment_required' : 'unpaid',
          line_items: lineItems,
          success_url: params.success_url,
          cancel_url: params.cancel_url ?? null,
          subscription: null,
          invoice: null,
          setup_intent: null,
          subscription_data: params.subscription_data ?? null,
          setup_intent_data: params.setup_intent_data ?? null,
          metadata: params.metadata ?? {},
          locale: params.locale ?? null,
          url: '',
        };
        session.url = `${baseUrl}/checkout/${session.id}`;
        sessions.set(session.id, session);
        return [200, session];
      }
      case 'GET checkout/sessions/:id': {
        const session = sessions.get(action);
        return session ? [200, expand(session, expansions)] : notFound('checkout session', action);
      }
      case 'GET subscriptions': {
        const customer = query.get('customer');
        return [
          200,
          list(
            [...subscriptions.values()]
              .filter((s) => !customer || s.customer === customer)
              .map((s) => expand(s, expansions)),
            '/v1/subscriptions',
          ),
        ];
      }
      case 'GET subscriptions/:id': {
        const subscription = subscriptions.get(key);
        return subscription ? [200, expand(subscription, expansions)] : notFound('subscription', key);
      }
      case 'POST subscriptions/:id': {
        const subscription = subscriptions.get(key);
        if (!subscription) return notFound('subscription', key);
        if (subscription.status === 'canceled')
          return invalid('A canceled subscription can only update its cancellation_details and metadata.');
        const previous: Obj = {};
        if (params.cancel_at_period_end !== undefined) {
          previous.cancel_at_period_end = subscription.cancel_at_period_end;
          subscription.cancel_at_period_end = params.cancel_at_period_end === 'true';
          subscription.cancel_at = subscription.cancel_at_period_end
            ? subscription.items.data[0].current_period_end
            : null;
        }
        if (params.default_payment_method) {
          previous.default_payment_method = subscription.default_payment_method;
          subscription.default_payment_method = params.default_payment_method;
        }
        if (params.metadata) subscription.metadata = { ...subscription.metadata, ...params.metadata };
        emit('customer.subscription.updated', subscription, previous);
        return [200, expand(subscription, expansions)];
      }
      case 'DELETE subscriptions/:id': {
        const subscription = subscriptions.get(key);
        if (!subscription) return notFound('subscription', key);
        subscription.status = 'canceled';
        subscription.canceled_at = now();
        subscription.ended_at = now();
        emit('customer.subscription.deleted', subscription);
        return [200, subscription];
      }
      case 'POST subscription_schedules': {
        const subscription = subscriptions.get(params.from_subscription);
        if (!subscription) return notFound('subscription', String(params.from_subscription));
        if (subscription.schedule)
          return invalid(
            'You cannot migrate a subscription that is already attached to a schedule.',
            'from_subscription',
          );
        const item = subscription.items.data[0];
        const schedule: Obj = {
          id: id('sub_sched'),
          object: 'subscription_schedule',
          customer: subscription.customer,
          subscription: subscription.id,
          status: 'active',
          end_behavior: 'release',
          created: now(),
          current_phase: { start_date: item.current_period_start, end_date: item.current_period_end },
          phases: [
            {
              start_date: item.current_period_start,
              end_date: item.current_period_end,
              items: [{ price: item.price.id, quantity: item.quantity }],
            },
          ],
          metadata: {},
        };
        schedules.set(schedule.id, schedule);
        subscription.schedule = schedule.id;
        emit('subscription_schedule.created', schedule);
        return [200, schedule];
      }
      case 'GET subscription_schedules/:id': {
        const schedule = schedules.get(key);
        return schedule ? [200, expand(schedule, expansions)] : notFound('subscription schedule', key);
      }
      case 'POST subscription_schedules/:id': {
        const schedule = schedules.get(key);
        if (!schedule) return notFound('subscription schedule', key);
        if (params.phases) {
          const phases: Obj[] = [];
          let start = Number(params.phases[0].start_date ?? schedule.phases[0].start_date);
          for (const phase of params.phases as Obj[]) {
            const price = phase.items?.[0]?.price;
            if (!prices.has(price)) return invalid(`No such price: '${price}'`, 'phases[items][price]');
            const months = phase.duration
              ? Number(phase.duration.interval_count)
              : phase.iterations
                ? Number(phase.iterations)
                : undefined;
            const end = phase.end_date ? Number(phase.end_date) : months ? addMonths(start, months) : null;
            phases.push({
              start_date: start,
              end_date: end,
              items: [{ price, quantity: Number(phase.items[0].quantity ?? 1) }],
            });
            if (end) start = end;
          }
          schedule.phases = phases;
          const current =
            phases.find((p) => now() >= p.start_date && (p.end_date == null || now() < p.end_date)) ??
            phases[0];
          schedule.current_phase = { start_date: current.start_date, end_date: current.end_date };
        }
        if (params.end_behavior) schedule.end_behavior = params.end_behavior;
        if (params.metadata) schedule.metadata = { ...schedule.metadata, ...params.metadata };
        emit('subscription_schedule.updated', schedule);
        return [200, schedule];
      }
      case 'GET invoices': {
        const subscription = query.get('subscription');
        const customer = query.get('customer');
        const status = query.get('status');
        const data = [...invoices.values()]
          .filter(
            (i) =>
              (!subscription || i.parent.subscription_details.subscription === subscription) &&
              (!customer || i.customer === customer) &&
              (!status || i.status === status),
          )
          .sort((a, b) => b.created - a.created);
        return [200, list(data, '/v1/invoices')];
      }
      case 'GET invoices/:id': {
        const invoice = invoices.get(key);
        return invoice ? [200, expand(invoice, expansions)] : notFound('invoice', key);
      }
      case 'POST invoices/:id/pay': {
        const invoice = invoices.get(key);
        if (!invoice) return notFound('invoice', key);
        if (invoice.status !== 'open') return invalid('Invoice is already paid');
        attempt(invoice);
        return invoice.status === 'paid'
          ? [200, invoice]
          : [402, { error: { type: 'card_error', code: 'payment_failed', message: 'The payment failed.' } }];
      }
      case 'GET invoice_payments': {
        const invoice = query.get('invoice');
        const status = query.get('status');
        const data = invoicePayments.filter(
          (p) => (!invoice || p.invoice === invoice) && (!status || p.status === status),
        );
        return [200, list(data, '/v1/invoice_payments')];
      }
      case 'POST refunds': {
        const intent = paymentIntents.get(String(params.payment_intent ?? ''));
        if (!intent) return notFound('payment_intent', String(params.payment_intent));
        const refunded = refunds
          .filter((r) => r.payment_intent === intent.id)
          .reduce((sum, r) => sum + Number(r.amount), 0);
        const amount =
          params.amount === undefined ? intent.amount_received - refunded : Number(params.amount);
        if (!(amount > 0) || amount > intent.amount_received - refunded)
          return invalid(
            `Refund amount (€${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge`,
            'amount',
          );
        // Connect's destination charges: the refund may take its share back from the connected account's
        // transfer and give back the same share of the platform's fee (Stripe refuses the first on a charge
        // that was never transferred).
        const reverseTransfer = params.reverse_transfer === 'true';
        const refundFee = params.refund_application_fee === 'true';
        if (reverseTransfer && !intent.transfer_data?.destination)
          return invalid('This charge has no transfer to reverse.', 'reverse_transfer');
        const refund = {
          id: id('re'),
          object: 'refund',
          amount,
          currency: 'eur',
          payment_intent: intent.id,
          reason: params.reason ?? null,
          metadata: params.metadata ?? {},
          status: 'succeeded',
          created: now(),
          ...(reverseTransfer ? { transfer_reversal: id('trr') } : {}),
        };
        const fee = Number(intent.application_fee_amount ?? 0);
        if (refundFee && fee > 0)
          feeRefunds.push({
            id: id('fr'),
            object: 'fee_refund',
            amount: Math.round((fee * amount) / intent.amount_received),
            currency: 'eur',
            payment_intent: intent.id,
            refund: refund.id,
            created: now(),
          });
        refunds.push(refund);
        emit('refund.created', refund);
        return [200, refund];
      }
      case 'GET payment_methods/:id': {
        const pm = paymentMethods.get(key);
        return pm ? [200, pm] : notFound('payment_method', key);
      }
      case 'GET events/:id': {
        const event = events.find((e) => e.id === key);
        return event ? [200, event] : notFound('event', key);
      }
      default:
        return [
          404,
          {
            error: {
              type: 'invalid_request_error',
              message: `Unrecognized request URL (${method}: ${pathname}).`,
            },
          },
        ];
    }
  }

  function checkoutPage(session: Obj, error?: string): string {
    const price = session.mode === 'subscription' ? prices.get(session.line_items[0].price) : undefined;
    const oneOff = session.mode === 'payment' ? payments.describe(session) : undefined;
    const amount = oneOff
      ? `${oneOff.amount}</p><p>${escapeHtml(oneOff.note)}`
      : price
        ? `${(price.unit_amount / 100).toFixed(2).replace('.', ',')} € HT / mois`
        : 'Enregistrement d’un moyen de paiement';
    const options = session.payment_method_types
      .map(
        (type: string) =>
          `<label><input type="radio" name="type" value="${type}" ${type === session.payment_method_types[0] ? 'checked' : ''}> ${type === 'sepa_debit' ? 'Prélèvement SEPA' : 'Carte bancaire'}</label>`,
      )
      .join(' ');
    return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Simulation — paiement Stripe</title>
<style>body{font-family:Arial,sans-serif;max-width:520px;margin:32px auto;padding:0 16px}.banner{background:#fff3cd;border:1px solid #e0b400;padding:12px;border-radius:6px}label{display:block;margin:8px 0}input[type=text]{width:100%;padding:8px}button{padding:10px 16px;margin-top:12px}</style></head>
<body><p class="banner" role="note"><strong>Simulation</strong> : ce paiement n’est pas réel. Cette page imite la page de paiement Stripe Checkout pour les démonstrations et les tests ; aucune somme n’est prélevée.</p>
<h1>Simulation de paiement</h1><p>${escapeHtml(oneOff?.title ?? price?.nickname ?? '')} — ${amount}</p>
${error ? `<p role="alert" style="color:#b00">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/checkout/${session.id}">
<fieldset><legend>Moyen de paiement</legend>${options}</fieldset>
<label>Titulaire <input type="text" name="name" value="" autocomplete="off"></label>
<label>IBAN ou numéro de carte <input type="text" name="number" placeholder="${DEFAULT_IBAN} ou ${DEFAULT_CARD}" autocomplete="off"></label>
<p>IBAN refusé pour essayer un échec : FR8420041010050500013M02607 ; carte refusée : 4000000000000341.</p>
<button type="submit">${oneOff ? escapeHtml(oneOff.button) : session.mode === 'setup' ? 'Enregistrer' : 'S’abonner (simulation)'}</button>
${session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Annuler et revenir</a></p>` : ''}
</form></body></html>`;
  }

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    res.end(JSON.stringify(body));
  };

  const idempotent = new Map<string, readonly [number, Obj]>();
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = await readBody(req);
      if (url.pathname.startsWith('/v1/')) {
        if (req.headers.authorization !== `Bearer ${options.secretKey}`)
          return json(res, 401, {
            error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
          });
        const params = req.method === 'GET' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(body);
        const key = req.method === 'POST' ? req.headers['idempotency-key'] : undefined;
        const replay = typeof key === 'string' ? idempotent.get(key) : undefined;
        if (replay) return json(res, replay[0], replay[1]);
        const account = req.headers['stripe-account'];
        const [status, answer] = api(
          req.method ?? 'GET',
          url.pathname,
          params,
          url.searchParams,
          typeof account === 'string' ? account : undefined,
        );
        // Stripe answers a repeated Idempotency-Key with the first answer (the SDK's retries rely on it).
        if (typeof key === 'string') idempotent.set(key, [status, answer]);
        return json(res, status, answer);
      }
      const onboarding = connect?.page(req.method ?? 'GET', url.pathname);
      if (onboarding) {
        res.writeHead(
          onboarding.status,
          onboarding.location
            ? { location: onboarding.location }
            : { 'content-type': 'text/html; charset=utf-8' },
        );
        return res.end(onboarding.html ?? '');
      }
      const page = /^\/checkout\/([\w]+)$/.exec(url.pathname);
      if (page) {
        const session = sessions.get(page[1]);
        if (!session) return json(res, 404, { error: 'session inconnue' });
        if (req.method === 'GET') {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          return res.end(checkoutPage(session));
        }
        const form = new URLSearchParams(body);
        const type = form.get('type') === 'card' ? 'card' : 'sepa_debit';
        const number = form.get('number')?.trim() || undefined;
        if (
          number &&
          (type === 'sepa_debit'
            ? !/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/i.test(number.replace(/\s+/g, ''))
            : !/^\d{16}$/.test(number.replace(/\s+/g, '')))
        ) {
          res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
          return res.end(
            checkoutPage(session, type === 'sepa_debit' ? 'IBAN invalide' : 'Numéro de carte invalide'),
          );
        }
        try {
          await completeCheckout(session.id, { type, number, name: form.get('name') ?? undefined });
        } catch (error) {
          if (!(error instanceof CardDeclined)) throw error;
          res.writeHead(402, { 'content-type': 'text/html; charset=utf-8' });
          return res.end(checkoutPage(session, error.message));
        }
        res.writeHead(303, {
          location: String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id),
        });
        return res.end();
      }
      // Control API of the e2e stack and the demo (the tests call the methods directly).
      if (url.pathname === '/_fake/advance' && req.method === 'POST') {
        await advance(Number(url.searchParams.get('seconds') ?? JSON.parse(body || '{}').seconds ?? 0));
        await chain;
        return json(res, 200, { now: now() });
      }
      // Back-dates what is created next (the demo's subscription started two months ago); forward only afterwards.
      if (url.pathname === '/_fake/rewind' && req.method === 'POST') {
        offset -= Number(url.searchParams.get('seconds') ?? 0);
        return json(res, 200, { now: now() });
      }
      const fails = /^\/_fake\/payment_methods\/(\w+)\/fails$/.exec(url.pathname);
      if (fails && req.method === 'POST') {
        if (url.searchParams.get('on') === 'false') failing.delete(fails[1]);
        else failing.add(fails[1]);
        return json(res, 200, { id: fails[1], fails: failing.has(fails[1]) });
      }
      if (url.pathname === '/_fake/state')
        return json(res, 200, {
          now: now(),
          subscriptions: [...subscriptions.values()],
          invoices: [...invoices.values()],
          events: events.length,
        });
      json(res, 404, { error: 'not found' });
    })().catch((error: unknown) => json(res, 500, { error: { type: 'api_error', message: String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  baseUrl = options.publicUrl ?? `http://127.0.0.1:${port}`;

  return {
    url: `http://127.0.0.1:${port}`,
    apiUrl: `http://127.0.0.1:${port}`,
    setWebhookUrl: (value) => {
      webhookUrl = value;
    },
    completeCheckout: async (sessionId, method) => {
      const session = await completeCheckout(sessionId, method);
      await chain;
      return session;
    },
    advance: async (seconds) => {
      await advance(seconds);
      await chain;
    },
    now,
    setPaymentFails: (pm, fails) => {
      if (fails) failing.add(pm);
      else failing.delete(pm);
    },
    holdWebhooks: () => {
      holding = true;
    },
    releaseWebhooks: async (release = {}) => {
      holding = false;
      const batch = held.splice(0).filter(release.only ?? (() => true));
      if (release.reverse) batch.reverse();
      const list = release.duplicate ? batch.flatMap((e) => [e, e]) : batch;
      if (release.parallel) await Promise.all(list.map((event) => post(event)));
      else deliver(list);
      await chain;
    },
    duplicateWebhooks: (on) => {
      duplicate = on;
    },
    settle: () => chain,
    resend: async (eventId) => {
      const event = events.find((e) => e.id === eventId);
      if (!event) throw new Error(`no event ${eventId}`);
      return post(event);
    },
    events,
    customers,
    subscriptions,
    schedules,
    invoices,
    sessions,
    paymentMethods,
    paymentIntents,
    refunds,
    feeRefunds,
    accounts,
    connect,
    tamper: (subscriptionId, patch) => {
      Object.assign(subscriptions.get(subscriptionId)!, patch);
    },
    stop: async () => {
      await chain.catch(() => undefined);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
