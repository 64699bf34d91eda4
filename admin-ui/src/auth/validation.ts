import { email, minLength, required, type Validator } from 'react-admin';
import { MESSAGES_FR, PASSWORD_MIN_LENGTH } from '@rdv/sectors';

/** Client-side minimum, the API's own (its French message is shown if it ever says more). */

/** An empty or malformed email gets the spec's message. */
export const validateEmail: Validator[] = [
  required(MESSAGES_FR.invalidEmail),
  email(MESSAGES_FR.invalidEmail),
];

export const validateNewPassword: Validator[] = [
  required('Veuillez choisir un mot de passe'),
  minLength(PASSWORD_MIN_LENGTH, `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères`),
];

/** The confirmation must repeat the password: the spec's message otherwise. */
export const validatePasswordConfirmation: Validator[] = [
  required('Veuillez confirmer le mot de passe'),
  (value: unknown, values: { password?: unknown }) =>
    value === values?.password ? undefined : MESSAGES_FR.passwordsDiffer,
];
