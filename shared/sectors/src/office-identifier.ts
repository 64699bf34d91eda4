import luhn from 'fast-luhn';
import type { Sector } from './sectors.js';

/**
 * The number that identifies an office in its trade (the API's `ext_id`, unique): notaries' offices have a
 * CRPCEN, every other sector's firm or salon is known by its SIRET. Each sector words and checks it in its own
 * terms, so a lawyer is never asked for a notary's number.
 */
export interface OfficeIdentifier {
  kind: 'crpcen' | 'siret';
  /** Short name, as used in a sentence: "SIRET", "CRPCEN". */
  name: string;
  /** Form label: "SIRET du cabinet". */
  label: string;
  /** Help under the field. */
  help: string;
  /** Refusal of a badly formed number. */
  invalid: string;
  /** The number belongs to another office (the API's `ext_id already exists`). */
  taken: string;
  /** Nobody registered an office with this number (asking to join one). */
  unknown: string;
}

export const OFFICE_IDENTIFIERS: Record<Sector['key'], OfficeIdentifier> = {
  lawyer: {
    kind: 'siret',
    name: 'SIRET',
    label: 'SIRET du cabinet',
    help: 'Les 14 chiffres du SIRET de votre cabinet (avis de situation Insee ou extrait Kbis).',
    invalid:
      'Le SIRET doit compter 14 chiffres et être valide (vérifiez-le sur votre avis de situation Insee)',
    taken: 'Un cabinet avec ce SIRET existe déjà',
    unknown: 'Aucun cabinet n’est inscrit avec ce SIRET',
  },
  bailiff: {
    kind: 'siret',
    name: 'SIRET',
    label: 'SIRET de l’étude',
    help: 'Les 14 chiffres du SIRET de votre étude (avis de situation Insee ou extrait Kbis).',
    invalid:
      'Le SIRET doit compter 14 chiffres et être valide (vérifiez-le sur votre avis de situation Insee)',
    taken: 'Une étude avec ce SIRET existe déjà',
    unknown: 'Aucune étude n’est inscrite avec ce SIRET',
  },
  notary: {
    kind: 'crpcen',
    name: 'crpcen',
    label: 'Numéro CRPCEN de l’office',
    help: 'Le numéro d’enregistrement de l’office auprès de la CRPCEN (5 chiffres).',
    invalid: 'Le crpcen doit compter 5 chiffres',
    taken: 'Un office avec ce crpcen existe déjà',
    unknown: 'Aucun office n’est inscrit avec ce crpcen',
  },
  groomer: {
    kind: 'siret',
    name: 'SIRET',
    label: 'SIRET du salon',
    help: 'Les 14 chiffres du SIRET de votre salon (avis de situation Insee ou extrait Kbis).',
    invalid:
      'Le SIRET doit compter 14 chiffres et être valide (vérifiez-le sur votre avis de situation Insee)',
    taken: 'Un salon avec ce SIRET existe déjà',
    unknown: 'Aucun salon n’est inscrit avec ce SIRET',
  },
};

export function officeIdentifierOf(sector: Pick<Sector, 'key'>): OfficeIdentifier {
  return OFFICE_IDENTIFIERS[sector.key];
}

/** La Poste's establishments share one SIREN whose SIRETs follow a sum-of-digits rule instead of Luhn (Insee). */
const LA_POSTE_SIREN = '356000000';

/** A SIRET: 14 digits whose Luhn checksum holds (La Poste's establishments: the digits add up to a multiple of 5). */
export function isValidSiret(digits: string): boolean {
  if (!/^\d{14}$/.test(digits)) return false;
  if (digits.startsWith(LA_POSTE_SIREN) && digits !== `${LA_POSTE_SIREN}00048`) {
    return [...digits].reduce((sum, digit) => sum + Number(digit), 0) % 5 === 0;
  }
  return luhn(digits);
}

/** The SIRET whose first 13 digits are `body`: the one check digit that makes its Luhn key hold (seeds, tests). */
export function completeSiret(body: string): string {
  if (!/^\d{13}$/.test(body)) throw new Error(`13 digits expected, got "${body}"`);
  const digit = [...'0123456789'].find((candidate) => luhn(body + candidate));
  return body + digit;
}

export type OfficeIdentifierCheck = { ok: true; value: string } | { ok: false; message: string };

/**
 * Normalises what a professional typed (spaces, dots and dashes are how SIRETs are printed: "123 456 789 00012")
 * and checks it in the sector's terms.
 */
export function checkOfficeIdentifier(sector: Pick<Sector, 'key'>, raw: string): OfficeIdentifierCheck {
  const identifier = officeIdentifierOf(sector);
  const value = raw.replace(/[\s.\-\u00a0]/g, '');
  const valid = identifier.kind === 'siret' ? isValidSiret(value) : /^\d{5}$/.test(value);
  return valid ? { ok: true, value } : { ok: false, message: identifier.invalid };
}

/** "123 456 789 00012": a SIRET as the Insee prints it; a CRPCEN as it is. */
export function formatOfficeIdentifier(sector: Pick<Sector, 'key'>, value: string): string {
  if (officeIdentifierOf(sector).kind !== 'siret' || !/^\d{14}$/.test(value)) return value;
  return `${value.slice(0, 3)} ${value.slice(3, 6)} ${value.slice(6, 9)} ${value.slice(9)}`;
}

/** What a professional or an operator is told when a SIREN is wrong (the invoices print it). */
export const SIREN_INVALID =
  'Le SIREN doit compter 9 chiffres et être valide (vérifiez-le sur votre avis de situation Insee)';

/** What a client booking for their company is told when its SIRET is wrong (their fee notes print it). */
export const COMPANY_SIRET_INVALID =
  'Le SIRET de votre entreprise doit compter 14 chiffres et être valide (vérifiez-le sur votre avis de situation Insee)';

/** A client's company goes on their fee notes with its name and SIRET together: one without the other is refused. */
export const COMPANY_FIELDS_TOGETHER =
  'Indiquez à la fois le nom de votre entreprise et son SIRET, ou laissez les deux vides';

/** Spaces, dots and dashes are how registration numbers are printed ("912 345 675"): the bare digits. */
export const bareRegistrationNumber = (raw: string) => raw.replace(/[\s.\-\u00a0]/g, '');

/** A SIREN: 9 digits whose Luhn checksum holds (La Poste's 356000000 too: its exception concerns SIRETs only). */
export function isValidSiren(digits: string): boolean {
  return /^\d{9}$/.test(digits) && luhn(digits);
}
