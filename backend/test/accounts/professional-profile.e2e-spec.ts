import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { createTestApp } from '../app';
import { SeededAccount, SeededUser, TestDb, uniqueTag } from '../auth/support/fixtures';

/**
 * The professional (and the admin) set the practice commune, address, specialities (ordered),
 * fees; the profile's completeness says what keeps it out of the directory; once listed it is found.
 */
describe('Findable profile (PUT /users/{id}: city_uri, street, postal_code, fees_info, speciality_ids)', () => {
  let app: NestFastifyApplication;
  let db: TestDb;
  let admin: SeededAccount;
  let tag: string;
  let cityUri: string;
  let specialityIds: number[];
  const http = () => request(app.getHttpServer());
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    app = await createTestApp();
    db = new TestDb();
    admin = await db.admin(uniqueTag('profadm'));
    tag = uniqueTag('prof').toLowerCase();
    cityUri = `profville-${tag}`;
    await db.pool.query(
      `INSERT INTO departments (code, name) VALUES ('2B', 'Haute-Corse') ON CONFLICT DO NOTHING`,
    );
    await db.pool.query(
      `INSERT INTO cities (insee_code, name, city_uri, department_code, postal_codes, population, latitude, longitude)
       VALUES ($1, $2, $3, '2B', ARRAY['20200'], 40000, 42.7, 9.45)`,
      [`Y${String(Math.floor(Math.random() * 9000) + 1000)}`, `Profville ${tag}`, cityUri],
    );
    const { rows } = await db.pool.query(
      `INSERT INTO specialities (slug, name, position) VALUES ($1, 'Droit test A', 900), ($2, 'Droit test B', 901) RETURNING id`,
      [`droit-a-${tag}`, `droit-b-${tag}`],
    );
    specialityIds = rows.map((row: { id: number }) => row.id);
  });

  afterAll(async () => {
    await app.close();
    await db.close();
  });

  const listed = async (userUri: string) => {
    const search = await http().get('/api/v1/search').query({ cityUri }).expect(200);
    return (search.body.items ?? search.body.data ?? search.body).some(
      (card: { userUri: string }) => card.userUri === userUri,
    );
  };

  it('says what keeps a new profile out of the directory, then lists it once the commune is set', async () => {
    const pro: SeededUser = await db.user(uniqueTag('profa'));
    const before = await http().get(`/api/v1/users/${pro.id}`).set(bearer(pro.token)).expect(200);
    expect(before.body.profile_completeness).toMatchObject({
      listed: false,
      missing_for_listing: ['Ville d’exercice'],
    });
    expect(before.body.profile_completeness.missing).toEqual(
      expect.arrayContaining([
        'Ville d’exercice',
        'Adresse du cabinet',
        'Domaines de compétence',
        'Honoraires',
      ]),
    );

    const saved = await http()
      .put(`/api/v1/users/${pro.id}`)
      .set(bearer(pro.token))
      .send({
        city_uri: cityUri,
        street: ' 3 boulevard Paoli ',
        postal_code: '20200',
        fees_info: 'Première consultation : 80 € TTC',
        speciality_ids: [specialityIds[1], specialityIds[0], specialityIds[1]],
      })
      .expect(200);
    expect(saved.body).toMatchObject({
      city: { cityUri, name: `Profville ${tag}`, postalCodes: ['20200'] },
      street: '3 boulevard Paoli',
      postal_code: '20200',
      fees_info: 'Première consultation : 80 € TTC',
      profile_completeness: { listed: true, missing_for_listing: [] },
    });
    // the professional's order, without the repeat
    expect(saved.body.specialities.map((s: { _id: number }) => s._id)).toEqual([
      specialityIds[1],
      specialityIds[0],
    ]);
    const { rows } = await db.pool.query('SELECT latitude, longitude FROM users WHERE id = $1', [pro.id]);
    expect(rows[0]).toEqual({ latitude: 42.7, longitude: 9.45 });

    const userUri = saved.body.userUri as string;
    expect(await listed(userUri)).toBe(true);
    const profile = await http().get(`/api/v1/professionals/${userUri}`).expect(200);
    expect(profile.body.address).toMatchObject({ street: '3 boulevard Paoli', postalCode: '20200' });
    expect(profile.body.feesInfo).toBe('Première consultation : 80 € TTC');
    expect(profile.body.specialities.map((s: { name: string }) => s.name)).toEqual([
      'Droit test B',
      'Droit test A',
    ]);
  });

  it('refuses an unknown commune or speciality in French on the field, and changes nothing', async () => {
    const pro = await db.user(uniqueTag('profb'));
    const city = await http()
      .put(`/api/v1/users/${pro.id}`)
      .set(bearer(pro.token))
      .send({ city_uri: 'nulle-part-du-tout', street: '1 rue X' })
      .expect(400);
    expect(city.body.errors).toEqual({ city_uri: 'Commune inconnue' });
    const speciality = await http()
      .put(`/api/v1/users/${pro.id}`)
      .set(bearer(pro.token))
      .send({ speciality_ids: [specialityIds[0], 999_999] })
      .expect(400);
    expect(speciality.body.errors).toEqual({ speciality_ids: 'Domaine de compétence inconnu' });
    const postal = await http()
      .put(`/api/v1/users/${pro.id}`)
      .set(bearer(pro.token))
      .send({ postal_code: '2020A' })
      .expect(400);
    expect(postal.body.message).toMatch(/code postal/);
    const after = await http().get(`/api/v1/users/${pro.id}`).set(bearer(pro.token)).expect(200);
    expect(after.body).toMatchObject({ city: null, street: null, specialities: [] });
  });

  it('lets an administrator set the same fields from the console, and a sign-up not finished keeps it unlisted', async () => {
    const pending = await db.user(uniqueTag('profc'), { password: null });
    const saved = await http()
      .put(`/api/v1/admin/users/${pending.id}`)
      .set(bearer(admin.token))
      .send({ city_uri: cityUri, speciality_ids: [specialityIds[0]] })
      .expect(200);
    expect(saved.body.city.cityUri).toBe(cityUri);
    expect(saved.body.profile_completeness).toMatchObject({
      listed: false,
      missing_for_listing: ['Inscription à finaliser (mot de passe)'],
    });
    expect(await listed(saved.body.userUri)).toBe(false);
  });
});
