/**
 * Values of the API's enums that the three UIs list or label (the generated client gives their
 * types; these are the values to iterate over, in display order).
 */

/** docs/product.md §5 and §9: phone numbers of France, Belgium and Switzerland only. */
export const PHONE_COUNTRIES = [
  { code: 'FR', label: 'France (+33)' },
  { code: 'BE', label: 'Belgique (+32)' },
  { code: 'CH', label: 'Suisse (+41)' },
] as const;
export type PhoneCountry = (typeof PHONE_COUNTRIES)[number]['code'];

export const APPOINTMENT_STATUSES = ['pending', 'confirmed', 'refused', 'cancelled'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

export const APPOINTMENT_MODES = ['in_person', 'visio', 'phone'] as const;
export type AppointmentMode = (typeof APPOINTMENT_MODES)[number];

/** Shortest password any kind of account may choose (checked by the API and by every form). */
export const PASSWORD_MIN_LENGTH = 8;

/**
 * Civilities of every kind of account and of registration requests: one set, so a request's civility carries
 * over to the professional it becomes. `Me` (Maître) is how lawyers, notaries and commissaires de justice are
 * addressed.
 */
export const CIVILITIES = ['M.', 'Mme', 'Me'] as const;
export type Civility = (typeof CIVILITIES)[number];
export const CIVILITY_LABELS: Record<Civility, string> = { 'M.': 'Monsieur', Mme: 'Madame', Me: 'Maître' };
