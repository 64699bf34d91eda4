/** Amounts come from the API in cents. */
export const euros = (cents: number) =>
  new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100);

/** Stripe's subscription states, in the words the professional's own page uses. */
export const SUBSCRIPTION_STATUS: Record<
  string,
  { label: string; color: 'default' | 'success' | 'warning' | 'error' }
> = {
  active: { label: 'Actif', color: 'success' },
  trialing: { label: 'Actif', color: 'success' },
  past_due: { label: 'Paiement en retard', color: 'warning' },
  unpaid: { label: 'Impayé', color: 'error' },
  incomplete: { label: 'Paiement en attente', color: 'warning' },
  incomplete_expired: { label: 'Expiré', color: 'default' },
  canceled: { label: 'Résilié', color: 'default' },
};

export const PLAN_LABEL: Record<string, string> = { intro: 'Tarif de lancement', standard: 'Tarif normal' };

/** "12,50" or "12.5" (euros) to cents; null when it is not a positive amount. */
export function centsOf(text: string): number | null {
  const normalized = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(normalized)) return null;
  const cents = Math.round(Number(normalized) * 100);
  return cents > 0 ? cents : null;
}
