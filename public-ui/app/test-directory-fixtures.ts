import type { ProfessionalCard, Profile, SearchResult, TeamPage } from './lib/directory';

/** Directory API answers for tests, shaped like backend/src/modules/directory/directory.dto.ts. */
export function card(overrides: Partial<ProfessionalCard> = {}): ProfessionalCard {
  return {
    _id: overrides.userUri ?? 'id-marie',
    userUri: 'marie-martin',
    first_name: 'Marie',
    last_name: 'Martin',
    civility: 'Mme',
    picture: null,
    team: { teamUri: 'cabinet-martin', name: 'Cabinet Martin' },
    city: { cityUri: 'lyon', name: 'Lyon', departmentCode: '69' },
    specialities: [{ slug: 'droit-penal', name: 'Droit pénal' }],
    motives: [],
    modes: { in_person: true, visio: true, phone: false },
    accepts_online_booking: true,
    presentation_title: 'Avocate au barreau de Lyon',
    nextSlots: [
      { start: '2026-11-24T09:00:00+01:00', end: '2026-11-24T09:30:00+01:00' },
      { start: '2026-11-24T09:30:00+01:00', end: '2026-11-24T10:00:00+01:00' },
    ],
    latitude: 45.7641,
    longitude: 4.8357,
    locationPrecision: 'address',
    ...overrides,
  };
}

export function cards(count: number): ProfessionalCard[] {
  return Array.from({ length: count }, (_, i) =>
    card({ _id: `id-${i + 1}`, userUri: `avocat-${i + 1}`, first_name: 'Avocat', last_name: `N${i + 1}` }),
  );
}

export function searchResult(overrides: Partial<SearchResult> = {}): SearchResult {
  const items = overrides.items ?? cards(20);
  return {
    items,
    total: 45,
    page: 1,
    perPage: 20,
    totalPages: 3,
    onlineCount: 30,
    city: { cityUri: 'lyon', name: 'Lyon', departmentCode: '69' },
    speciality: null,
    nearby: null,
    remote: null,
    ...overrides,
  };
}

export function profile(overrides: Partial<Profile> = {}): Profile {
  return {
    ...card(),
    rating: null,
    presentation: 'Je vous accompagne.\n\nPremier rendez-vous au cabinet ou en visio.',
    office: {
      _id: 'team-1',
      teamUri: 'cabinet-martin',
      name: 'Cabinet Martin',
      ext_id: '73282932000074',
      presentation: null,
      street: '12 rue de la République',
      postalCode: '69002',
      city: { cityUri: 'lyon', name: 'Lyon', departmentCode: '69' },
      latitude: 45.7641,
      longitude: 4.8357,
      locationPrecision: 'address',
    },
    address: {
      street: '12 rue de la République',
      postalCode: '69002',
      city: { cityUri: 'lyon', name: 'Lyon', departmentCode: '69' },
    },
    feesInfo: null,
    acceptsLegalAid: false,
    bar: 'Barreau de Lyon',
    spoken_languages: ['fr', 'en'],
    indexable: true,
    hasPhone: true,
    otherOnlineInCity: null,
    ...overrides,
  };
}

export function teamPage(overrides: Partial<TeamPage> = {}): TeamPage {
  return {
    _id: 'team-1',
    teamUri: 'cabinet-martin',
    name: 'Cabinet Martin',
    ext_id: '73282932000074',
    presentation: 'Un cabinet lyonnais.',
    street: '12 rue de la République',
    postalCode: '69002',
    city: { cityUri: 'lyon', name: 'Lyon', departmentCode: '69' },
    latitude: 45.7641,
    longitude: 4.8357,
    locationPrecision: 'address',
    picture: null,
    speciality: null,
    specialities: [{ slug: 'droit-penal', name: 'Droit pénal' }],
    professionals: cards(2),
    ...overrides,
  };
}

/**
 * The browser's fetch answering `GET /api/v1/slots/next` with each asked professional's `nextSlots` from `pros`
 * (none for an unknown one), as the API would: what the cards' slots (components/CardSlots.tsx) are filled from.
 */
export function slotsApi(pros: ProfessionalCard[]) {
  return async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname !== '/api/v1/slots/next') return new Response('{}', { status: 404 });
    const ids = url.searchParams.getAll('userIds').flatMap((value) => value.split(','));
    const items = ids.flatMap((id) => {
      const pro = pros.find((candidate) => candidate._id === id);
      return pro ? [{ userId: id, motiveId: null, timezone: 'Europe/Paris', slots: pro.nextSlots }] : [];
    });
    return Response.json({ items });
  };
}
