/**
 * Sector variants of the product. One deployment serves one sector, chosen by the
 * SECTOR environment variable; everything that differs between sectors (colour,
 * vocabulary, route words, schema.org type) lives here so no app hard-codes "avocat".
 */
export const SECTOR_KEYS = ['lawyer', 'bailiff', 'notary', 'groomer'] as const;
export type SectorKey = (typeof SECTOR_KEYS)[number];

export interface SectorRoutes {
  /** `/avocats` and `/avocats/{cityUri}/{speciality?}` */
  directory: string;
  /** `/avocat/{userUri}` */
  profile: string;
  /** `/etude/{teamUri}/{speciality?}` */
  office: string;
  /** `/guide-des-demarches-aupres-de-votre-avocat` */
  guide: string;
}

export interface SectorVocabulary {
  /** "avocat" */
  singular: string;
  /** "avocats" */
  plural: string;
  /** "un avocat" */
  indefinite: string;
  /** "l'avocat" */
  definite: string;
  /** "cabinet" / "étude" / "salon" */
  office: string;
  /** "un cabinet" / "une étude" / "un salon" */
  anOffice: string;
  /** "votre avocat" */
  yours: string;
  /** The same words for a woman ("avocate", "une avocate", "l'avocate", "votre avocate"): see `wordsFor`. */
  feminine: PersonWords;
}

/** The words naming one professional, agreed with who they are. */
export interface PersonWords {
  singular: string;
  indefinite: string;
  definite: string;
  yours: string;
}

export interface Sector {
  key: SectorKey;
  productName: string;
  /** Primary colour (hex), contrast-checked against white text (WCAG AA for normal text). */
  primaryColor: string;
  primaryColorDark: string;
  words: SectorVocabulary;
  routes: SectorRoutes;
  homeTitle: string;
  homeSubtitle: string;
  /** schema.org type for a professional's profile and office. */
  schemaType: 'LegalService' | 'Notary' | 'LocalBusiness';
  /** What the specialities are called: "Domaines de compétences", "Prestations". */
  specialitiesLabel: string;
  /** Whether appointments may be held by video or phone (a groomer works on the animal, in the salon). */
  remoteAppointments: boolean;
  /** Whether clients may come with legal aid (aide juridictionnelle), offered as a listing filter. */
  legalAid: boolean;
  /** Heading of a profile's prices: "Honoraires", "Tarifs". */
  feesLabel: string;
  /** Whether a professional belongs to a bar (barreau), chosen from `FRENCH_BARS` and shown on the profile. */
  hasBar: boolean;
}

