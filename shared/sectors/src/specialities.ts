import type { SectorKey } from './sectors.js';

/**
 * Reference lists of specialities, one per sector, in display order. The seed upserts the list of
 * the deployment's SECTOR (by slug), the public site offers it in its search form and listings
 * (`/notaires/lyon/successions-et-donations`), and the professionals pick theirs from it.
 */

/**
 * Lawyers: the 26 specialisation mentions of the arrêté of 30 December 2011
 * (list of "mentions de spécialisation" of the profession of avocat).
 */
export const LAWYER_SPECIALITIES = [
  "Droit de l'arbitrage",
  'Droit des associations et des fondations',
  'Droit des assurances',
  'Droit bancaire et boursier',
  'Droit commercial, des affaires et de la concurrence',
  'Droit du crédit et de la consommation',
  'Droit du dommage corporel',
  'Droit des enfants',
  "Droit de l'environnement",
  'Droit des étrangers et de la nationalité',
  'Droit de la famille, des personnes et de leur patrimoine',
  'Droit fiscal et droit douanier',
  'Droit de la fiducie',
  "Droit des garanties, des sûretés et des mesures d'exécution",
  'Droit immobilier',
  "Droit international et de l'Union européenne",
  'Droit du numérique et des communications',
  'Droit pénal',
  'Droit de la propriété intellectuelle',
  'Droit public',
  'Droit rural',
  'Droit de la santé',
  'Droit de la sécurité sociale et de la protection sociale',
  'Droit des sociétés',
  'Droit du sport',
  'Droit du travail',
] as const;

/** Notaries: the fields the notarial profession presents itself by (family, estates, real estate, business, rural). */
export const NOTARY_SPECIALITIES = [
  'Droit de la famille',
  'Successions et donations',
  'Régimes matrimoniaux et PACS',
  'Vente immobilière',
  'Droit immobilier et urbanisme',
  'Gestion de patrimoine',
  'Droit des sociétés et des affaires',
  'Droit rural',
  'Droit international privé',
  'Baux commerciaux',
  'Négociation immobilière',
] as const;

/** Commissaires de justice (bailiffs and auctioneers merged in 2022): their acts and missions. */
export const BAILIFF_SPECIALITIES = [
  'Constats',
  'Recouvrement amiable de créances',
  'Recouvrement judiciaire de créances',
  "Signification d'actes",
  "Mesures d'exécution et saisies",
  'Expulsions',
  'Ventes aux enchères publiques',
  'Inventaires et prisées',
  'Médiation',
  'Administration judiciaire de biens',
] as const;

/** Pet groomers, first the services... */
export const GROOMER_SERVICES = [
  'Toilettage complet',
  'Bain et brushing',
  'Tonte',
  'Coupe aux ciseaux',
  'Épilation et trimming',
  'Démêlage',
  'Coupe des griffes',
  'Soins anti-parasitaires',
  'Toilettage à domicile',
] as const;

/** ...then the animals they take (a visitor filters by their pet: `/toiletteurs/lyon/chats`). */
export const GROOMER_ANIMALS = ['Chiens', 'Chats', 'NAC (lapins, cochons d’Inde, furets)'] as const;

export const GROOMER_SPECIALITIES = [...GROOMER_SERVICES, ...GROOMER_ANIMALS] as const;

const SPECIALITIES: Record<SectorKey, readonly string[]> = {
  lawyer: LAWYER_SPECIALITIES,
  notary: NOTARY_SPECIALITIES,
  bailiff: BAILIFF_SPECIALITIES,
  groomer: GROOMER_SPECIALITIES,
};

/** The reference list of specialities of a sector, in display order. */
export function specialitiesFor(sector: SectorKey): readonly string[] {
  return SPECIALITIES[sector];
}
