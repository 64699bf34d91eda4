import type { Schemas } from '@rdv/api-client';
import { checkOfficeIdentifier, CIVILITIES, MESSAGES_FR, type Sector } from '@rdv/sectors';

/** Fields of the registration request form, as posted to POST /api/v1/registration-requests (all read as text). */
export type RegistrationRequest = Required<Schemas['CreateRegistrationRequestDto']>;

export const REGISTRATION_FIELDS = [
  'civility',
  'first_name',
  'last_name',
  'email',
  'phone',
  'officeName',
  'officeNumber',
  'city',
  'message',
  'referral_code',
] as const satisfies ReadonlyArray<keyof RegistrationRequest>;

export type RegistrationErrors = Partial<Record<keyof RegistrationRequest, string>>;

export function readRegistration(form: FormData): RegistrationRequest {
  const value = (name: string) => String(form.get(name) ?? '').trim();
  return Object.fromEntries(REGISTRATION_FIELDS.map((f) => [f, value(f)])) as unknown as RegistrationRequest;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 .()-]{9,20}$/;

/** Server-side check (the browser checks the same with HTML attributes). French messages. */
export function validateRegistration(
  r: RegistrationRequest,
  sector: Pick<Sector, 'key'>,
): RegistrationErrors {
  const errors: RegistrationErrors = {};
  if (!(CIVILITIES as readonly string[]).includes(r.civility))
    errors.civility = 'Veuillez choisir une civilité';
  if (!r.first_name) errors.first_name = 'Veuillez renseigner votre prénom';
  if (!r.last_name) errors.last_name = 'Veuillez renseigner votre nom';
  if (!EMAIL.test(r.email)) errors.email = MESSAGES_FR.invalidEmail;
  if (!PHONE.test(r.phone) || r.phone.replace(/\D/g, '').length < 9) {
    errors.phone = 'Veuillez renseigner un numéro de téléphone valide';
  }
  if (!r.city) errors.city = 'Veuillez renseigner votre ville';
  if (r.officeNumber) {
    const checked = checkOfficeIdentifier(sector, r.officeNumber);
    if (!checked.ok) errors.officeNumber = checked.message;
  }
  if (r.referral_code && !/^[A-Za-z0-9-]{4,20}$/.test(r.referral_code))
    errors.referral_code = 'Le code de parrainage est invalide';
  if (r.message.length > 2000) errors.message = 'Le message ne doit pas dépasser 2000 caractères';
  return errors;
}
