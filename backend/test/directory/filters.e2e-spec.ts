import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Pool } from 'pg';
import request from 'supertest';
import { createTestApp } from '../app';
import { createCommune, createProfessional, poolOf } from '../support/fixtures';

/** The filters clients of a legal directory ask for, on the search API. */
describe('Directory search: filters', () => {
  let app: NestFastifyApplication;
  let pool: Pool;
  const tag = randomUUID().slice(0, 6);
  const cityUri = `filtreville-${tag}`;
  const names: Record<string, string> = {};
  const get = (query: Record<string, string | number>) =>
    request(app.getHttpServer())
      .get('/api/v1/search')
      .query({ cityUri, withSlots: 'false', ...query });
  const lastNames = (body: { items: { last_name: string }[] }) => body.items.map((card) => card.last_name);

  beforeAll(async () => {
    app = await createTestApp();
    pool = poolOf(app);
    const cityId = await createCommune(pool, { name: 'Filtreville', cityUri });
    // Open every day 08:00-20:00, visio and phone: bookable today or tomorrow.
    const open = await createProfessional(pool);
    // Takes online booking but has no opening hours yet: no slot.
    const unscheduled = await createProfessional(pool);
    await pool.query('DELETE FROM weekly_availabilities WHERE calendar_id = $1', [unscheduled.calendarId]);
    // Does not take online booking, in person only, speaks English, takes legal aid.
    const offline = await createProfessional(pool, { acceptsOnlineBooking: false });
    for (const [pro, last] of [
      [open, 'Ouvert'],
      [unscheduled, 'Sanshoraire'],
      [offline, 'Horsligne'],
    ] as const) {
      await pool.query('UPDATE users SET city_id = $1, last_name = $2 WHERE id = $3', [cityId, last, pro.id]);
      names[last] = pro.id;
    }
    await pool.query(
      `UPDATE users SET visio_enabled = false, phone_enabled = false, spoken_languages = '{fr,en}', accepts_legal_aid = true
       WHERE id = $1`,
      [offline.id],
    );
  });

  afterAll(async () => {
    await app.close();
  });

  it('narrows by appointment mode, spoken language and legal aid, alone and combined', async () => {
    expect(lastNames((await get({}).expect(200)).body)).toEqual(['Ouvert', 'Sanshoraire', 'Horsligne']);
    expect(lastNames((await get({ mode: 'visio' }).expect(200)).body)).toEqual(['Ouvert', 'Sanshoraire']);
    expect(lastNames((await get({ language: 'en' }).expect(200)).body)).toEqual(['Horsligne']);
    const aid = (await get({ legalAid: 'true' }).expect(200)).body;
    expect(lastNames(aid)).toEqual(['Horsligne']);
    expect(aid).toMatchObject({ total: 1, onlineCount: 0 });
    expect(lastNames((await get({ legalAid: 'true', mode: 'visio' }).expect(200)).body)).toEqual([]);
  });

  it('keeps who has a free slot by a date, and orders by the soonest slot', async () => {
    const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const available = (await get({ availableBefore: inAWeek }).expect(200)).body;
    expect(lastNames(available)).toEqual(['Ouvert']);
    expect(available).toMatchObject({ total: 1, totalPages: 1 });
    const soonest = (await get({ sort: 'soonest' }).expect(200)).body;
    expect(lastNames(soonest)[0]).toBe('Ouvert');
    expect(soonest.total).toBe(3);
    const paged = (await get({ sort: 'soonest', perPage: 1, page: 2 }).expect(200)).body;
    expect(paged).toMatchObject({ total: 3, totalPages: 3, page: 2 });
    expect(paged.items).toHaveLength(1);
  });

  it('answers each speciality with its own professionals, search after search', async () => {
    const { rows: specialities } = await pool.query<{ id: number; slug: string }>(
      `INSERT INTO specialities (slug, name, position) VALUES ($1, 'Filtre A', 997), ($2, 'Filtre B', 998)
       RETURNING id, slug`,
      [`filtre-a-${tag}`, `filtre-b-${tag}`],
    );
    const [first, second] = specialities;
    await pool.query(
      `INSERT INTO user_specialities (user_id, speciality_id)
       VALUES ($1, $4), ($2, $4), ($2, $5), ($3, $5) ON CONFLICT DO NOTHING`,
      [names.Ouvert, names.Sanshoraire, names.Horsligne, first.id, second.id],
    );
    // Alternating the two, past the five runs after which PostgreSQL keeps a named statement's generic plan: should
    // these filtered reads ever keep a plan again, one speciality's must not answer for the other.
    for (let run = 0; run < 7; run++) {
      const ofFirst = (await get({ speciality: first.slug }).expect(200)).body;
      expect(lastNames(ofFirst)).toEqual(['Ouvert', 'Sanshoraire']);
      expect(ofFirst).toMatchObject({ total: 2, onlineCount: 2 });
      const ofSecond = (await get({ speciality: second.slug }).expect(200)).body;
      expect(lastNames(ofSecond)).toEqual(['Sanshoraire', 'Horsligne']);
      expect(ofSecond).toMatchObject({ total: 2, onlineCount: 1 });
    }
    await pool.query('DELETE FROM specialities WHERE id = ANY($1)', [specialities.map((s) => s.id)]);
  });

  it('finds a professional by a speciality the moment it is added, moved or removed, however it is written', async () => {
    const { rows: specialities } = await pool.query<{ id: number; slug: string }>(
      `INSERT INTO specialities (slug, name, position) VALUES ($1, 'Filtre C', 995), ($2, 'Filtre D', 996)
       RETURNING id, slug`,
      [`filtre-c-${tag}`, `filtre-d-${tag}`],
    );
    const [third, fourth] = specialities;
    const of = async (slug: string) => lastNames((await get({ speciality: slug }).expect(200)).body);
    await pool.query('INSERT INTO user_specialities (user_id, speciality_id) VALUES ($1, $2)', [
      names.Ouvert,
      third.id,
    ]);
    expect(await of(third.slug)).toEqual(['Ouvert']);
    // The row handed to a colleague: the one leaves the speciality, the other joins it.
    await pool.query('UPDATE user_specialities SET user_id = $1 WHERE user_id = $2 AND speciality_id = $3', [
      names.Horsligne,
      names.Ouvert,
      third.id,
    ]);
    expect(await of(third.slug)).toEqual(['Horsligne']);
    await pool.query('UPDATE user_specialities SET speciality_id = $1 WHERE speciality_id = $2', [
      fourth.id,
      third.id,
    ]);
    expect(await of(third.slug)).toEqual([]);
    expect(await of(fourth.slug)).toEqual(['Horsligne']);
    // A speciality withdrawn takes its rows with it: nobody keeps it on their profile's copy.
    await pool.query('DELETE FROM specialities WHERE id = ANY($1)', [specialities.map((s) => s.id)]);
    const { rows } = await pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM users WHERE speciality_ids && $1::int[]',
      [specialities.map((s) => s.id)],
    );
    expect(rows[0].n).toBe(0);
  });

  it('combines "nearest first" with the date filter; professionals without coordinates come through their commune', async () => {
    const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    // A position in the Atlantic: nobody of the shared test database is within 50 km, only the commune's own.
    const near = { sort: 'nearest', lat: 45, lng: -30 };
    const available = (await get({ ...near, availableBefore: inAWeek }).expect(200)).body;
    expect(lastNames(available)).toEqual(['Ouvert']);
    expect(available).toMatchObject({ total: 1, nearby: null });
    expect(available.items[0].distanceKm).toBeUndefined();
    expect(lastNames((await get({ ...near, mode: 'visio' }).expect(200)).body)).toEqual([
      'Ouvert',
      'Sanshoraire',
    ]);
  });

  it('refuses malformed filters in French, without a 500', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ mode: 'pigeon' }, 'Le type de rendez-vous doit être in_person, visio ou phone'],
      [{ language: 'english' }, 'La langue doit être un code à deux lettres (ex. en)'],
      [{ legalAid: 'oui' }, 'legalAid doit valoir true ou false'],
      [{ availableBefore: 'demain' }, 'La date doit être au format AAAA-MM-JJ'],
      [{ sort: 'price' }, 'Le tri doit être relevance, soonest ou nearest'],
    ];
    for (const [query, message] of cases) {
      const res = await get(query).expect(400);
      expect(res.body.message).toBe(message);
    }
  });
});
