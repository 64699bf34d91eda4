import { officeIdentifierOf } from './office-identifier.js';
import type { Sector } from './sectors.js';

/**
 * French texts shared by the three UIs, and the mapping from the server's contract
 * texts (docs/product.md §8, kept verbatim in English by the API) to what the user reads.
 */
export const MESSAGES_FR = {
  invalidEmail: 'Veuillez renseigner un email valide',
  passwordsDiffer: 'Les mots de passe sont différents',
  accountNotExist: "Aucun compte n'existe avec cet email",
  emailAlreadyExists: 'Un utilisateur avec cet email existe déjà',
  /** Without the sector at hand; with it, `officeIdentifierOf(sector).taken` ("Un cabinet avec ce SIRET existe déjà"). */
  extIdAlreadyExists: 'Ce numéro d’enregistrement est déjà celui d’une autre structure',
  passwordResetMailSent:
    'Un email contenant les instructions de réinitialisation du mot de passe va vous être envoyé',
  passwordChanged: 'Votre mot de passe a été modifié, connectez-vous avec votre nouveau mot de passe',
  noProfessionalFound: (singular: string) => `Aucun ${singular} trouvé pour votre recherche`,
  /**
   * A listing whose 50 km held fewer than a page went further: "Aucun avocat à moins de 50 km : voici ceux à moins
   * de 100 km", "Peu d'avocats à moins de 50 km : …", or "Aucun avocat à moins de 200 km" when nobody was found.
   */
  widenedRadius: (
    words: { singular: string; plural: string },
    radius: { fromKm: number; toKm: number; foundWithinFrom: number; found: number },
  ) =>
    radius.found === 0
      ? `Aucun ${words.singular} à moins de ${radius.toKm} km`
      : `${radius.foundWithinFrom === 0 ? `Aucun ${words.singular}` : `Peu ${elide('de', words.plural)}`} à moins de ${radius.fromKm} km : voici ceux à moins de ${radius.toKm} km`,
  /** `e`: the agreement of `wordsFor` ("la notaire a été informée"). */
  appointmentCancelled: (definite: string, e: '' | 'e' = '') =>
    `Le rendez-vous a bien été annulé et ${definite} a été informé${e}`,
  availabilitiesTaken: (definite: string) =>
    `Vos disponibilités ont bien été prises en compte. Vous recevrez un email de confirmation dès que ${definite} aura validé le rendez-vous`,
  noOnlineBooking: (definite: string, plural: string) =>
    `${capitalize(definite)} ne prend pas encore de rendez-vous en ligne, mais d'autres ${plural} de la ville le font`,
  tooManyAttempts: 'Trop de tentatives, veuillez réessayer dans quelques minutes',
  unexpectedError: 'Une erreur est survenue, veuillez réessayer',
  /** The API could not be reached (network down, server stopped). */
  networkError: 'Impossible de joindre le serveur, vérifiez votre connexion et réessayez',
  /** The API answered 503 or timed out behind the public site. */
  serviceUnavailable: 'Le service est momentanément indisponible, veuillez réessayer dans quelques minutes',
  notFoundTitle: 'Page introuvable',
  notFoundText: "La page que vous cherchez a été supprimée ou n'a jamais existé.",
  errorTitle: 'Une erreur est survenue',
  backHome: "Retour à l'accueil",
} as const;

/** Server texts of the API contract (docs/product.md §8), verbatim. */
export const SERVER_TEXTS = {
  accountNotExist: 'Account not exist',
  extIdAlreadyExists: 'ext_id already exists',
  emailAlreadyExists: 'Email already exists',
  passwordNotSame: 'Password are not the same',
  emailMustBeEmail: 'email must be an email',
} as const;

const SERVER_TEXT_TO_FRENCH: Record<string, string> = {
  [SERVER_TEXTS.accountNotExist]: MESSAGES_FR.accountNotExist,
  [SERVER_TEXTS.extIdAlreadyExists]: MESSAGES_FR.extIdAlreadyExists,
  [SERVER_TEXTS.emailAlreadyExists]: MESSAGES_FR.emailAlreadyExists,
  [SERVER_TEXTS.passwordNotSame]: MESSAGES_FR.passwordsDiffer,
  [SERVER_TEXTS.emailMustBeEmail]: MESSAGES_FR.invalidEmail,
};

/**
 * What to show for an API error message. Contract texts get their French message;
 * anything else the API sends is already French (validation messages) and is shown as is.
 */
export function frenchMessageFor(
  serverMessage: string | undefined | null,
  sector?: Pick<Sector, 'key'>,
): string {
  if (!serverMessage) return MESSAGES_FR.unexpectedError;
  // The office's number is worded in the sector's terms: a SIRET for a lawyer's firm, a crpcen for a notary's office.
  if (sector && serverMessage === SERVER_TEXTS.extIdAlreadyExists) return officeIdentifierOf(sector).taken;
  return SERVER_TEXT_TO_FRENCH[serverMessage] ?? serverMessage;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "de avocats" -> "d’avocats": the elision before a vowel or a mute h. */
function elide(word: 'de', next: string): string {
  return /^[aeiouyhàâéèêëîïôöûü]/i.test(next) ? `d’${next}` : `${word} ${next}`;
}
