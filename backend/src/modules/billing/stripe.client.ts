import Stripe from 'stripe';
import type { Env } from '../../config/env.schema';

/** Nest token of the Stripe client: `null` when billing is not configured (no STRIPE_* variables). */
export const STRIPE = Symbol('STRIPE');

/**
 * The real SDK, pointed at api.stripe.com, or at STRIPE_API_URL (the loopback fake of tests and the demo)
 * through its host / port / protocol options. Retries are the SDK's (idempotency keys on POSTs).
 */
export function stripeFromEnv(env: Env): Stripe | null {
  if (!env.STRIPE_SECRET_KEY) return null;
  const target = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : undefined;
  return new Stripe(env.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    appInfo: { name: 'rdv-billing' },
    ...(target
      ? {
          host: target.hostname,
          port: Number(target.port || (target.protocol === 'https:' ? 443 : 80)),
          protocol: target.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

/** "SEPA •••• 3000", "Visa •••• 4242": the masked payment method screens and mails show. */
export function paymentMethodLabel(pm: Stripe.PaymentMethod | null | undefined): string | null {
  if (!pm) return null;
  if (pm.type === 'sepa_debit' && pm.sepa_debit) return `Prélèvement SEPA •••• ${pm.sepa_debit.last4}`;
  if (pm.type === 'card' && pm.card) {
    const brand = pm.card.brand.charAt(0).toUpperCase() + pm.card.brand.slice(1);
    return `${brand} •••• ${pm.card.last4}`;
  }
  return pm.type;
}
