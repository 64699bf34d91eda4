/** Outbox jobs of the payments module (notifications queue). */
export const RELEASE_HOLD_JOB = 'payments.release-hold';
export const SETTLE_JOB = 'payments.settle';

/** How long a slot is held while the client is on the hosted payment page. */
export const HOLD_MS = 15 * 60_000;
/**
 * A card authorisation lasts 7 days at the provider; a meeting further ahead than this could be validated after
 * it lapsed, so the client's card is also saved (with their consent) and charged at validation instead.
 */
export const AUTHORISATION_MS = 6 * 86_400_000;

export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);
