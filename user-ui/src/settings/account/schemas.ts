import { z } from 'zod';
import { MESSAGES_FR } from '@rdv/sectors';
import { INVALID_PHONE_MESSAGE, PHONE_COUNTRIES, toE164, type PhoneCountry } from '../../auth/registration';
import { newPassword, requiredEmail } from '../../auth/validation';
import { INTERFACE_LANGUAGE_CODES } from '../languages';

// The forms of "Mon compte", with the API's French wording so mistakes are caught before the round trip.

export const preferencesSchema = z.object({
  timezone: z.string().min(1, 'Choisissez un fuseau horaire'),
  language: z.enum(INTERFACE_LANGUAGE_CODES),
});
export type PreferencesValues = z.infer<typeof preferencesSchema>;

export const emailSchema = z.object({
  email: requiredEmail,
  current_password: z.string().min(1, 'Le mot de passe actuel est obligatoire'),
});
export type EmailValues = z.infer<typeof emailSchema>;

export const passwordSchema = z
  .object({
    current_password: z.string().min(1, 'Le mot de passe actuel est obligatoire'),
    password: newPassword,
    password_confirmation: z.string().min(1, 'Veuillez confirmer le mot de passe'),
  })
  .refine((values) => values.password === values.password_confirmation, {
    path: ['password_confirmation'],
    message: MESSAGES_FR.passwordsDiffer,
  });
export type PasswordValues = z.infer<typeof passwordSchema>;

export const phoneSchema = z
  .object({
    phone_country: z.enum(PHONE_COUNTRIES.map((c) => c.code) as [PhoneCountry, ...PhoneCountry[]]),
    telephone: z.string().trim().min(1, 'Veuillez renseigner votre numéro de téléphone'),
    code: z.string(),
  })
  .superRefine((values, ctx) => {
    if (values.telephone && !toE164(values.telephone, values.phone_country))
      ctx.addIssue({ code: 'custom', path: ['telephone'], message: INVALID_PHONE_MESSAGE });
  });
export type PhoneValues = z.infer<typeof phoneSchema>;
