import { CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** Phone countries the product accepts (docs/product.md §5 and §9). */
export const PHONE_COUNTRIES = ['FR', 'BE', 'CH'] as const;
export type PhoneCountry = (typeof PHONE_COUNTRIES)[number];

export const INVALID_PHONE_MESSAGE =
  'Veuillez renseigner un numéro de téléphone valide (France, Belgique ou Suisse)';

export interface NormalizedPhone {
  /** E.164, e.g. +33612345678 */
  e164: string;
  country: PhoneCountry;
}

/**
 * Parses a number typed by a person ("06 12 34 56 78", "+32 470 12 34 56") into E.164.
 * With `country`, a national number is read in that country and (unless `mustMatch` is false) an
 * international one must belong to it; without, national numbers are read as French.
 * Undefined when invalid or outside FR, BE, CH.
 */
export function normalizePhone(
  raw: string,
  country?: PhoneCountry,
  mustMatch = true,
): NormalizedPhone | undefined {
  if (typeof raw !== 'string' || raw.length > 40) return undefined;
  const parsed = parsePhoneNumberFromString(raw, (country ?? 'FR') as CountryCode);
  if (!parsed || !parsed.isValid() || !parsed.country) return undefined;
  if (!(PHONE_COUNTRIES as readonly string[]).includes(parsed.country)) return undefined;
  if (country && mustMatch && parsed.country !== country) return undefined;
  return { e164: parsed.number, country: parsed.country as PhoneCountry };
}

/** Calling code of an accepted country: FR -> +33. */
export const CALLING_CODES: Record<PhoneCountry, string> = { FR: '+33', BE: '+32', CH: '+41' };
