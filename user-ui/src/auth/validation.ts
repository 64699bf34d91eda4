import { z } from 'zod';
import { MESSAGES_FR, PASSWORD_MIN_LENGTH } from '@rdv/sectors';

/** Client-side minimum; the API has the last word and its (French) message is shown as is. */

export const requiredEmail = z
  .string()
  .trim()
  .min(1, MESSAGES_FR.invalidEmail)
  .pipe(z.email({ error: MESSAGES_FR.invalidEmail }));

export const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères`);

/** Password + confirmation, with the spec's message on the confirmation field when they differ. */
const passwordPair = z
  .object({
    password: newPassword,
    password_confirmation: z.string().min(1, 'Veuillez confirmer le mot de passe'),
  })
  .refine((values) => values.password === values.password_confirmation, {
    path: ['password_confirmation'],
    message: MESSAGES_FR.passwordsDiffer,
  });

/** Login accepts a username or an email; an entry with '@' must be a valid email. */
export const loginSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1, 'Veuillez renseigner votre email ou identifiant')
    .refine((value) => !value.includes('@') || z.email().safeParse(value).success, MESSAGES_FR.invalidEmail),
  password: z.string().min(1, 'Veuillez renseigner votre mot de passe'),
});
export type LoginValues = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: requiredEmail });
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = passwordPair;
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;
