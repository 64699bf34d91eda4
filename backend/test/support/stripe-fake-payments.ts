/**
 * The one-off payments part of the Stripe fake (stripe-fake.ts): Checkout sessions in `payment` mode with
 * `payment_intent_data.capture_method=manual` (the card is authorised, not charged), their expiry, PaymentIntents
 * (capture, cancel, off-session charge of a saved method) and the webhooks they send. A simulation: no money is
 * ever moved; it only behaves like Stripe's test mode for the calls the payments module makes.
 *
 * Erasable TypeScript only (run by Node's type stripping in the demo, like stripe-fake.ts).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Stripe's JSON objects, as loosely typed as the wire
type Obj = Record<string, any>;
type Answer = readonly [number, Obj];

export interface PaymentsFakeContext {
  id(prefix: string): string;
  now(): number;
  emit(type: string, object: Obj, previous?: Obj): Obj;
  baseUrl(): string;
  customers: Map<string, Obj>;
  paymentMethods: Map<string, Obj>;
  sessions: Map<string, Obj>;
  paymentIntents: Map<string, Obj>;
  /** Connected accounts (stripe-fake-connect.ts): a destination charge needs one that can take charges. */
  accounts: Map<string, Obj>;
  failing: Set<string>;
  newPaymentMethod(customerId: string | null, method: { type: string; number?: string; name?: string }): Obj;
  invalid(message: string, param?: string): Answer;
  notFound(kind: string, key: string): Answer;
}

/** Stripe answers a declined card with 402 and a card_error. */
const declined = (intent: Obj): Answer => [
  402,
  {
    error: {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
      payment_intent: intent,
    },
  },
];

export interface PaymentsFake {
  createSession(params: Obj): Answer;
  /** Completes a payment session; answers the refusal message when the card is declined. */
  complete(session: Obj, method: { type: string; number?: string; name?: string }): string | undefined;
  expireDue(): void;
  route(method: string, parts: string[], params: Obj): Answer | undefined;
  describe(session: Obj): { title: string; amount: string; note: string; button: string };
}

