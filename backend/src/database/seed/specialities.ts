import type { SectorKey } from '@rdv/sectors';

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

export const NOTARY_SPECIALITIES = [
  'Droit de la famille',
  'Successions et donations',
  'Vente immobilière',
  'Droit immobilier et urbanisme',
  'Gestion de patrimoine',
  'Droit des sociétés et des affaires',
  'Droit rural',
  'Droit international privé',
  'Baux commerciaux',
  'Négociation immobilière',
] as const;

export const BAILIFF_SPECIALITIES = [
  'Recouvrement amiable de créances',
  'Recouvrement judiciaire',
  "Signification d'actes",
  'Constats',
  "Mesures d'exécution et saisies",
  'Expulsions',
  'Ventes aux enchères publiques',
  'Inventaires et prisées',
  'Médiation',
  'Administration judiciaire de biens',
] as const;

export const GROOMER_SPECIALITIES = [
  'Toilettage chien',
  'Toilettage chat',
  'Bain et brushing',
  'Tonte',
  'Épilation et trimming',
  'Coupe des griffes',
  'Toilettage NAC',
  'Soins anti-parasitaires',
  'Toilettage à domicile',
] as const;

export function specialitiesFor(sector: SectorKey): readonly string[] {
  switch (sector) {
    case 'notary':
      return NOTARY_SPECIALITIES;
    case 'bailiff':
      return BAILIFF_SPECIALITIES;
    case 'groomer':
      return GROOMER_SPECIALITIES;
    default:
      return LAWYER_SPECIALITIES;
  }
}
