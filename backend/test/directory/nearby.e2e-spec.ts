import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Pool } from 'pg';
import request from 'supertest';
import { createTestApp } from '../app';
import { poolOf } from '../support/fixtures';

/** A commune with few or nobody continues with the professionals of nearby communes. */
describe('Directory search: nearby communes', () => {
  let app: NestFastifyApplication;
  let pool: Pool;
  const tag = randomUUID().slice(0, 6);
  const uri = (name: string) => `${name}-${tag}`;
  const get = (query: Record<string, string | number>) =>
    request(app.getHttpServer())
      .get('/api/v1/search')
      .query({ withSlots: 'false', ...query });
  let specialityId: number;
  let specialitySlug: string;

  /**
   * The suite's "Brest" stands at sea, 740 km west of the real one: it counts everyone it finds around its
   * communes, and other suites sharing its worker database place professionals in Brittany (one 100-200 km away
   * made the widening test answer 200 km). Distances keep Brest's latitude, so the figures below are Brest's.
   */
  const CENTRE = { latitude: 48.39, longitude: -14.49 };
  const kmPerDegreeEast = 111.32 * Math.cos((CENTRE.latitude * Math.PI) / 180);
  /** A commune at `kmEast` km east (and `kmNorth` km north) of the suite's Brest. */
  const city = async (name: string, kmEast: number, kmNorth = 0) => {
    const latitude = CENTRE.latitude + kmNorth / 111.32;
    const longitude = CENTRE.longitude + kmEast / kmPerDegreeEast;
    const { rows } = await pool.query(
      `INSERT INTO cities (insee_code, name, city_uri, department_code, postal_codes, population, latitude, longitude)
       VALUES ($1, $2, $3, '29', '{29200}', 1000, $4, $5) RETURNING id`,
      [`N${Math.floor(Math.random() * 9_000_000)}`, name, uri(name.toLowerCase()), latitude, longitude],
    );
    return rows[0].id as number;
  };
  /** A speciality of this suite's own (`name` and the suite's tag), its slug made from them. */
  const speciality = async (name: string) => {
    const { rows } = await pool.query<{ id: number; slug: string }>(
      `INSERT INTO specialities (slug, name, position) VALUES ($1, $2, 99) RETURNING id, slug`,
      [`${name.toLowerCase().replace(/ /g, '-')}-${tag}`, `${name} ${tag}`],
    );
    return rows[0];
  };
  const professional = async (cityId: number, lastName: string, withSpeciality = false) => {
    const id = randomUUID();
    await pool.query(
      `INSERT INTO users (id, username, email, first_name, last_name, user_uri, city_id, password_hash, latitude, longitude)
       SELECT $1, $2, $3, 'Anne', $4, $2, c.id, '!x', c.latitude, c.longitude FROM cities c WHERE c.id = $5`,
      [id, `near-${id.slice(0, 8)}`, `near-${id.slice(0, 8)}@example.test`, lastName, cityId],
    );
    if (withSpeciality)
      await pool.query('INSERT INTO user_specialities (user_id, speciality_id) VALUES ($1, $2)', [
        id,
        specialityId,
      ]);
    return id;
  };

  beforeAll(async () => {
    app = await createTestApp();
    pool = poolOf(app);
    await pool.query(
      `INSERT INTO departments (code, name) VALUES ('29', 'Finistère') ON CONFLICT DO NOTHING`,
    );
    ({ id: specialityId, slug: specialitySlug } = await speciality('Droit rural'));
    const brest = await city('Brest', 0);
    const guipavas = await city('Guipavas', 8);
    const landerneau = await city('Landerneau', 20, 3);
    const morlaix = await city('Morlaix', 55);
    await city('Plouzane', -9); // nobody there
    await professional(guipavas, 'Bihan', true);
    await professional(guipavas, 'Abgrall');
    await professional(landerneau, 'Cloarec', true);
    await professional(morlaix, 'Derrien', true);
    await professional(brest, 'Le Gall');
  });

  afterAll(async () => {
    await app.close();
  });

  it('an empty commune lists the nearest professionals of other communes with their distance, within 50 km', async () => {
    // A page of 4: the four within 50 km fill it, the search goes no further.
    const res = await get({ cityUri: uri('plouzane'), perPage: 4 }).expect(200);
    expect(res.body.total).toBe(0);
    expect(res.body.items).toEqual([]);
    expect(res.body.nearby).toMatchObject({ radiusKm: 50, widenedFromKm: null, countWithinAsked: 4 });
    const found = res.body.nearby.items.map(
      (card: { last_name: string; distanceKm: number; city: { name: string } }) => [
        card.last_name,
        card.city.name,
        card.distanceKm,
      ],
    );
    // Brest 9 km, Guipavas 17 km, Landerneau 29.1 km (to a tenth); Morlaix (64 km) is too far.
    expect(found).toEqual([
      ['Le Gall', 'Brest', 9],
      ['Abgrall', 'Guipavas', 17],
      ['Bihan', 'Guipavas', 17],
      ['Cloarec', 'Landerneau', 29.1],
    ]);
  });

  it('cuts the nearest at the page: of professionals at one point, the page edge keeps the first in listing order', async () => {
    const names = async (perPage: number) =>
      (await get({ cityUri: uri('plouzane'), perPage }).expect(200)).body.nearby.items.map(
        (card: { last_name: string }) => card.last_name,
      );
    // Abgrall and Bihan share Guipavas' point (17 km): a page of 2 ends between them.
    expect(await names(1)).toEqual(['Le Gall']);
    expect(await names(2)).toEqual(['Le Gall', 'Abgrall']);
    expect(await names(3)).toEqual(['Le Gall', 'Abgrall', 'Bihan']);
  });

  it('keeps the commune’s own professionals first, then continues around it; the radius and the speciality narrow it', async () => {
    const res = await get({ cityUri: uri('brest'), perPage: 4 }).expect(200);
    expect(res.body.items.map((card: { last_name: string }) => card.last_name)).toEqual(['Le Gall']);
    expect(res.body.nearby.items.map((card: { last_name: string }) => card.last_name)).toEqual([
      'Abgrall',
      'Bihan',
      'Cloarec',
    ]);
    const within10 = await get({ cityUri: uri('brest'), radius: 10 }).expect(200);
    expect(within10.body.nearby.items.map((card: { last_name: string }) => card.last_name)).toEqual([
      'Abgrall',
      'Bihan',
    ]);
    const rural = await get({ cityUri: uri('brest'), speciality: specialitySlug, perPage: 2 }).expect(200);
    expect(rural.body.total).toBe(0);
    expect(rural.body.nearby.items.map((card: { last_name: string }) => card.last_name)).toEqual([
      'Bihan',
      'Cloarec',
    ]);
  });

  it('widens to 100 then 200 km when the commune and its 50 km hold fewer than a page, and says so', async () => {
    const lastNames = (body: { nearby: { items: Array<{ last_name: string }> } }) =>
      body.nearby.items.map((card) => card.last_name);
    // Two within 50 km of Brest in the speciality, a page of 3: Morlaix (55 km) completes it at 100 km.
    const rural = await get({ cityUri: uri('brest'), speciality: specialitySlug, perPage: 3 }).expect(200);
    expect(rural.body.nearby).toMatchObject({ radiusKm: 100, widenedFromKm: 50, countWithinAsked: 2 });
    expect(lastNames(rural.body)).toEqual(['Bihan', 'Cloarec', 'Derrien']);
    // A page of 20: nobody more within 200 km than within 100, the list stops at the smallest that holds them.
    const all = await get({ cityUri: uri('brest') }).expect(200);
    expect(all.body.nearby).toMatchObject({ radiusKm: 100, widenedFromKm: 50, countWithinAsked: 3 });
    expect(lastNames(all.body)).toEqual(['Abgrall', 'Bihan', 'Cloarec', 'Derrien']);
    // A radius the visitor chose below 50 km is theirs: never widened.
    const chosen = await get({ cityUri: uri('brest'), radius: 20 }).expect(200);
    expect(chosen.body.nearby).toMatchObject({ radiusKm: 20, widenedFromKm: null });
    // A commune alone at sea: nobody within 200 km, the answer says how far it looked.
    await city('Ile-Lointaine', -300);
    const alone = await get({ cityUri: uri('ile-lointaine') }).expect(200);
    expect(alone.body.nearby).toMatchObject({
      radiusKm: 200,
      widenedFromKm: 50,
      countWithinAsked: 0,
      items: [],
    });
  });

  it('adds who consults by video or phone anywhere, speciality and mode kept, nobody twice', async () => {
    const remoteOnly = await speciality('Droit maritime');
    const far = await city('Lointaine-Distance', 400);
    const added: string[] = [];
    const lawyer = async (cityId: number, lastName: string, set: string) => {
      const id = await professional(cityId, lastName);
      added.push(id);
      await pool.query(`UPDATE users SET ${set} WHERE id = $1`, [id]);
      await pool.query('INSERT INTO user_specialities (user_id, speciality_id) VALUES ($1, $2)', [
        id,
        remoteOnly.id,
      ]);
    };
    try {
      const guipavas = (await pool.query('SELECT id FROM cities WHERE city_uri = $1', [uri('guipavas')]))
        .rows[0].id as number;
      await lawyer(guipavas, 'Kerbrat', 'visio_enabled = true');
      await lawyer(far, 'Andrieu', 'visio_enabled = true');
      await lawyer(far, 'Bonnet', 'phone_enabled = true, in_person_enabled = false');
      await lawyer(far, 'Carrel', 'visio_enabled = true, accepts_online_booking = false');
      await lawyer(far, 'Dumas', 'in_person_enabled = true');
      const names = (cards: Array<{ last_name: string }>) => cards.map((card) => card.last_name);
      const res = await get({ cityUri: uri('brest'), speciality: remoteOnly.slug }).expect(200);
      // Kerbrat is listed around Brest already; the remote section holds those who book online from afar.
      expect(names(res.body.nearby.items)).toEqual(['Kerbrat']);
      expect(res.body.remote).toMatchObject({ modes: ['visio', 'phone'], total: 2, totalCapped: false });
      expect(names(res.body.remote.items)).toEqual(['Andrieu', 'Bonnet']);
      const visio = await get({ cityUri: uri('brest'), speciality: remoteOnly.slug, mode: 'visio' }).expect(
        200,
      );
      expect(visio.body.remote).toMatchObject({ modes: ['visio'], total: 1 });
      expect(names(visio.body.remote.items)).toEqual(['Andrieu']);
      const phone = await get({ cityUri: uri('brest'), speciality: remoteOnly.slug, mode: 'phone' }).expect(
        200,
      );
      expect(names(phone.body.remote.items)).toEqual(['Bonnet']);
      // Nobody matches: the section says so (its count is read with its cards).
      const none = await get({ cityUri: uri('brest'), speciality: remoteOnly.slug, legalAid: 'true' }).expect(
        200,
      );
      expect(none.body.remote).toMatchObject({ total: 0, totalCapped: false, items: [] });
      // A remote professional the directory cannot place still comes, after those it can.
      await lawyer(far, 'Aubert', 'visio_enabled = true, latitude = NULL, longitude = NULL');
      const unplaced = await get({ cityUri: uri('brest'), speciality: remoteOnly.slug }).expect(200);
      expect(unplaced.body.remote).toMatchObject({ total: 3 });
      expect(names(unplaced.body.remote.items).sort()).toEqual(['Andrieu', 'Aubert', 'Bonnet']);
      // Six are shown of the twenty nearest, the soonest stored first free slot first (the refresher's, as the
      // "soonest first" order uses): a farther one with a slot comes before nearer ones without, and an eighth
      // without a slot is left out. The four added step south, away from Brest, so their distances differ.
      const soonSlot = new Date(Date.now() + 3 * 86_400_000);
      for (const [index, name] of ['Gallou', 'Hamon', 'Jaouen', 'Le Roux'].entries())
        await lawyer(far, name, `visio_enabled = true, latitude = latitude - ${0.05 * (index + 1)}`);
      await lawyer(
        far,
        'Quéré',
        `visio_enabled = true, latitude = latitude + 0.5, next_free_slot_at = '${soonSlot.toISOString()}'`,
      );
      await pool.query(`UPDATE users SET next_free_slot_at = $2 WHERE id = $1`, [
        added[1],
        new Date(soonSlot.getTime() + 86_400_000).toISOString(),
      ]);
      const ranked = await get({ cityUri: uri('brest'), speciality: remoteOnly.slug }).expect(200);
      expect(ranked.body.remote.total).toBe(8);
      expect(names(ranked.body.remote.items)).toEqual([
        'Quéré',
        'Andrieu',
        'Bonnet',
        'Gallou',
        'Hamon',
        'Jaouen',
      ]);
      // Received in person only: the remote section is not what the client asked for.
      const office = await get({
        cityUri: uri('brest'),
        speciality: remoteOnly.slug,
        mode: 'in_person',
      }).expect(200);
      expect(office.body.remote).toBeNull();
      // Not on a page before the last: the commune's list goes on.
      const first = await get({ cityUri: uri('guipavas'), perPage: 1 }).expect(200);
      expect(first.body.remote).toBeNull();
    } finally {
      // The other tests of this file count the communes' professionals: this one's go.
      await pool.query('DELETE FROM users WHERE id = ANY($1::uuid[])', [added]);
      await pool.query('DELETE FROM cities WHERE id = $1', [far]);
    }
  });

  it('counts a common speciality’s remote professionals up to 1,000 and still shows the nearest of them', async () => {
    const common = await speciality('Droit commun');
    // Past the nearby section's widest reach (200 km): only the remote section can show them.
    const far = await city('Lointaine-Commune', 400);
    const nearer = await city('Moins-Lointaine', 250);
    const crowd = async (cityId: number, count: number, lastName: string) => {
      const { rows: ids } = await pool.query<{ id: string }>(
        `INSERT INTO users (id, username, email, first_name, last_name, user_uri, city_id, password_hash, latitude,
           longitude, visio_enabled)
         SELECT gen_random_uuid(), 'crowd-' || $3 || '-' || g, 'crowd-' || $3 || '-' || g || '@example.test', 'Anne',
           $2, 'crowd-' || $3 || '-' || g, c.id, '!x', c.latitude, c.longitude, true
         FROM cities c, generate_series(1, $4::int) g WHERE c.id = $1
         RETURNING id`,
        [cityId, lastName, `${tag}-${cityId}`, count],
      );
      await pool.query(
        'INSERT INTO user_specialities (user_id, speciality_id) SELECT unnest($1::uuid[]), $2',
        [ids.map((row) => row.id), common.id],
      );
      return ids.map((row) => row.id);
    };
    const nearest = await crowd(nearer, 1, 'Proche');
    const others = await crowd(far, 1004, 'Lointain');
    const remoteOf = async () =>
      (await get({ cityUri: uri('brest'), speciality: common.slug }).expect(200)).body.remote as {
        total: number;
        totalCapped: boolean;
        items: Array<{ last_name: string }>;
      };
    try {
      // 1,005: the count stops at the cap and says there are more; the nearest comes first all the same.
      const capped = await remoteOf();
      expect(capped).toMatchObject({ total: 1000, totalCapped: true });
      expect(capped.items.map((card) => card.last_name)).toEqual(['Proche', ...Array(5).fill('Lointain')]);
      // 305: counted exactly, past the few that are sorted whole.
      await pool.query('DELETE FROM users WHERE id = ANY($1::uuid[])', [others.slice(304)]);
      expect(await remoteOf()).toMatchObject({ total: 305, totalCapped: false });
      expect((await remoteOf()).items[0].last_name).toBe('Proche');
      // 300: the few, all of them sorted by distance in the count's statement.
      await pool.query('DELETE FROM users WHERE id = ANY($1::uuid[])', [others.slice(299, 304)]);
      const few = await remoteOf();
      expect(few).toMatchObject({ total: 300, totalCapped: false });
      expect(few.items.map((card) => card.last_name)).toEqual(['Proche', ...Array(5).fill('Lointain')]);
    } finally {
      await pool.query('DELETE FROM users WHERE id = ANY($1::uuid[])', [[...nearest, ...others]]);
      await pool.query('DELETE FROM cities WHERE id = ANY($1::int[])', [[far, nearer]]);
    }
  });

  it('goes on around the commune only on its last page, and refuses another radius in French', async () => {
    const first = await get({ cityUri: uri('guipavas'), perPage: 1 }).expect(200);
    expect(first.body.totalPages).toBe(2);
    expect(first.body.nearby).toBeNull();
    const last = await get({ cityUri: uri('guipavas'), perPage: 1, page: 2 }).expect(200);
    expect(last.body.nearby.items[0]).toMatchObject({ last_name: 'Le Gall', distanceKm: 8 });
    const bad = await get({ cityUri: uri('brest'), radius: 15 }).expect(400);
    expect(bad.body.message).toBe('Le rayon doit être de 10, 20 ou 50 km');
  });

  it('sorts nearest first: the commune and its surroundings in one list, from the visitor’s position when sent', async () => {
    const names = (body: { items: Array<{ last_name: string; distanceKm: number }> }) =>
      body.items.map((card) => [card.last_name, card.distanceKm]);
    // From Brest's centre: Brest's own lawyer, then Guipavas (8 km), Landerneau (~20.2 km); Morlaix is past 50 km.
    const fromCentre = await get({ cityUri: uri('brest'), sort: 'nearest' }).expect(200);
    expect(names(fromCentre.body)).toEqual([
      ['Le Gall', 0],
      ['Abgrall', 8],
      ['Bihan', 8],
      ['Cloarec', 20.2],
    ]);
    expect(fromCentre.body).toMatchObject({ total: 4, totalPages: 1, nearby: null });
    // A visitor standing 16 km east of Brest: Landerneau (5 km), Guipavas, Brest's own (16 km), and Morlaix
    // (39 km from the visitor) now within the 50 km circle.
    const east = { lat: CENTRE.latitude, lng: CENTRE.longitude + 16 / kmPerDegreeEast };
    const fromVisitor = await get({ cityUri: uri('brest'), sort: 'nearest', ...east }).expect(200);
    expect(fromVisitor.body.items.map((card: { last_name: string }) => card.last_name)).toEqual([
      'Cloarec',
      'Abgrall',
      'Bihan',
      'Le Gall',
      'Derrien',
    ]);
    expect(fromVisitor.body.items[0].distanceKm).toBe(5);
    // Pages are stable and never overlap; the speciality and the radius narrow the list.
    const pages = await Promise.all(
      [1, 2, 3, 4].map((page) =>
        get({ cityUri: uri('brest'), sort: 'nearest', perPage: 1, page }).expect(200),
      ),
    );
    expect(pages.map((res) => res.body.items[0].last_name)).toEqual([
      'Le Gall',
      'Abgrall',
      'Bihan',
      'Cloarec',
    ]);
    expect(pages[0].body.totalPages).toBe(4);
    const rural = await get({ cityUri: uri('brest'), sort: 'nearest', speciality: specialitySlug }).expect(
      200,
    );
    expect(names(rural.body)).toEqual([
      ['Bihan', 8],
      ['Cloarec', 20.2],
    ]);
    const within10 = await get({ cityUri: uri('brest'), sort: 'nearest', radius: 10 }).expect(200);
    expect(within10.body.total).toBe(3);
    // The other orders' cards carry no distance.
    const plain = await get({ cityUri: uri('brest') }).expect(200);
    expect(plain.body.items[0].distanceKm).toBeUndefined();
  });

  it('refuses a half or impossible position in French and answers nothing else', async () => {
    const half = await get({ cityUri: uri('brest'), sort: 'nearest', lat: 48.4 }).expect(400);
    expect(half.body.message).toBe('La latitude et la longitude doivent être des nombres');
    const far = await get({ cityUri: uri('brest'), sort: 'nearest', lat: 95, lng: 2 }).expect(400);
    expect(far.body.message).toBe('La latitude doit être comprise entre -90 et 90');
    const sort = await get({ cityUri: uri('brest'), sort: 'closest' }).expect(400);
    expect(sort.body.message).toBe('Le tri doit être relevance, soonest ou nearest');
  });

  it('proposes the closest communes for a name that matches none: abbreviations, typos, accents and hyphens', async () => {
    const suffix = tag.replace(/[0-9]/g, 'q');
    const insert = (name: string, cityUri: string) =>
      pool.query(
        `INSERT INTO cities (insee_code, name, city_uri, department_code, postal_codes, population)
         VALUES ($1, $2, $3, '29', '{29000}', 500)`,
        [`T${Math.floor(Math.random() * 9_000_000)}`, name, cityUri],
      );
    await insert(`Saint-Étienne-des-Quokkas${suffix}`, `saint-etienne-des-quokkas${suffix}`);
    await insert(`Quokkaville${suffix}`, `quokkaville${suffix}`);
    const closest = (q: string) =>
      request(app.getHttpServer()).get('/api/v1/cities/closest').query({ q, limit: 3 }).expect(200);
    expect((await closest(`st etienne des quokkas${suffix}`)).body[0]).toMatchObject({
      cityUri: `saint-etienne-des-quokkas${suffix}`,
      name: `Saint-Étienne-des-Quokkas${suffix}`,
      departmentCode: '29',
    });
    expect((await closest(`Quokaville${suffix}`)).body[0].cityUri).toBe(`quokkaville${suffix}`);
    await request(app.getHttpServer()).get('/api/v1/cities/closest').query({ q: 'x' }).expect(400);
  });

  it('lists a department’s professionals and its communes that have some', async () => {
    const res = await request(app.getHttpServer())
      .get('/api/v1/departments/29')
      .query({ withSlots: 'false', perPage: 50 })
      .expect(200);
    expect(res.body.department).toEqual({ code: '29', name: expect.any(String) });
    const names = res.body.items.map((card: { last_name: string }) => card.last_name);
    expect(names).toEqual(expect.arrayContaining(['Le Gall', 'Abgrall', 'Bihan', 'Cloarec', 'Derrien']));
    expect(res.body.cities).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ cityUri: uri('guipavas'), name: 'Guipavas', count: 2 }),
      ]),
    );
    const rural = await request(app.getHttpServer())
      .get('/api/v1/departments/29')
      .query({ withSlots: 'false', speciality: specialitySlug })
      .expect(200);
    expect(rural.body.items.map((card: { last_name: string }) => card.last_name).sort()).toEqual([
      'Bihan',
      'Cloarec',
      'Derrien',
    ]);
    await request(app.getHttpServer()).get('/api/v1/departments/00').expect(404);
    const bad = await request(app.getHttpServer()).get('/api/v1/departments/xyz').expect(400);
    expect(bad.body.message).toBe('Département inconnu');
  });
});
