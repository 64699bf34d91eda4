import { randomInt } from 'node:crypto';
import { completeSiret } from '@rdv/sectors';

/** A well-formed SIRET (14 digits, valid Luhn key) no other test uses: offices of the lawyers' sector need one. */
export function uniqueSiret(): string {
  // Never La Poste's SIREN (356000000): its establishments follow another rule than Luhn.
  const body = `${randomInt(1, 10)}${String(randomInt(0, 1e12)).padStart(12, '0')}`;
  return body.startsWith('356000000') ? uniqueSiret() : completeSiret(body);
}
