import type { Sector } from './sectors.js';

// French contracts "à le" / "de le" and elides before a vowel: "au cabinet", "à l’étude", "du salon".
const startsWithVowel = (word: string) => /^[aeiouyàâäéèêëîïôöùûüh]/i.test(word);

/** "au cabinet", "à l’étude", "au salon". */
export function atOffice(sector: Sector): string {
  const office = sector.words.office;
  return startsWithVowel(office) ? `à l’${office}` : `au ${office}`;
}

/** "du cabinet", "de l’étude", "du salon". */
export function ofOffice(sector: Sector): string {
  const office = sector.words.office;
  return startsWithVowel(office) ? `de l’${office}` : `du ${office}`;
}

/** How an appointment may be held: "au cabinet, en visio ou par téléphone", "au salon". */
export function appointmentModesPhrase(sector: Sector): string {
  return sector.remoteAppointments ? `${atOffice(sector)}, en visio ou par téléphone` : atOffice(sector);
}

/** "le cabinet", "l’étude", "le salon". */
export function theOffice(sector: Sector): string {
  const office = sector.words.office;
  return startsWithVowel(office) ? `l’${office}` : `le ${office}`;
}

/** "Au cabinet", "À l’étude", "Au salon": how an appointment in person reads in a list. */
export function atOfficeLabel(sector: Sector): string {
  const at = atOffice(sector);
  return at.charAt(0).toUpperCase() + at.slice(1);
}
