import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { createTestApp } from '../app';
import { SeededAccount, TestDb, uniqueTag } from '../auth/support/fixtures';

/** Specialities edited in the console; a new slug keeps the old URLs with a 301. */
describe('Admin specialities (GET / PUT /admin/specialities)', () => {
  let app: NestFastifyApplication;
  let db: TestDb;
  let admin: SeededAccount;
  const http = () => request(app.getHttpServer());
  const auth = () => ({ Authorization: `Bearer ${admin.token}` });

  beforeAll(async () => {
    app = await createTestApp();
    db = new TestDb();
    admin = await db.admin(uniqueTag('spec'));
  });

  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('renames a slug: the old listing URLs answer 301 to the new one; disabling hides it from the public list', async () => {
    const tag = uniqueTag('spec');
    const { rows } = await db.pool.query(
      `INSERT INTO specialities (slug, name, position) VALUES ($1, $2, 999) RETURNING id`,
      [`ancien-${tag}`, `Ancien ${tag}`],
    );
    const id = rows[0].id as number;

    const list = await http()
      .get('/api/v1/admin/specialities')
      .query({
        filter: JSON.stringify({ q: tag }),
        sort: JSON.stringify(['position', 'ASC']),
        range: '[0,9]',
      })
      .set(auth())
      .expect(200);
    expect(list.headers['content-range']).toBe('specialities 0-0/1');
    expect(list.body[0]).toMatchObject({ id, slug: `ancien-${tag}`, enabled: true });

    const updated = await http()
      .put(`/api/v1/admin/specialities/${id}`)
      .set(auth())
      .send({ slug: `nouveau-${tag}`, name: `Nouveau ${tag}`, position: 3 })
      .expect(200);
    expect(updated.body).toMatchObject({ slug: `nouveau-${tag}`, name: `Nouveau ${tag}`, position: 3 });

    const moved = await http()
      .get('/api/v1/redirects/resolve')
      .query({ path: `/avocats/lyon/ancien-${tag}` })
      .expect(200);
    expect(moved.body).toEqual({ to: `/avocats/lyon/nouveau-${tag}`, status: 301 });
    await http()
      .get('/api/v1/redirects/resolve')
      .query({ path: `/avocats/lyon/nouveau-${tag}` })
      .expect(404);

    await http().put(`/api/v1/admin/specialities/${id}`).set(auth()).send({ enabled: false }).expect(200);
    const pub = await http().get('/api/v1/specialities').expect(200);
    expect(pub.body.map((s: { slug: string }) => s.slug)).not.toContain(`nouveau-${tag}`);

    const audit = await http()
      .get('/api/v1/admin/audit-log')
      .query({
        filter: JSON.stringify({ resource: 'specialities', resourceId: String(id) }),
        sort: JSON.stringify(['id', 'ASC']),
      })
      .set(auth())
      .expect(200);
    expect(audit.body[0]).toMatchObject({
      before: { slug: `ancien-${tag}` },
      after: { slug: `nouveau-${tag}` },
    });
  });

  it('refuses a bad or taken slug in French and changes nothing; non-admins are refused', async () => {
    const tag = uniqueTag('specbad');
    const { rows } = await db.pool.query(
      `INSERT INTO specialities (slug, name, position) VALUES ($1, 'A', 998), ($2, 'B', 999) RETURNING id`,
      [`a-${tag}`, `b-${tag}`],
    );
    const bad = await http()
      .put(`/api/v1/admin/specialities/${rows[0].id}`)
      .set(auth())
      .send({ slug: 'Droit Pénal' })
      .expect(400);
    expect(bad.body.message).toBe('Le slug ne contient que des minuscules, des chiffres et des tirets');
    const taken = await http()
      .put(`/api/v1/admin/specialities/${rows[0].id}`)
      .set(auth())
      .send({ slug: `b-${tag}` })
      .expect(409);
    expect(taken.body.message).toBe('Un domaine de compétence utilise déjà ce slug');
    const same = await http().get(`/api/v1/admin/specialities/${rows[0].id}`).set(auth()).expect(200);
    expect(same.body.slug).toBe(`a-${tag}`);
    const pro = await db.user(uniqueTag('specpro'));
    await http().get('/api/v1/admin/specialities').set('Authorization', `Bearer ${pro.token}`).expect(403);
  });

  it('lists cities read-only with a search on name, INSEE code or postal code', async () => {
    const tag = uniqueTag('ville');
    // Real INSEE codes are digits or 2A/2B: a Z code never collides with the seeded communes
    // (a random 9xxxx did: 91xxx-95xxx are Île-de-France communes).
    const insee = `Z${String(Math.floor(Math.random() * 9000) + 1000)}`;
    await db.pool.query(
      `INSERT INTO departments (code, name) VALUES ('2A', 'Corse-du-Sud') ON CONFLICT DO NOTHING`,
    );
    const { rows } = await db.pool.query(
      `INSERT INTO cities (insee_code, name, city_uri, department_code, postal_codes, population)
       VALUES ($1, $2, $3, '2A', ARRAY['20999'], 12) RETURNING id`,
      [insee, `Villetest ${tag}`, `villetest-${tag}`],
    );
    const byName = await http()
      .get('/api/v1/admin/cities')
      .query({ filter: JSON.stringify({ q: `Villetest ${tag}` }), range: '[0,4]' })
      .set(auth())
      .expect(200);
    expect(byName.headers['content-range']).toBe('cities 0-0/1');
    expect(byName.body[0]).toMatchObject({ id: rows[0].id, inseeCode: insee, postalCodes: ['20999'] });
    const byPostal = await http()
      .get('/api/v1/admin/cities')
      .query({ filter: JSON.stringify({ q: '20999', departmentCode: '2A' }) })
      .set(auth())
      .expect(200);
    expect(byPostal.body.map((c: { id: number }) => c.id)).toContain(rows[0].id);
    const bad = await http()
      .get('/api/v1/admin/cities')
      .query({ filter: JSON.stringify({ departmentCode: 'xx; drop' }) })
      .set(auth())
      .expect(400);
    expect(bad.body.message).toBe('Code de département invalide');
    // reference data: no write route
    await http().put(`/api/v1/admin/cities/${rows[0].id}`).set(auth()).send({ name: 'X' }).expect(404);
  });
});