export function paymentsFake(ctx: PaymentsFakeContext): PaymentsFake {
  const { id, now, emit } = ctx;

  /**
   * Destination charges (Connect): the money goes to `transfer_data.destination`, the platform keeps
   * `application_fee_amount`. Refused as Stripe does when the account cannot take charges or the fee exceeds
   * the amount.
   */
  function destinationError(data: Obj, amount: number): Answer | undefined {
    const destination = data.transfer_data?.destination;
    const fee = data.application_fee_amount === undefined ? undefined : Number(data.application_fee_amount);
    if (fee !== undefined && !destination)
      return ctx.invalid(
        'application_fee_amount requires a destination (transfer_data)',
        'application_fee_amount',
      );
    if (!destination) return undefined;
    const account = ctx.accounts.get(String(destination));
    if (!account) return ctx.notFound('account', String(destination));
    if (!account.charges_enabled)
      return ctx.invalid(
        'Your destination account needs to have at least one of the following capabilities enabled: transfers, card_payments',
        'transfer_data[destination]',
      );
    if (fee !== undefined && !(fee >= 0 && fee <= amount))
      return ctx.invalid('application_fee_amount must be between 0 and the amount', 'application_fee_amount');
    return undefined;
  }

  const destinationFields = (data: Obj): Obj => ({
    transfer_data: data.transfer_data?.destination ? { destination: data.transfer_data.destination } : null,
    application_fee_amount:
      data.application_fee_amount === undefined ? null : Number(data.application_fee_amount),
  });

  function createSession(params: Obj): Answer {
    if (!params.success_url) return ctx.invalid('Missing required param: success_url.', 'success_url');
    const lineItems = (params.line_items ?? []) as Obj[];
    const priceData = lineItems[0]?.price_data;
    const amount = Number(priceData?.unit_amount);
    if (lineItems.length !== 1 || !priceData || !(amount >= 50))
      return ctx.invalid('line_items[0][price_data][unit_amount] must be at least 50', 'line_items');
    const expiresAt = params.expires_at ? Number(params.expires_at) : now() + 86_400;
    if (expiresAt < now() + 1800 || expiresAt > now() + 86_400)
      return ctx.invalid('expires_at must be between 30 minutes and 24 hours from now', 'expires_at');
    if (params.customer && !ctx.customers.has(params.customer))
      return ctx.notFound('customer', String(params.customer));
    const refused = destinationError(params.payment_intent_data ?? {}, amount);
    if (refused) return refused;
    const session: Obj = {
      id: id('cs_test'),
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      created: now(),
      expires_at: expiresAt,
      customer: params.customer ?? null,
      customer_creation: params.customer_creation ?? null,
      customer_email: params.customer_email ?? null,
      client_reference_id: params.client_reference_id ?? null,
      currency: priceData.currency ?? 'eur',
      amount_total: amount * Number(lineItems[0].quantity ?? 1),
      payment_method_types: (params.payment_method_types as string[] | undefined) ?? ['card'],
      payment_status: 'unpaid',
      payment_intent: null,
      line_items: lineItems,
      payment_intent_data: params.payment_intent_data ?? {},
      custom_text: params.custom_text ?? null,
      success_url: params.success_url,
      cancel_url: params.cancel_url ?? null,
      metadata: params.metadata ?? {},
      locale: params.locale ?? null,
      url: '',
    };
    session.url = `${ctx.baseUrl()}/checkout/${session.id}`;
    ctx.sessions.set(session.id, session);
    return [200, session];
  }

  /**
   * The hosted page's form for a payment session: the card is authorised (manual capture) or refused. A
   * refused card leaves the session open, as Stripe's page does (the client may try another card).
   */
  function complete(
    session: Obj,
    method: { type: string; number?: string; name?: string },
  ): string | undefined {
    const data = session.payment_intent_data ?? {};
    const saves = data.setup_future_usage === 'off_session' || data.setup_future_usage === 'on_session';
    let customerId: string | null = session.customer;
    if (!customerId && (saves || session.customer_creation === 'always')) {
      const customer = {
        id: id('cus'),
        object: 'customer',
        created: now(),
        email: session.customer_email ?? null,
        name: method.name ?? null,
        metadata: {},
        invoice_settings: { default_payment_method: null },
      };
      ctx.customers.set(customer.id, customer);
      emit('customer.created', customer);
      customerId = customer.id;
    }
    const pm = ctx.newPaymentMethod(saves ? customerId : null, method);
    if (ctx.failing.has(pm.id)) return 'Votre carte a été refusée (simulation).';
    const manual = data.capture_method === 'manual';
    const intent: Obj = {
      id: id('pi'),
      object: 'payment_intent',
      amount: session.amount_total,
      amount_capturable: manual ? session.amount_total : 0,
      amount_received: manual ? 0 : session.amount_total,
      capture_method: manual ? 'manual' : 'automatic',
      currency: session.currency,
      customer: customerId,
      payment_method: pm.id,
      setup_future_usage: saves ? data.setup_future_usage : null,
      status: manual ? 'requires_capture' : 'succeeded',
      metadata: data.metadata ?? {},
      ...destinationFields(data),
      created: now(),
      canceled_at: null,
      cancellation_reason: null,
    };
    ctx.paymentIntents.set(intent.id, intent);
    emit(manual ? 'payment_intent.amount_capturable_updated' : 'payment_intent.succeeded', intent);
    session.customer = customerId;
    session.payment_intent = intent.id;
    session.payment_status = manual ? 'unpaid' : 'paid';
    return undefined;
  }

  function expire(session: Obj): void {
    session.status = 'expired';
    emit('checkout.session.expired', session);
  }

  /**
   * Sessions whose expires_at the fake's clock passed expire, and authorisations older than 7 days lapse
   * (Stripe cancels them: cancellation_reason "automatic"), as Stripe's do.
   */
  function expireDue(): void {
    for (const session of ctx.sessions.values())
      if (session.mode === 'payment' && session.status === 'open' && session.expires_at <= now())
        expire(session);
    for (const intent of ctx.paymentIntents.values())
      if (intent.status === 'requires_capture' && intent.created + 7 * 86_400 <= now()) {
        intent.status = 'canceled';
        intent.amount_capturable = 0;
        intent.canceled_at = now();
        intent.cancellation_reason = 'automatic';
        emit('payment_intent.canceled', intent);
      }
  }

  function createIntent(params: Obj): Answer {
    const amount = Number(params.amount);
    if (!(amount >= 50)) return ctx.invalid('Amount must be at least €0.50 eur', 'amount');
    const pm = ctx.paymentMethods.get(String(params.payment_method ?? ''));
    if (!pm) return ctx.notFound('payment_method', String(params.payment_method));
    if (params.customer && pm.customer !== params.customer)
      return ctx.invalid('The provided PaymentMethod is not attached to this customer.', 'payment_method');
    const refused = destinationError(params, amount);
    if (refused) return refused;
    const intent: Obj = {
      id: id('pi'),
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      capture_method: 'automatic',
      currency: params.currency ?? 'eur',
      customer: params.customer ?? null,
      payment_method: pm.id,
      status: 'requires_confirmation',
      metadata: params.metadata ?? {},
      ...destinationFields(params),
      created: now(),
      canceled_at: null,
      cancellation_reason: null,
    };
    ctx.paymentIntents.set(intent.id, intent);
    if (params.confirm === 'true') {
      if (ctx.failing.has(pm.id)) {
        intent.status = 'requires_payment_method';
        emit('payment_intent.payment_failed', intent);
        return declined(intent);
      }
      intent.status = 'succeeded';
      intent.amount_received = amount;
      emit('payment_intent.succeeded', intent);
    }
    return [200, intent];
  }

  /** Routes of this part; undefined for the others (the main fake answers them). */
  function route(method: string, parts: string[], params: Obj): Answer | undefined {
    const [resource, key, action, sub] = parts;
    if (resource === 'checkout' && key === 'sessions' && action && sub === 'expire' && method === 'POST') {
      const session = ctx.sessions.get(action);
      if (!session) return ctx.notFound('checkout session', action);
      if (session.status !== 'open')
        return ctx.invalid('Only Checkout Sessions with a status of `open` can be expired.');
      expire(session);
      return [200, session];
    }
    if (resource !== 'payment_intents') return undefined;
    if (method === 'POST' && !key) return createIntent(params);
    const intent = ctx.paymentIntents.get(key ?? '');
    if (!intent) return ctx.notFound('payment_intent', String(key));
    if (method === 'GET' && !action) return [200, intent];
    if (method === 'POST' && action === 'capture') {
      if (intent.status !== 'requires_capture')
        return ctx.invalid(
          `This PaymentIntent could not be captured because it has a status of ${intent.status}.`,
        );
      const amount = params.amount_to_capture ? Number(params.amount_to_capture) : intent.amount_capturable;
      if (!(amount > 0) || amount > intent.amount_capturable)
        return ctx.invalid('amount_to_capture is greater than the amount capturable', 'amount_to_capture');
      if (params.application_fee_amount !== undefined) {
        const fee = Number(params.application_fee_amount);
        if (!intent.transfer_data || !(fee >= 0 && fee <= amount))
          return ctx.invalid(
            'application_fee_amount must be between 0 and the amount captured',
            'application_fee_amount',
          );
        intent.application_fee_amount = fee;
      }
      intent.status = 'succeeded';
      intent.amount_received = amount;
      intent.amount_capturable = 0;
      emit('payment_intent.succeeded', intent);
      return [200, intent];
    }
    if (method === 'POST' && action === 'cancel') {
      if (intent.status === 'succeeded' || intent.status === 'canceled')
        return ctx.invalid(
          `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
        );
      intent.status = 'canceled';
      intent.amount_capturable = 0;
      intent.canceled_at = now();
      intent.cancellation_reason = params.cancellation_reason ?? 'requested_by_customer';
      emit('payment_intent.canceled', intent);
      return [200, intent];
    }
    return undefined;
  }

  /** What the simulated hosted page says of a payment session. */
  function describe(session: Obj): { title: string; amount: string; note: string; button: string } {
    const euros = (session.amount_total / 100).toFixed(2).replace('.', ',');
    const saves = Boolean(session.payment_intent_data?.setup_future_usage);
    return {
      title: String(session.line_items[0]?.price_data?.product_data?.name ?? 'Paiement'),
      amount: `${euros} € TTC`,
      note: [
        'Votre carte est autorisée maintenant et débitée seulement quand le professionnel valide le rendez-vous.',
        saves
          ? 'En payant, vous acceptez que votre carte soit enregistrée pour être débitée à la validation (rendez-vous éloigné).'
          : '',
        session.custom_text?.submit?.message ?? '',
      ]
        .filter(Boolean)
        .join(' '),
      button: `Payer ${euros} € (simulation)`,
    };
  }

  return { createSession, complete, expireDue, route, describe };
}
