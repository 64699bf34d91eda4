import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { createTestApp } from '../app';
import { createDirectoryFixture, dbOf, DirectoryFixture, tokenForAccount } from './fixtures';

describe('Directory search API', () => {
  let app: NestFastifyApplication;
  let fx: DirectoryFixture;
  const get = (path: string) => request(app.getHttpServer()).get(path);

  beforeAll(async () => {
    app = await createTestApp();
    fx = await createDirectoryFixture(dbOf(app));
  });
  afterAll(async () => {
    await app.close();
  });

  /** Lyon's active professionals in listing order: online booking first, then by last name. */
  function expectedLyonOrder(filter: (specialities: number[]) => boolean = () => true): string[] {
    return fx.professionals
      .filter(
        (p) =>
          p.spec.city === fx.cities.lyon.id && p.spec.active !== false && filter(p.spec.specialities ?? []),
      )
      .sort(
        (a, b) =>
          Number(b.spec.online ?? true) - Number(a.spec.online ?? true) ||
          a.spec.last.localeCompare(b.spec.last, 'fr'),
      )
      .map((p) => p.userUri);
  }

  describe('GET /api/v1/search', () => {
    it('lists the active professionals of a city, online-booking first, then by name, 20 per page', async () => {
      const res = await get(`/api/v1/search?cityUri=${fx.cities.lyon.cityUri}`).expect(200);
      expect(res.body.total).toBe(25);
      expect(res.body.onlineCount).toBe(19);
      expect(res.body.page).toBe(1);
      expect(res.body.perPage).toBe(20);
      expect(res.body.totalPages).toBe(2);
      expect(res.body.city).toEqual({ cityUri: fx.cities.lyon.cityUri, name: 'Lyon', departmentCode: '69' });
      expect(res.body.speciality).toBeNull();
      expect(res.body.items.map((i: { userUri: string }) => i.userUri)).toEqual(
        expectedLyonOrder().slice(0, 20),
      );
      const firstOffline = res.body.items.findIndex(
        (i: { accepts_online_booking: boolean }) => !i.accepts_online_booking,
      );
      expect(
        res.body.items
          .slice(firstOffline)
          .every((i: { accepts_online_booking: boolean }) => !i.accepts_online_booking),
      ).toBe(true);
    });

    it('answers cards with the fields the listing shows and no phone number', async () => {
      const res = await get(`/api/v1/search?cityUri=${fx.cities.lyon.cityUri}&perPage=50`).expect(200);
      const withTeam = res.body.items.find((i: { team: unknown }) => i.team !== null);
      expect(withTeam).toEqual({
        _id: expect.any(String),
        userUri: expect.any(String),
        first_name: expect.stringMatching(/^Prénom/),
        last_name: expect.stringMatching(/^Nom/),
        civility: expect.stringMatching(/^(Mme|M\.)$/),
        picture: null,
        team: { teamUri: fx.teams.rhone.teamUri, name: `Cabinet Rhône ${fx.suffix}` },
        city: { cityUri: fx.cities.lyon.cityUri, name: 'Lyon', departmentCode: '69' },
        specialities: [expect.objectContaining({ slug: expect.any(String), name: expect.any(String) })],
        modes: { in_person: true, visio: expect.any(Boolean), phone: false },
        accepts_online_booking: expect.any(Boolean),
        presentation_title: expect.stringMatching(/^Avocat Nom/),
        // The card's motive list (title and price); these fixtures' professionals have no motive.
        motives: [],
        nextSlots: [],
        // Where a map puts the card: these fixtures have no street address, so their commune's centre.
        latitude: expect.any(Number),
        longitude: expect.any(Number),
        locationPrecision: 'commune',
      });
      expect(JSON.stringify(res.body)).not.toContain('+3347800');
    });

    it('gives the rest on page 2 and keeps the total', async () => {
      const res = await get(`/api/v1/search?cityUri=${fx.cities.lyon.cityUri}&page=2`).expect(200);
      expect(res.body.total).toBe(25);
      expect(res.body.page).toBe(2);
      expect(res.body.items.map((i: { userUri: string }) => i.userUri)).toEqual(
        expectedLyonOrder().slice(20),
      );
    });

    it('pages of 10 (mobile) cover the list without overlap', async () => {
      const pages = await Promise.all(
        [1, 2, 3].map((page) =>
          get(`/api/v1/search?cityUri=${fx.cities.lyon.cityUri}&perPage=10&page=${page}`).expect(200),
        ),
      );
      const uris = pages.flatMap((p) => p.body.items.map((i: { userUri: string }) => i.userUri));
      expect(pages.map((p) => p.body.items.length)).toEqual([10, 10, 5]);
      expect(uris).toEqual(expectedLyonOrder());
    });

    it('answers an empty page past the end', async () => {
      const res = await get(`/api/v1/search?cityUri=${fx.cities.lyon.cityUri}&page=9`).expect(200);
      expect(res.body.items).toEqual([]);
      expect(res.body.total).toBe(25);
    });

    it('filters by speciality', async () => {
      const res = await get(
        `/api/v1/search?cityUri=${fx.cities.lyon.cityUri}&speciality=${fx.specialities.penal.slug}`,
      ).expect(200);
      expect(res.body.total).toBe(13);
      expect(res.body.speciality).toEqual({
        slug: fx.specialities.penal.slug,
        name: `Droit pénal ${fx.suffix}`,
      });
      expect(res.body.items.map((i: { userUri: string }) => i.userUri)).toEqual(
        expectedLyonOrder((s) => s.includes(fx.specialities.penal.id)).slice(0, 20),
      );
      for (const item of res.body.items)
        expect(item.specialities.map((s: { slug: string }) => s.slug)).toContain(fx.specialities.penal.slug);
    });

    it('answers no result (not an error) for a known speciality nobody practises in the city', async () => {
      const res = await get(
        `/api/v1/search?cityUri=${fx.cities.lyon.cityUri}&speciality=${fx.specialities.fiscal.slug}`,
      ).expect(200);
      expect(res.body).toMatchObject({ items: [], total: 0, onlineCount: 0, totalPages: 0 });
    });

    it('answers no result for a city without professionals', async () => {
      const res = await get(`/api/v1/search?cityUri=${fx.cities.marseille.cityUri}`).expect(200);
      expect(res.body).toMatchObject({ items: [], total: 0 });
    });

    it('leaves out inactive professionals', async () => {
      const res = await get(`/api/v1/search?cityUri=${fx.cities.lyon.cityUri}&perPage=50`).expect(200);
      expect(res.body.items.map((i: { last_name: string }) => i.last_name)).not.toContain('Inactif');
    });

    it.each([
      ['page 0', 'page=0', 'La page doit être supérieure ou égale à 1'],
      ['a page that is not a number', 'page=abc', 'La page doit être un nombre entier'],
      ['a decimal page', 'page=1.5', 'La page doit être un nombre entier'],
      ['perPage 500', 'perPage=500', 'Le nombre de résultats par page ne peut pas dépasser 50'],
      ['perPage 0', 'perPage=0', 'Le nombre de résultats par page doit être au moins 1'],
    ])('rejects %s with 400 and a French message', async (_label, params, message) => {
      const res = await get(`/api/v1/search?cityUri=${fx.cities.lyon.cityUri}&${params}`).expect(400);
      expect(res.body).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', message });
    });

    it.each([
      ['a missing cityUri', ''],
      ['a cityUri with spaces', 'cityUri=saint%20etienne'],
      ['an upper-case cityUri', 'cityUri=Lyon'],
      ['a cityUri with a quote', "cityUri=lyon'--"],
    ])('rejects %s with 400', async (_label, params) => {
      const res = await get(`/api/v1/search?${params}`).expect(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.message).toMatch(/ville/i);
    });

    it('rejects a malformed speciality with 400', async () => {
      const res = await get(
        `/api/v1/search?cityUri=${fx.cities.lyon.cityUri}&speciality=Droit%20p%C3%A9nal`,
      ).expect(400);
      expect(res.body.message).toBe('La spécialité est invalide');
    });

    it('answers 404 for an unknown city', async () => {
      const res = await get('/api/v1/search?cityUri=ville-qui-n-existe-pas').expect(404);
      expect(res.body).toEqual({
        statusCode: 404,
        code: 'CITY_NOT_FOUND',
        message: 'Cette ville est introuvable',
      });
    });

    it('answers 404 for an unknown speciality', async () => {
      const res = await get(
        `/api/v1/search?cityUri=${fx.cities.lyon.cityUri}&speciality=droit-inconnu`,
      ).expect(404);
      expect(res.body).toEqual({
        statusCode: 404,
        code: 'SPECIALITY_NOT_FOUND',
        message: 'Cette spécialité est introuvable',
      });
    });
  });

  describe('next free slots on the cards', () => {
    let bookable: DirectoryFixture['professionals'][number];

    beforeAll(async () => {
      // The first Lyon professional taking online booking opens Monday to Friday, 9:00-12:00.
      bookable = fx.professionals.find(
        (p) => p.spec.city === fx.cities.lyon.id && p.spec.online !== false && p.spec.active !== false,
      )!;
      const auth = { authorization: `Bearer ${tokenForAccount('user', bookable.id)}` };
      const calendar = await request(app.getHttpServer())
        .post(`/api/v1/users/${bookable.id}/calendars`)
        .set(auth)
        .send({ name: 'Cabinet' })
        .expect(201);
      await request(app.getHttpServer())
        .post(`/api/v1/users/${bookable.id}/motives`)
        .set(auth)
        .send({ title: 'Première consultation', durationMinutes: 60, notAfterMonths: 12 })
        .expect(201);
      const ranges = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, startTime: '09:00', endTime: '12:00' }));
      await request(app.getHttpServer())
        .put(`/api/v1/calendars/${calendar.body.id}/weekly-availabilities`)
        .set(auth)
        .send({ ranges })
        .expect(200);
    });

    it('shows the next 3 free slots of a professional who takes online booking and has opening hours', async () => {
      const res = await get(`/api/v1/search?cityUri=${fx.cities.lyon.cityUri}&perPage=50`).expect(200);
      const card = res.body.items.find((i: { userUri: string }) => i.userUri === bookable.userUri);
      expect(card.nextSlots).toHaveLength(3);
      for (const slot of card.nextSlots) {
        expect(slot).toEqual({
          start: expect.stringMatching(/T(09|10|11):00:00\+0[12]:00$/),
          end: expect.any(String),
        });
      }
      const others = res.body.items.filter((i: { userUri: string }) => i.userUri !== bookable.userUri);
      expect(others.every((i: { nextSlots: unknown[] }) => i.nextSlots.length === 0)).toBe(true);
    });

    it('shows them on the profile and office pages too, and leaves them out with withSlots=false', async () => {
      const profile = await get(`/api/v1/professionals/${bookable.userUri}`).expect(200);
      expect(profile.body.nextSlots).toHaveLength(3);
      const fast = await get(
        `/api/v1/search?cityUri=${fx.cities.lyon.cityUri}&perPage=50&withSlots=false`,
      ).expect(200);
      expect(fast.body.items.every((i: { nextSlots: unknown[] }) => i.nextSlots.length === 0)).toBe(true);
      await get(`/api/v1/search?cityUri=${fx.cities.lyon.cityUri}&withSlots=maybe`).expect(400);
    });
  });

  describe('GET /api/v1/cities', () => {
    it('groups the cities that have active professionals by department, with their counts', async () => {
      const res = await get('/api/v1/cities?withProfessionals=true').expect(200);
      const rhone = res.body.find((g: { department: { code: string } }) => g.department.code === '69');
      expect(rhone.department).toEqual({ code: '69', name: expect.any(String) });
      expect(rhone.cities).toContainEqual({ cityUri: fx.cities.lyon.cityUri, name: 'Lyon', count: 25 });
      const loire = res.body.find((g: { department: { code: string } }) => g.department.code === '42');
      expect(loire.cities).toContainEqual({
        cityUri: fx.cities.saintEtienne.cityUri,
        name: 'Saint-Étienne',
        count: 2,
      });
      const allUris = res.body.flatMap((g: { cities: Array<{ cityUri: string }> }) =>
        g.cities.map((c) => c.cityUri),
      );
      expect(allUris).not.toContain(fx.cities.marseille.cityUri);
      const codes = res.body.map((g: { department: { code: string } }) => g.department.code);
      expect(codes).toEqual([...codes].sort());
      expect(new Set(codes).size).toBe(codes.length);
    });

    it('rejects withProfessionals=false (the full list of communes is not offered)', async () => {
      await get('/api/v1/cities?withProfessionals=false').expect(400);
    });
  });

  describe('GET /api/v1/cities/autocomplete', () => {
    it("finds Saint-Étienne from 'saint-e' (accents ignored)", async () => {
      const res = await get('/api/v1/cities/autocomplete?q=saint-e&limit=20').expect(200);
      expect(res.body).toContainEqual(
        expect.objectContaining({
          cityUri: fx.cities.saintEtienne.cityUri,
          name: 'Saint-Étienne',
          departmentCode: '42',
          postalCodes: ['42000'],
          count: 2,
        }),
      );
    });

    it("finds Saint-Étienne from 'SAINT ÉT' and 'saint etienne'", async () => {
      for (const q of ['SAINT%20%C3%89T', 'saint%20etienne']) {
        const res = await get(`/api/v1/cities/autocomplete?q=${q}&limit=20`).expect(200);
        expect(res.body.map((c: { cityUri: string }) => c.cityUri)).toContain(fx.cities.saintEtienne.cityUri);
      }
    });

    it('matches prefixes only and orders by population', async () => {
      const res = await get('/api/v1/cities/autocomplete?q=lyo&limit=20').expect(200);
      expect(res.body.map((c: { cityUri: string }) => c.cityUri)).toContain(fx.cities.lyon.cityUri);
      expect(res.body.every((c: { name: string }) => c.name.toLowerCase().startsWith('lyo'))).toBe(true);
      const populations = res.body.map((c: { population: number | null }) => c.population ?? -1);
      expect(populations).toEqual([...populations].sort((a, b) => b - a));
      const none = await get('/api/v1/cities/autocomplete?q=yon').expect(200);
      expect(none.body.map((c: { cityUri: string }) => c.cityUri)).not.toContain(fx.cities.lyon.cityUri);
    });

    it("forgives what a visitor types: 'st etienne', 'st-étienne' and a typo find Saint-Étienne", async () => {
      // (Other suites of the run may add communes of the same name: the fixture's is among the answers, and the
      // first answer is a Saint-Étienne.)
      const found = (body: Array<{ cityUri: string; name: string }>) => {
        expect(body.map((c) => c.cityUri)).toContain(fx.cities.saintEtienne.cityUri);
        expect(body[0]?.name).toBe('Saint-Étienne');
      };
      for (const q of ['st%20etienne', 'ST-%C3%89TIENNE', 'saint-etiene']) {
        found((await get(`/api/v1/cities/autocomplete?q=${q}&limit=20`).expect(200)).body);
      }
      // The city page of a commune it cannot name proposes the same.
      found((await get('/api/v1/cities/closest?q=st%20etienne&limit=20').expect(200)).body);
    });

    it('finds a city by the start of its postal code', async () => {
      const res = await get('/api/v1/cities/autocomplete?q=4200&limit=20').expect(200);
      expect(res.body.map((c: { cityUri: string }) => c.cityUri)).toContain(fx.cities.saintEtienne.cityUri);
    });

    it('respects the limit', async () => {
      const res = await get('/api/v1/cities/autocomplete?q=sa&limit=1').expect(200);
      expect(res.body.length).toBeLessThanOrEqual(1);
    });

    it.each([
      ['one character', 'q=l', 'Veuillez saisir au moins 2 caractères'],
      ['more than 60 characters', `q=${'a'.repeat(61)}`, 'La recherche ne peut pas dépasser 60 caractères'],
      ['no q', '', 'Veuillez saisir au moins 2 caractères'],
      ['only punctuation', 'q=--', 'Veuillez saisir au moins 2 lettres'],
      ['a limit of 100', 'q=ly&limit=100', 'La limite ne peut pas dépasser 20'],
    ])('rejects %s with 400', async (_label, params, message) => {
      const res = await get(`/api/v1/cities/autocomplete?${params}`).expect(400);
      expect(res.body).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', message });
    });
  });

  describe('GET /api/v1/cities/:cityUri', () => {
    it('describes a city with its department and professional count', async () => {
      const res = await get(`/api/v1/cities/${fx.cities.lyon.cityUri}`).expect(200);
      expect(res.body).toEqual({
        cityUri: fx.cities.lyon.cityUri,
        name: 'Lyon',
        inseeCode: expect.any(String),
        department: { code: '69', name: expect.any(String) },
        postalCodes: ['69001', '69002'],
        population: 522_250,
        latitude: fx.lyonAt.latitude,
        longitude: fx.lyonAt.longitude,
        count: 25,
      });
    });

    it('answers 404 for an unknown city and 400 for a malformed one', async () => {
      await get('/api/v1/cities/nulle-part-xyz').expect(404);
      await get('/api/v1/cities/Nulle%20Part').expect(400);
    });
  });
});
