import { z } from 'zod';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { MESSAGES_FR, PHONE_COUNTRIES, type PhoneCountry } from '@rdv/sectors';
import { newPassword } from './validation';

export { PHONE_COUNTRIES, type PhoneCountry };

export const INVALID_PHONE_MESSAGE =
  'Veuillez renseigner un numéro de téléphone valide (France, Belgique ou Suisse)';
/** Same texts as the API's validation messages. */
export const CGU_REQUIRED_MESSAGE = "Vous devez accepter les conditions générales d'utilisation";
export const PRIVACY_REQUIRED_MESSAGE = 'Vous devez accepter la politique de protection des données';

/** The number in E.164 when it is a valid number of the chosen country (FR/BE/CH), else null. */
export function toE164(rawNumber: string, country: PhoneCountry): string | null {
  const parsed = parsePhoneNumberFromString(rawNumber.trim(), country);
  if (!parsed || !parsed.isValid()) return null;
  if (!PHONE_COUNTRIES.some((c) => c.code === parsed.country)) return null;
  return parsed.number;
}

/**
 * A known number (E.164) as the form shows it: its country and the national writing ("06 12 34 56 78"), or
 * null when it is missing or not a FR / BE / CH number (the field then starts empty).
 */
export function fromE164(
  e164: string | null | undefined,
): { country: PhoneCountry; national: string } | null {
  if (!e164) return null;
  const parsed = parsePhoneNumberFromString(e164);
  const country = PHONE_COUNTRIES.find((c) => c.code === parsed?.country)?.code;
  if (!parsed || !parsed.isValid() || !country) return null;
  return { country, national: parsed.formatNational() };
}

export const completeRegistrationSchema = z
  .object({
    password: newPassword,
    password_confirmation: z.string().min(1, 'Veuillez confirmer le mot de passe'),
    phone_country: z.enum(PHONE_COUNTRIES.map((c) => c.code) as [PhoneCountry, ...PhoneCountry[]]),
    telephone: z.string().trim().min(1, 'Veuillez renseigner votre numéro de téléphone'),
    cgu_accepted: z.boolean().refine((accepted) => accepted, CGU_REQUIRED_MESSAGE),
    privacy_accepted: z.boolean().refine((accepted) => accepted, PRIVACY_REQUIRED_MESSAGE),
  })
  .superRefine((values, ctx) => {
    if (values.password !== values.password_confirmation) {
      ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: MESSAGES_FR.passwordsDiffer });
    }
    if (values.telephone && !toE164(values.telephone, values.phone_country)) {
      ctx.addIssue({ code: 'custom', path: ['telephone'], message: INVALID_PHONE_MESSAGE });
    }
  });
export type CompleteRegistrationValues = z.infer<typeof completeRegistrationSchema>;
