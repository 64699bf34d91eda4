import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { createTestApp } from '../app';
import { createDirectoryFixture, dbOf, DirectoryFixture, tokenForAccount } from './fixtures';

describe('Professional profiles and offices API', () => {
  let app: NestFastifyApplication;
  let fx: DirectoryFixture;
  const http = () => request(app.getHttpServer());
  const pro = (predicate: (p: DirectoryFixture['professionals'][number]) => boolean) =>
    fx.professionals.find(predicate)!;
  const callsOf = async (userId: string) => {
    const { rows } = await dbOf(app).execute<{ n: number; hashes: number }>(
      sql`SELECT count(*)::int AS n, count(DISTINCT ip_hash)::int AS hashes FROM calls WHERE user_id = ${userId}`,
    );
    return rows[0];
  };

  beforeAll(async () => {
    app = await createTestApp();
    fx = await createDirectoryFixture(dbOf(app));
  });
  afterAll(async () => {
    await app.close();
  });

  describe('GET /api/v1/professionals/:userUri', () => {
    it('shows the public profile: presentation, office and address, specialities, languages, modes; never the phone number', async () => {
      const p = pro((x) => x.spec.team === fx.teams.rhone.id && x.spec.online !== false);
      const res = await http().get(`/api/v1/professionals/${p.userUri}`).expect(200);
      expect(res.body).toMatchObject({
        _id: p.id,
        userUri: p.userUri,
        first_name: p.spec.first,
        last_name: p.spec.last,
        presentation_title: `Avocat ${p.spec.last}`,
        presentation: 'Je vous reçois au cabinet ou en visio.',
        spoken_languages: ['fr', 'en'],
        accepts_online_booking: true,
        indexable: true,
        hasPhone: true,
        otherOnlineInCity: null,
        city: { cityUri: fx.cities.lyon.cityUri, name: 'Lyon', departmentCode: '69' },
        office: {
          teamUri: fx.teams.rhone.teamUri,
          name: `Cabinet Rhône ${fx.suffix}`,
          ext_id: `R${fx.suffix}`,
          street: '1 place Bellecour',
          postalCode: '69002',
          presentation: 'Cabinet au cœur de Lyon.',
          city: { cityUri: fx.cities.lyon.cityUri, name: 'Lyon', departmentCode: '69' },
        },
        modes: { in_person: true, visio: expect.any(Boolean), phone: false },
        nextSlots: [],
      });
      expect(res.body.specialities).toHaveLength(1);
      expect(res.body).not.toHaveProperty('telephone');
      expect(JSON.stringify(res.body)).not.toMatch(/\+33/);
    });

    it('lists the active motives with their price TTC, on the profile and on the listing card', async () => {
      const p = pro(
        (x) => x.spec.city === fx.cities.lyon.id && x.spec.online !== false && x.spec.active !== false,
      );
      const auth = { authorization: `Bearer ${tokenForAccount('user', p.id)}` };
      const motive = (body: object) =>
        http()
          .post(`/api/v1/users/${p.id}/motives`)
          .set(auth)
          .send({ durationMinutes: 60, ...body })
          .expect(201);
      // A paid motive needs a connected account able to take payments (onboarded: see test/payments).
      await dbOf(app).execute(
        sql`INSERT INTO payment_accounts (user_id, stripe_account_id, charges_enabled, payouts_enabled)
            VALUES (${p.id}, ${'acct_profiles_' + p.id.slice(0, 8)}, true, true) ON CONFLICT DO NOTHING`,
      );
      await motive({ title: 'Première consultation', paymentRule: 'at_booking', priceCents: 8000 });
      await motive({ title: 'Suivi de dossier' });
      await motive({ title: 'Ancien motif', isActive: false });
      const expected = [
        { title: 'Première consultation', paymentRule: 'at_booking', priceCents: 8000 },
        { title: 'Suivi de dossier', paymentRule: 'free', priceCents: null },
      ];
      const profile = await http().get(`/api/v1/professionals/${p.userUri}`).expect(200);
      expect(profile.body.motives).toEqual(expected);
      const search = await http()
        .get(`/api/v1/search?cityUri=${fx.cities.lyon.cityUri}&perPage=50`)
        .expect(200);
      const card = search.body.items.find((i: { userUri: string }) => i.userUri === p.userUri);
      expect(card.motives).toEqual(expected);
    });

    it('points to the other professionals of the city who take online booking when this one does not', async () => {
      const offline = pro((x) => x.spec.city === fx.cities.lyon.id && x.spec.online === false);
      const res = await http().get(`/api/v1/professionals/${offline.userUri}`).expect(200);
      expect(res.body.accepts_online_booking).toBe(false);
      expect(res.body.otherOnlineInCity.count).toBe(19);
      expect(res.body.otherOnlineInCity.city.cityUri).toBe(fx.cities.lyon.cityUri);
      expect(res.body.otherOnlineInCity.items).toHaveLength(3);
      expect(
        res.body.otherOnlineInCity.items.every(
          (i: { accepts_online_booking: boolean }) => i.accepts_online_booking,
        ),
      ).toBe(true);
    });

    it('says when a professional opted out of indexing', async () => {
      const hidden = pro((x) => x.spec.indexable === false);
      const res = await http().get(`/api/v1/professionals/${hidden.userUri}`).expect(200);
      expect(res.body.indexable).toBe(false);
    });

    it('answers 404 for an unknown or inactive professional, 400 for a malformed userUri', async () => {
      const inactive = pro((x) => x.spec.active === false);
      expect((await http().get(`/api/v1/professionals/${inactive.userUri}`).expect(404)).body.code).toBe(
        'PROFESSIONAL_NOT_FOUND',
      );
      await http().get('/api/v1/professionals/personne-inconnue-xyz').expect(404);
      await http().get('/api/v1/professionals/Jean%20Dupont').expect(400);
    });
  });

  describe('POST /api/v1/professionals/:userUri/phone-reveal', () => {
    it('reveals the number and counts a call', async () => {
      const p = pro(
        (x) => x.spec.telephone !== null && x.spec.city === fx.cities.lyon.id && x.spec.active !== false,
      );
      const before = await callsOf(p.id);
      const res = await http()
        .post(`/api/v1/professionals/${p.userUri}/phone-reveal`)
        .set('x-forwarded-for', '203.0.113.10')
        .expect(200);
      expect(res.body).toEqual({ telephone: p.spec.telephone });
      expect((await callsOf(p.id)).n).toBe(before.n + 1);
    });

    it('counts the same caller once, but each caller', async () => {
      const p = pro((x) => x.spec.first === 'Élodie');
      await http()
        .post(`/api/v1/professionals/${p.userUri}/phone-reveal`)
        .set('x-forwarded-for', '203.0.113.20')
        .expect(200);
      await http()
        .post(`/api/v1/professionals/${p.userUri}/phone-reveal`)
        .set('x-forwarded-for', '203.0.113.20')
        .expect(200);
      await http()
        .post(`/api/v1/professionals/${p.userUri}/phone-reveal`)
        .set('x-forwarded-for', '203.0.113.21')
        .expect(200);
      expect(await callsOf(p.id)).toEqual({ n: 2, hashes: 2 });
      const { rows } = await dbOf(app).execute<{ ip_hash: string }>(
        sql`SELECT ip_hash FROM calls WHERE user_id = ${p.id}`,
      );
      for (const row of rows) expect(row.ip_hash).toMatch(/^[0-9a-f]{64}$/);
    });

    it('counts a visitor once a day: again after 23 hours is the same call, after 25 hours a new one', async () => {
      const p = pro((x) => x.spec.first === 'Élodie');
      const reveal = () =>
        http()
          .post(`/api/v1/professionals/${p.userUri}/phone-reveal`)
          .set('x-forwarded-for', '203.0.113.30')
          .expect(200);
      const age = (hours: number) =>
        dbOf(app).execute(
          sql`UPDATE calls SET created_at = now() - make_interval(hours => ${hours}) WHERE user_id = ${p.id}`,
        );
      const before = (await callsOf(p.id)).n;
      await reveal();
      await age(23);
      await reveal();
      expect((await callsOf(p.id)).n).toBe(before + 1);
      await age(25);
      await reveal();
      expect((await callsOf(p.id)).n).toBe(before + 2);
    });

    it('publishes no number the professional did not choose: neither the account’s mobile nor the office’s line', async () => {
      // This one has a private mobile (every fixture professional has) and an office with a phone, but
      // published no number.
      const p = pro((x) => x.spec.telephone === null);
      const profile = await http().get(`/api/v1/professionals/${p.userUri}`).expect(200);
      expect(profile.body.hasPhone).toBe(false);
      const before = await callsOf(p.id);
      const res = await http().post(`/api/v1/professionals/${p.userUri}/phone-reveal`).expect(404);
      expect(res.body.code).toBe('PHONE_NOT_AVAILABLE');
      expect(JSON.stringify(res.body)).not.toMatch(/\+33699999999|\+33478000000/);
      expect((await callsOf(p.id)).n).toBe(before.n);
    });

    it('reveals the number once the professional publishes one in their profile, and none after they clear it', async () => {
      const p = pro((x) => x.spec.telephone === null);
      const token = tokenForAccount('user', p.id);
      await http()
        .put(`/api/v1/users/${p.id}`)
        .set('Authorization', `Bearer ${token}`)
        .send({ public_phone: '04 78 12 34 56' })
        .expect(200);
      expect((await http().get(`/api/v1/professionals/${p.userUri}`).expect(200)).body.hasPhone).toBe(true);
      const res = await http().post(`/api/v1/professionals/${p.userUri}/phone-reveal`).expect(200);
      expect(res.body).toEqual({ telephone: '+33478123456' });
      const refused = await http()
        .put(`/api/v1/users/${p.id}`)
        .set('Authorization', `Bearer ${token}`)
        .send({ public_phone: '12' })
        .expect(400);
      expect(refused.body.message).toMatch(/téléphone/);
      await http()
        .put(`/api/v1/users/${p.id}`)
        .set('Authorization', `Bearer ${token}`)
        .send({ public_phone: null })
        .expect(200);
      await http().post(`/api/v1/professionals/${p.userUri}/phone-reveal`).expect(404);
    });

    it('answers 404 for an unknown professional and records nothing', async () => {
      const res = await http().post('/api/v1/professionals/personne-inconnue-xyz/phone-reveal').expect(404);
      expect(res.body.code).toBe('PROFESSIONAL_NOT_FOUND');
    });
  });

  describe('GET /api/v1/teams/:teamUri', () => {
    it('shows the office and its active professionals in listing order', async () => {
      const res = await http().get(`/api/v1/teams/${fx.teams.rhone.teamUri}`).expect(200);
      expect(res.body).toMatchObject({
        teamUri: fx.teams.rhone.teamUri,
        name: `Cabinet Rhône ${fx.suffix}`,
        ext_id: `R${fx.suffix}`,
        street: '1 place Bellecour',
        postalCode: '69002',
        city: { cityUri: fx.cities.lyon.cityUri, name: 'Lyon' },
        speciality: null,
      });
      expect(res.body.professionals).toHaveLength(5);
      expect(res.body.specialities.map((s: { slug: string }) => s.slug).sort()).toEqual(
        [fx.specialities.famille.slug, fx.specialities.penal.slug].sort(),
      );
      const online = res.body.professionals.map(
        (p: { accepts_online_booking: boolean }) => p.accepts_online_booking,
      );
      expect(online).toEqual([...online].sort((a, b) => Number(b) - Number(a)));
      expect(JSON.stringify(res.body)).not.toMatch(/\+33/);
    });

    it("places the map's points: a professional's own point, else the commune's centre; the office at its commune", async () => {
      const [own, other] = fx.professionals.filter(
        (x) => x.spec.team === fx.teams.rhone.id && x.spec.active !== false && x.spec.signedUp !== false,
      );
      await dbOf(app).execute(
        sql`UPDATE users SET latitude = 45.7578, longitude = 4.832 WHERE id = ${own.id}`,
      );
      const team = await http().get(`/api/v1/teams/${fx.teams.rhone.teamUri}`).expect(200);
      expect(team.body).toMatchObject(fx.lyonAt);
      const card = (id: string) => team.body.professionals.find((p: { _id: string }) => p._id === id);
      expect(card(own.id)).toMatchObject({ latitude: 45.7578, longitude: 4.832 });
      expect(card(other.id)).toMatchObject(fx.lyonAt);
      const profile = await http().get(`/api/v1/professionals/${own.userUri}`).expect(200);
      expect(profile.body).toMatchObject({ latitude: 45.7578, longitude: 4.832 });
      expect(profile.body.office).toMatchObject(fx.lyonAt);
      const search = await http()
        .get(`/api/v1/search?cityUri=${fx.cities.lyon.cityUri}&perPage=50`)
        .expect(200);
      expect(search.body.items.find((p: { _id: string }) => p._id === other.id)).toMatchObject(fx.lyonAt);
      await dbOf(app).execute(sql`UPDATE users SET latitude = NULL, longitude = NULL WHERE id = ${own.id}`);
    });

    it('filters its professionals by speciality', async () => {
      const res = await http()
        .get(`/api/v1/teams/${fx.teams.rhone.teamUri}?speciality=${fx.specialities.penal.slug}`)
        .expect(200);
      expect(res.body.speciality.slug).toBe(fx.specialities.penal.slug);
      expect(res.body.professionals).toHaveLength(3);
    });

    it('answers 404 for an unknown office or speciality', async () => {
      expect((await http().get('/api/v1/teams/cabinet-inconnu-xyz').expect(404)).body.code).toBe(
        'TEAM_NOT_FOUND',
      );
      expect(
        (await http().get(`/api/v1/teams/${fx.teams.rhone.teamUri}?speciality=inconnue-xyz`).expect(404)).body
          .code,
      ).toBe('SPECIALITY_NOT_FOUND');
      await http().get('/api/v1/teams/Cabinet%20X').expect(400);
    });
  });
});
