/** "80 €", "72,50 €": an amount in cents as French readers write it (non-breaking space before €). */
export const euros = (cents: number) =>
  `${cents % 100 === 0 ? cents / 100 : (cents / 100).toFixed(2).replace('.', ',')}\u00a0€`;

/**
 * "80 € TTC · payé à la réservation": a motive's price as the profile and the listings show it, the same the
 * booking dialog shows (a priced motive settled at the office has no "payé à la réservation"); empty for a free
 * motive, which shows no price at all.
 */
export function motivePrice(motive: { priceCents: number | null; paymentRule: string }): string {
  if (motive.priceCents === null) return '';
  return `${euros(motive.priceCents)} TTC${motive.paymentRule === 'at_booking' ? ' · payé à la réservation' : ''}`;
}
