import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { createTestApp } from '../app';
import { SeededAccount, TestDb, uniqueTag } from '../auth/support/fixtures';

/** The moderation queue; a review counts in the schema rating only once published. */
describe('Admin reviews moderation (GET /admin/reviews, publish, reject)', () => {
  let app: NestFastifyApplication;
  let db: TestDb;
  let admin: SeededAccount;
  const http = () => request(app.getHttpServer());
  const auth = () => ({ Authorization: `Bearer ${admin.token}` });

  beforeAll(async () => {
    app = await createTestApp();
    db = new TestDb();
    admin = await db.admin(uniqueTag('rev'));
  });

  afterAll(async () => {
    await app.close();
    await db.close();
  });

  async function pendingReview(userId: string, comment: string): Promise<string> {
    const { rows } = await db.pool.query(
      `INSERT INTO reviews (user_id, rating, comment, author_name) VALUES ($1, 5, $2, 'Paul C.') RETURNING id`,
      [userId, comment],
    );
    return rows[0].id;
  }

  it('publishes a pending review: it appears in the public reviews and the schema rating; rejecting takes it out', async () => {
    const tag = uniqueTag('rev');
    const pro = await db.user(tag);
    const id = await pendingReview(pro.id, `Très clair ${tag}`);
    const before = (await http().get('/api/v1/schema-rating').expect(200)).body;

    const queue = await http()
      .get('/api/v1/admin/reviews')
      .query({
        filter: JSON.stringify({ status: 'pending', q: tag }),
        sort: JSON.stringify(['createdAt', 'DESC']),
        range: '[0,9]',
      })
      .set(auth())
      .expect(200);
    expect(queue.headers['content-range']).toBe('reviews 0-0/1');
    expect(queue.body[0]).toMatchObject({ id, status: 'pending', userId: pro.id });

    const published = await http().post(`/api/v1/admin/reviews/${id}/publish`).set(auth()).expect(200);
    expect(published.body).toMatchObject({ status: 'published', publishedAt: expect.any(String) });
    const after = (await http().get('/api/v1/schema-rating').expect(200)).body;
    expect(after.ratingCount).toBe(before.ratingCount + 1);
    const page = await http().get('/api/v1/reviews').query({ perPage: 50 }).expect(200);
    expect(JSON.stringify(page.body)).toContain(`Très clair ${tag}`);

    const empty = await http()
      .post(`/api/v1/admin/reviews/${id}/reject`)
      .set(auth())
      .send({ reason: '' })
      .expect(400);
    expect(empty.body.message).toBe('Le motif du rejet est obligatoire');
    const rejected = await http()
      .post(`/api/v1/admin/reviews/${id}/reject`)
      .set(auth())
      .send({ reason: 'Propos injurieux' })
      .expect(200);
    expect(rejected.body).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Propos injurieux',
      publishedAt: null,
    });
    expect((await http().get('/api/v1/schema-rating').expect(200)).body.ratingCount).toBe(before.ratingCount);
  });

  it('refuses unknown statuses, ids and non-admins', async () => {
    const bad = await http()
      .get('/api/v1/admin/reviews')
      .query({ filter: JSON.stringify({ status: 'hidden' }) })
      .set(auth())
      .expect(400);
    expect(bad.body.message).toBe('Statut d’avis inconnu');
    await http()
      .post('/api/v1/admin/reviews/00000000-0000-4000-8000-000000000000/publish')
      .set(auth())
      .expect(404);
    const pro = await db.user(uniqueTag('revpro'));
    await http().get('/api/v1/admin/reviews').set('Authorization', `Bearer ${pro.token}`).expect(403);
  });
});