export const SECTORS: Record<SectorKey, Sector> = {
  lawyer: {
    key: 'lawyer',
    productName: 'RDV Avocat',
    primaryColor: '#b3261e',
    primaryColorDark: '#8c1d18',
    words: {
      singular: 'avocat',
      plural: 'avocats',
      indefinite: 'un avocat',
      definite: "l'avocat",
      office: 'cabinet',
      anOffice: 'un cabinet',
      yours: 'votre avocat',
      feminine: {
        singular: 'avocate',
        indefinite: 'une avocate',
        definite: "l'avocate",
        yours: 'votre avocate',
      },
    },
    routes: {
      directory: 'avocats',
      profile: 'avocat',
      office: 'etude',
      guide: 'guide-des-demarches-aupres-de-votre-avocat',
    },
    homeTitle: 'Trouvez le bon avocat partout en France',
    homeSubtitle: 'Prenez rendez-vous en ligne au cabinet, en visio ou par téléphone.',
    schemaType: 'LegalService',
    specialitiesLabel: 'Domaines de compétences',
    remoteAppointments: true,
    legalAid: true,
    feesLabel: 'Honoraires',
    hasBar: true,
  },
  bailiff: {
    key: 'bailiff',
    productName: 'RDV Commissaire de justice',
    primaryColor: '#1b6e3a',
    primaryColorDark: '#134f2a',
    words: {
      singular: 'commissaire de justice',
      plural: 'commissaires de justice',
      indefinite: 'un commissaire de justice',
      definite: 'le commissaire de justice',
      office: 'étude',
      anOffice: 'une étude',
      yours: 'votre commissaire de justice',
      feminine: {
        singular: 'commissaire de justice',
        indefinite: 'une commissaire de justice',
        definite: 'la commissaire de justice',
        yours: 'votre commissaire de justice',
      },
    },
    routes: {
      directory: 'commissaires-de-justice',
      profile: 'commissaire-de-justice',
      office: 'etude',
      guide: 'guide-des-demarches-aupres-de-votre-commissaire-de-justice',
    },
    homeTitle: 'Trouvez le bon commissaire de justice partout en France',
    homeSubtitle: 'Prenez rendez-vous en ligne à l’étude, en visio ou par téléphone.',
    schemaType: 'LegalService',
    specialitiesLabel: 'Domaines de compétences',
    remoteAppointments: true,
    legalAid: true,
    feesLabel: 'Honoraires',
    hasBar: false,
  },
  notary: {
    key: 'notary',
    productName: 'RDV Notaire',
    primaryColor: '#1a4f9c',
    primaryColorDark: '#123a73',
    words: {
      singular: 'notaire',
      plural: 'notaires',
      indefinite: 'un notaire',
      definite: 'le notaire',
      office: 'étude',
      anOffice: 'une étude',
      yours: 'votre notaire',
      feminine: {
        singular: 'notaire',
        indefinite: 'une notaire',
        definite: 'la notaire',
        yours: 'votre notaire',
      },
    },
    routes: {
      directory: 'notaires',
      profile: 'notaire',
      office: 'etude',
      guide: 'guide-des-demarches-aupres-de-votre-notaire',
    },
    homeTitle: 'Trouvez le bon notaire partout en France',
    homeSubtitle: 'Prenez rendez-vous en ligne à l’étude, en visio ou par téléphone.',
    schemaType: 'Notary',
    specialitiesLabel: 'Domaines de compétences',
    remoteAppointments: true,
    legalAid: false,
    feesLabel: 'Honoraires',
    hasBar: false,
  },
  groomer: {
    key: 'groomer',
    productName: 'RDV Toiletteur',
    primaryColor: '#b0246a',
    primaryColorDark: '#851b50',
    words: {
      singular: 'toiletteur',
      plural: 'toiletteurs',
      indefinite: 'un toiletteur',
      definite: 'le toiletteur',
      office: 'salon',
      anOffice: 'un salon',
      yours: 'votre toiletteur',
      feminine: {
        singular: 'toiletteuse',
        indefinite: 'une toiletteuse',
        definite: 'la toiletteuse',
        yours: 'votre toiletteuse',
      },
    },
    routes: {
      directory: 'toiletteurs',
      profile: 'toiletteur',
      office: 'salon',
      guide: 'guide-des-demarches-aupres-de-votre-toiletteur',
    },
    homeTitle: 'Trouvez le bon toiletteur partout en France',
    homeSubtitle: 'Prenez rendez-vous en ligne au salon.',
    schemaType: 'LocalBusiness',
    specialitiesLabel: 'Prestations',
    remoteAppointments: false,
    legalAid: false,
    feesLabel: 'Tarifs',
    hasBar: false,
  },
};

export const DEFAULT_SECTOR: SectorKey = 'lawyer';

export function isSectorKey(value: unknown): value is SectorKey {
  return typeof value === 'string' && (SECTOR_KEYS as readonly string[]).includes(value);
}

/** Resolves the sector from a raw value (usually `process.env.SECTOR`); lawyer when unset. */
export function getSector(raw?: string | null): Sector {
  if (raw === undefined || raw === null || raw === '') return SECTORS[DEFAULT_SECTOR];
  if (!isSectorKey(raw)) {
    throw new Error(`SECTOR must be one of ${SECTOR_KEYS.join(', ')} (got "${raw}")`);
  }
  return SECTORS[raw];
}

/** The words for one known professional, agreed with their civility: the `e` of a past participle that agrees ("informée"). */
export interface AgreedPersonWords extends PersonWords {
  e: '' | 'e';
}

/**
 * The words naming one known professional: feminine for "Mme", the sector's usual words for "M." and for "Me"
 * (Maître says nothing of the person, so the texts keep the title's usual gender) or an unknown civility.
 * Texts about professionals in general (directory, home, footer) keep `sector.words`.
 */
export function wordsFor(
  sector: Pick<Sector, 'words'>,
  civility: string | null | undefined,
): AgreedPersonWords {
  const { singular, indefinite, definite, yours, feminine } = sector.words;
  return civility === 'Mme' ? { ...feminine, e: 'e' } : { singular, indefinite, definite, yours, e: '' };
}
