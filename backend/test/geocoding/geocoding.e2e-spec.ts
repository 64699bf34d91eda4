import { randomUUID } from 'node:crypto';
import { createDb } from '../../src/database/database.module';
import { BanGeocoder } from '../../src/modules/geocoding/ban.geocoder';
import { backfillGeocoding } from '../../src/modules/geocoding/geocoding.backfill';
import { startBanFake, simulatedPoint, type BanFake } from '../support/ban-fake';
import { bearer, tokenFor, waitUntil } from '../support/fixtures';
import { uniqueSiret } from '../support/siret';
import { startStack, type TestStack } from '../support/stack';

/** Brest's centre, where the suite's commune is. */
const CENTRE = { latitude: 48.39, longitude: -4.49 };

/** Great-circle distance in km, as the directory computes it. */
function km(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const h =
    Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 6371 * 2 * Math.asin(Math.sqrt(h));
}

/** Office and practice addresses are placed by the geocoder (the simulated BAN) after they are saved. */
describe('Geocoding of office and practice addresses', () => {
  let stack: TestStack;
  let ban: BanFake;
  const tag = randomUUID().slice(0, 6);
  const cityUri = `geoville-${tag}`;

  /** A public professional of the suite's commune, placed at its centre as the profile form places them. */
  const professional = async (lastName: string) => {
    const id = randomUUID();
    await stack.pool.query(
      `INSERT INTO users (id, username, email, first_name, last_name, user_uri, city_id, password_hash, latitude, longitude)
       SELECT $1, $2, $3, 'Anne', $4, $2, c.id, '!x', c.latitude, c.longitude FROM cities c WHERE c.city_uri = $5`,
      [id, `geo-${id.slice(0, 8)}`, `geo-${id.slice(0, 8)}@example.test`, lastName, cityUri],
    );
    return { id, auth: bearer(tokenFor('user', id)) };
  };
  const office = (pro: { id: string; auth: Record<string, string> }, method: 'post' | 'put', body: object) =>
    stack.http()[method](`/api/v1/users/${pro.id}/office`).set(pro.auth).send(body);
  const placeOf = async (table: 'teams' | 'users', id: string) => {
    const { rows } = await stack.pool.query(
      `SELECT latitude, longitude, location_precision FROM ${table} WHERE id = $1`,
      [id],
    );
    return rows[0] as { latitude: number; longitude: number; location_precision: string };
  };
  /** The card of the commune's listing, nearest first from its centre. */
  const card = async (userId: string) => {
    const res = await stack
      .http()
      .get('/api/v1/search')
      .query({ cityUri, sort: 'nearest', withSlots: 'false' })
      .expect(200);
    return res.body.items.find((item: { _id: string }) => item._id === userId);
  };
  const asked = (street: string) => ban.requests.filter((request) => request.q.startsWith(street)).length;

  beforeAll(async () => {
    ban = await startBanFake();
    stack = await startStack({ GEOCODER_URL: ban.url, GEOCODER_TIMEOUT_MS: '300' });
    await stack.pool.query(
      `INSERT INTO departments (code, name) VALUES ('29', 'Finistère') ON CONFLICT DO NOTHING`,
    );
    await stack.pool.query(
      `INSERT INTO cities (insee_code, name, city_uri, department_code, postal_codes, population, latitude, longitude)
       VALUES ($1, 'Geoville', $2, '29', '{29200}', 1000, $3, $4)`,
      [`G${tag}`, cityUri, CENTRE.latitude, CENTRE.longitude],
    );
  });

  afterAll(async () => {
    // Its professionals sit near Brest, public: they leave the directory with the suite, so that no suite run
    // after it on this worker database finds them around its own communes.
    await stack.pool.query(
      `UPDATE users SET is_active = false WHERE city_id = (SELECT id FROM cities WHERE city_uri = $1)`,
      [cityUri],
    );
    await stack.close();
    await ban.stop();
  });

  it('places a new office at its address, and its members with it: the listing distance becomes the address’s', async () => {
    const pro = await professional('Abiven');
    // Before: at the commune's centre, the distance from it approximate.
    expect(await card(pro.id)).toMatchObject({
      distanceKm: 0,
      locationPrecision: 'commune',
      latitude: CENTRE.latitude,
      longitude: CENTRE.longitude,
    });
    const created = await office(pro, 'post', {
      name: `Cabinet Abiven ${tag}`,
      ext_id: uniqueSiret(),
      street: '12 rue du Palais',
      postal_code: '29200',
      city_uri: cityUri,
    }).expect(201);
    const teamId = created.body.office.id as string;
    await waitUntil(async () => (await placeOf('users', pro.id)).location_precision === 'address');
    const expected = simulatedPoint('12 rue du Palais', CENTRE);
    expect(await placeOf('teams', teamId)).toEqual({ ...expected, location_precision: 'address' });
    const distance = km(CENTRE, expected);
    expect(distance).toBeGreaterThan(0.25);
    expect(await card(pro.id)).toMatchObject({
      distanceKm: Math.round(distance * 10) / 10,
      locationPrecision: 'address',
      ...expected,
    });
    // The geocoder was asked with the commune: postal code and centre.
    expect(ban.requests.find((request) => request.q.startsWith('12 rue du Palais'))).toEqual({
      q: '12 rue du Palais 29200 Geoville',
      postcode: '29200',
      lat: CENTRE.latitude,
      lon: CENTRE.longitude,
    });
    // The office page and the profile give a map the same point.
    const page = await stack.http().get(`/api/v1/teams/${created.body.office.teamUri}`).expect(200);
    expect(page.body).toMatchObject({ ...expected, locationPrecision: 'address' });
    const profile = await stack
      .http()
      .get(`/api/v1/professionals/geo-${pro.id.slice(0, 8)}`)
      .expect(200);
    expect(profile.body).toMatchObject({ ...expected, locationPrecision: 'address' });
    expect(profile.body.office).toMatchObject({ ...expected, locationPrecision: 'address' });
  });

  it('keeps an address the address base does not know at its commune’s centre, said approximate', async () => {
    const pro = await professional('Bothorel');
    const created = await office(pro, 'post', {
      name: `Cabinet Bothorel ${tag}`,
      ext_id: uniqueSiret(),
      street: '9 rue des Carmes',
      postal_code: '29200',
      city_uri: cityUri,
    }).expect(201);
    await waitUntil(async () => (await placeOf('users', pro.id)).location_precision === 'address');
    await office(pro, 'put', { street: 'xqzkj wvbn' }).expect(200);
    // At once the old point is gone: the commune's centre until the geocoder answers.
    expect(await placeOf('teams', created.body.office.id)).toEqual({
      ...CENTRE,
      location_precision: 'commune',
    });
    await waitUntil(async () => asked('xqzkj wvbn') === 1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await placeOf('teams', created.body.office.id)).toEqual({
      ...CENTRE,
      location_precision: 'commune',
    });
    expect(await card(pro.id)).toMatchObject({ distanceKm: 0, locationPrecision: 'commune', ...CENTRE });
  });

  it('saves at once while the address base fails or hangs, and places the address when a retry gets through', async () => {
    const pro = await professional('Cadiou');
    const created = await office(pro, 'post', {
      name: `Cabinet Cadiou ${tag}`,
      ext_id: uniqueSiret(),
      city_uri: cityUri,
    }).expect(201);
    ban.failNext(1, 500);
    ban.failNext(1, 'timeout');
    const started = Date.now();
    const saved = await office(pro, 'put', { street: '3 place du Marché', postal_code: '29200' }).expect(200);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(saved.body.office).toMatchObject({ street: '3 place du Marché', postal_code: '29200' });
    expect((await placeOf('teams', created.body.office.id)).location_precision).toBe('commune');
    // First attempt: 500; second (a second later): no answer within GEOCODER_TIMEOUT_MS; third: placed.
    await waitUntil(
      async () => (await placeOf('teams', created.body.office.id)).location_precision === 'address',
      15_000,
    );
    expect(asked('3 place du Marché')).toBe(3);
    expect(await placeOf('users', pro.id)).toEqual({
      ...simulatedPoint('3 place du Marché', CENTRE),
      location_precision: 'address',
    });
  });

  it('places a practice address typed in the profile, the professional’s own before their office’s', async () => {
    const pro = await professional('Derrien');
    await stack
      .http()
      .put(`/api/v1/users/${pro.id}`)
      .set(pro.auth)
      .send({ street: '5 rue de la République', postal_code: '29200' })
      .expect(200);
    await waitUntil(async () => (await placeOf('users', pro.id)).location_precision === 'address');
    expect(await placeOf('users', pro.id)).toEqual({
      ...simulatedPoint('5 rue de la République', CENTRE),
      location_precision: 'address',
    });
    const profile = await stack
      .http()
      .get(`/api/v1/professionals/geo-${pro.id.slice(0, 8)}`)
      .expect(200);
    expect(profile.body).toMatchObject({
      locationPrecision: 'address',
      ...simulatedPoint('5 rue de la République', CENTRE),
    });
  });

  describe('from the console', () => {
    const admin = () => bearer(tokenFor('admin', randomUUID()));

    it('moves an office and its members when the console changes the office’s address', async () => {
      const pro = await professional('Ellegoet');
      const created = await office(pro, 'post', {
        name: `Cabinet Ellegoet ${tag}`,
        ext_id: uniqueSiret(),
        street: '4 rue de Siam',
        postal_code: '29200',
        city_uri: cityUri,
      }).expect(201);
      const teamId = created.body.office.id as string;
      await waitUntil(async () => (await placeOf('users', pro.id)).location_precision === 'address');
      const record = await stack.http().get(`/api/v1/admin/teams/${teamId}`).set(admin()).expect(200);
      // react-admin sends the whole record back, with the street changed.
      await stack
        .http()
        .put(`/api/v1/admin/teams/${teamId}`)
        .set(admin())
        .send({ ...record.body, street: '18 quai de la Douane' })
        .expect(200);
      const moved = simulatedPoint('18 quai de la Douane', CENTRE);
      await waitUntil(async () => (await placeOf('users', pro.id)).latitude === moved.latitude);
      expect(await placeOf('teams', teamId)).toEqual({ ...moved, location_precision: 'address' });
      expect(await card(pro.id)).toMatchObject({ locationPrecision: 'address', ...moved });
      // Saving the record again without changing the address asks the geocoder nothing more.
      const again = await stack.http().get(`/api/v1/admin/teams/${teamId}`).set(admin()).expect(200);
      await stack
        .http()
        .put(`/api/v1/admin/teams/${teamId}`)
        .set(admin())
        .send({ ...again.body, phone: '0298000000' })
        .expect(200);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(asked('18 quai de la Douane')).toBe(1);
    });

    it('places an office created in the console at its address', async () => {
      const created = await stack
        .http()
        .post('/api/v1/admin/teams')
        .set(admin())
        .send({
          name: `Étude Fily ${tag}`,
          ext_id: uniqueSiret(),
          street: '2 place de la Liberté',
          postalCode: '29200',
          cityUri,
        })
        .expect(201);
      await waitUntil(async () => (await placeOf('teams', created.body.id)).location_precision === 'address');
      expect(await placeOf('teams', created.body.id)).toEqual({
        ...simulatedPoint('2 place de la Liberté', CENTRE),
        location_precision: 'address',
      });
    });

    it('moves a professional when the console changes their practice address', async () => {
      const pro = await professional('Guivarc’h');
      await stack
        .http()
        .put(`/api/v1/admin/users/${pro.id}`)
        .set(admin())
        .send({ street: '7 rue Louis Pasteur', postal_code: '29200' })
        .expect(200);
      await waitUntil(async () => (await placeOf('users', pro.id)).location_precision === 'address');
      const moved = simulatedPoint('7 rue Louis Pasteur', CENTRE);
      expect(await card(pro.id)).toMatchObject({ locationPrecision: 'address', ...moved });
    });
  });

  describe('backfill of the addresses saved before geocoding existed', () => {
    /** Rows as they were before geocoding: a street, the commune's centre, never asked. */
    const legacyOffice = async (street: string) => {
      const id = randomUUID();
      await stack.pool.query(
        `INSERT INTO teams (id, name, ext_id, team_uri, street, postal_code, city_id, latitude, longitude)
         SELECT $1, $2, $3, $4, $5, '29200', c.id, c.latitude, c.longitude FROM cities c WHERE c.city_uri = $6`,
        [id, `Cabinet ${street}`, uniqueSiret(), `legacy-${id.slice(0, 8)}`, street, cityUri],
      );
      return id;
    };
    const legacyPractice = async (street: string) => {
      const pro = await professional('Hascoët');
      await stack.pool.query(`UPDATE users SET street = $2, postal_code = '29200' WHERE id = $1`, [
        pro.id,
        street,
      ]);
      return pro.id;
    };

    it('places them at a limited rate, resumes after a stop, and never asks twice for the same address', async () => {
      const officeId = await legacyOffice('11 rue Victor Hugo');
      const unknownId = await legacyOffice('zzqx vvbnm');
      const practiceId = await legacyPractice('6 avenue Foch');
      // A member of the old office without an address of their own follows it.
      const member = await professional('Inizan');
      await stack.pool.query(`UPDATE users SET team_id = $2 WHERE id = $1`, [member.id, officeId]);
      expect(await card(practiceId)).toMatchObject({ locationPrecision: 'commune', ...CENTRE });

      const db = createDb(stack.pool);
      const geocoder = new BanGeocoder(ban.url, 300);
      // First run: the address base fails on the first address, every try: the run stops, to be resumed.
      const beforeStop = ban.requests.length;
      ban.failNext(2, 500);
      const stopped = await backfillGeocoding(db, geocoder, {
        ratePerSecond: 20,
        attempts: 2,
        retryDelayMs: 10,
      });
      expect(stopped.interruptedBy).toBe('the address base answered 500');
      expect(await card(practiceId)).toMatchObject({ locationPrecision: 'commune' });
      // The stopped run asked its first address twice (its two attempts), then nothing else. Which address comes
      // first depends on the rows' random ids: the runs after it are counted from here.
      const afterStop = ban.requests.length;
      const stoppedAsks = ban.requests.slice(beforeStop, afterStop).map((request) => request.q);
      expect(stoppedAsks).toHaveLength(2);
      expect(new Set(stoppedAsks).size).toBe(1);
      const askedSinceStop = (street: string) =>
        ban.requests.slice(afterStop).filter((request) => request.q.startsWith(street)).length;

      // Second run: one address only (a trial).
      const trial = await backfillGeocoding(db, geocoder, { ratePerSecond: 20, limit: 1 });
      expect(trial).toMatchObject({ interruptedBy: null });
      expect(trial.placed + trial.notFound).toBe(1);

      // Third run: the rest.
      const rest = await backfillGeocoding(db, geocoder, { ratePerSecond: 20 });
      expect(rest.interruptedBy).toBeNull();
      expect(await placeOf('teams', officeId)).toEqual({
        ...simulatedPoint('11 rue Victor Hugo', CENTRE),
        location_precision: 'address',
      });
      expect(await card(member.id)).toMatchObject({
        locationPrecision: 'address',
        ...simulatedPoint('11 rue Victor Hugo', CENTRE),
      });
      expect(await card(practiceId)).toMatchObject({
        locationPrecision: 'address',
        ...simulatedPoint('6 avenue Foch', CENTRE),
      });
      expect(await placeOf('teams', unknownId)).toEqual({ ...CENTRE, location_precision: 'commune' });

      // A fourth run finds nothing left: every address was asked once, the unknown one included.
      const fourth = await backfillGeocoding(db, geocoder, { ratePerSecond: 20 });
      expect(fourth).toEqual({ placed: 0, notFound: 0, skipped: 0, interruptedBy: null });
      expect(askedSinceStop('11 rue Victor Hugo')).toBe(1);
      expect(askedSinceStop('zzqx vvbnm')).toBe(1);
      expect(askedSinceStop('6 avenue Foch')).toBe(1);
    });
  });
});
