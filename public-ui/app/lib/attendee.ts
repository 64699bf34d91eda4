import type { Schemas } from '@rdv/api-client';
import { MESSAGES_FR, PHONE_COUNTRIES, PASSWORD_MIN_LENGTH, CIVILITIES, CIVILITY_LABELS } from '@rdv/sectors';

/** An attendee as the API answers it. */
export type Attendee = Schemas['AttendeeDto'];

/** Civilities the API accepts for attendees. */
export const ATTENDEE_CIVILITIES = CIVILITIES.map((value) => ({ value, label: CIVILITY_LABELS[value] }));

export interface SignInValues {
  email: string;
  password: string;
}

export interface SignUpValues {
  civility: string;
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  password_confirmation: string;
  birthdate: string;
  phone: string;
  phone_country_code: string;
  cgu_accepted: boolean;
  privacy_accepted: boolean;
}

export type FieldErrors<T> = Partial<Record<keyof T, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isEmail = (value: string) => value.length <= 254 && EMAIL.test(value);

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

export function readSignIn(form: FormData): SignInValues {
  return { email: text(form, 'email').toLowerCase(), password: String(form.get('password') ?? '') };
}

export function readSignUp(form: FormData): SignUpValues {
  return {
    civility: text(form, 'civility'),
    first_name: text(form, 'first_name'),
    last_name: text(form, 'last_name'),
    email: text(form, 'email').toLowerCase(),
    password: String(form.get('password') ?? ''),
    password_confirmation: String(form.get('password_confirmation') ?? ''),
    birthdate: text(form, 'birthdate'),
    phone: text(form, 'phone'),
    phone_country_code: text(form, 'phone_country_code') || 'FR',
    cgu_accepted: form.get('cgu_accepted') === 'on' || form.get('cgu_accepted') === 'true',
    privacy_accepted: form.get('privacy_accepted') === 'on' || form.get('privacy_accepted') === 'true',
  };
}

/** Same checks in the browser (before sending) and on the server (forms posted without JavaScript). */
export function validateSignIn(values: SignInValues): FieldErrors<SignInValues> {
  const errors: FieldErrors<SignInValues> = {};
  if (!isEmail(values.email)) errors.email = MESSAGES_FR.invalidEmail;
  if (!values.password) errors.password = 'Veuillez renseigner votre mot de passe';
  return errors;
}

/** A plausible phone number: the API checks it for real (libphonenumber-js) and says why it refuses. */
export function validatePhone(phone: string, country: string): string | undefined {
  if (!PHONE_COUNTRIES.some((c) => c.code === country)) return 'Le pays du téléphone doit être FR, BE ou CH';
  const digits = phone.replace(/\D/g, '');
  if (!/^\+?[0-9 .()-]+$/.test(phone) || digits.length < 9 || digits.length > 15) {
    return 'Veuillez renseigner un numéro de téléphone valide (France, Belgique ou Suisse)';
  }
  return undefined;
}

export function validateBirthdate(value: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(date.getTime()))
    return 'La date de naissance doit être au format JJ/MM/AAAA';
  if (date.getTime() > Date.now() || date.getUTCFullYear() < 1900)
    return 'Veuillez renseigner une date de naissance valide';
  return undefined;
}

export function validateSignUp(values: SignUpValues): FieldErrors<SignUpValues> {
  const errors: FieldErrors<SignUpValues> = {};
  if (!ATTENDEE_CIVILITIES.some((c) => c.value === values.civility))
    errors.civility = 'Veuillez choisir une civilité';
  if (!values.first_name) errors.first_name = 'Veuillez renseigner votre prénom';
  if (!values.last_name) errors.last_name = 'Veuillez renseigner votre nom';
  if (!isEmail(values.email)) errors.email = MESSAGES_FR.invalidEmail;
  if (values.password.length < PASSWORD_MIN_LENGTH)
    errors.password = `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères`;
  if (values.password !== values.password_confirmation)
    errors.password_confirmation = MESSAGES_FR.passwordsDiffer;
  const birthdate = validateBirthdate(values.birthdate);
  if (birthdate) errors.birthdate = birthdate;
  const phone = validatePhone(values.phone, values.phone_country_code);
  if (phone) errors.phone = phone;
  if (!values.cgu_accepted) errors.cgu_accepted = 'Veuillez accepter les conditions générales d’utilisation';
  if (!values.privacy_accepted)
    errors.privacy_accepted = 'Veuillez accepter la politique de protection des données';
  return errors;
}

/** The body of POST /api/v1/attendees. */
/** The sign-up body; `validateSignUp` has checked civility and country against the API's values. */
export function signUpPayload(values: SignUpValues): Schemas['CreateAttendeeDto'] {
  return {
    civility: values.civility as Schemas['CreateAttendeeDto']['civility'],
    first_name: values.first_name,
    last_name: values.last_name,
    email: values.email,
    password: values.password,
    password_confirmation: values.password_confirmation,
    ...(values.birthdate ? { birthdate: values.birthdate } : {}),
    phone: values.phone,
    phone_country_code: values.phone_country_code as Schemas['CreateAttendeeDto']['phone_country_code'],
    cgu_accepted: values.cgu_accepted,
    privacy_accepted: values.privacy_accepted,
  };
}

/** Which field an API error message belongs to, so it shows next to it. */
export function fieldOfServerMessage(code: string | undefined, message: string): string | undefined {
  if (code === 'EMAIL_ALREADY_EXISTS' || message === MESSAGES_FR.emailAlreadyExists) return 'email';
  if (message === MESSAGES_FR.invalidEmail) return 'email';
  if (message === MESSAGES_FR.passwordsDiffer) return 'password_confirmation';
  if (/téléphone/i.test(message)) return 'phone';
  if (/naissance/i.test(message)) return 'birthdate';
  if (/SIRET/.test(message)) return 'company_siret';
  if (/mot de passe/i.test(message)) return 'password';
  return undefined;
}

export function attendeeName(attendee: Pick<Attendee, 'first_name' | 'last_name' | 'email'>): string {
  const name = [attendee.first_name, attendee.last_name].filter(Boolean).join(' ');
  return name || attendee.email;
}

/** "+33612345678" -> "+33 6 12 34 56 78" (display only). */
export function formatPhone(e164: string | null): string {
  if (!e164) return '';
  const match = /^\+(33|32|41)(\d+)$/.exec(e164);
  if (!match) return e164;
  const [, code, rest] = match;
  const pairs =
    rest.length % 2 === 1 ? [rest[0], ...(rest.slice(1).match(/\d{2}/g) ?? [])] : rest.match(/\d{2}/g);
  return `+${code} ${(pairs ?? [rest]).join(' ')}`;
}
