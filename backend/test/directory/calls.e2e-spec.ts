import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { createTestApp } from '../app';
import { SeededUser, TestDb, uniqueTag } from '../auth/support/fixtures';

/** The phone reveals of the public profile, per day / week / month, against the period before. */
describe('Calls (GET /users/{id}/calls)', () => {
  let app: NestFastifyApplication;
  let db: TestDb;
  let pro: SeededUser;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await createTestApp();
    db = new TestDb();
    pro = await db.user(uniqueTag('calls'), { telephone: '+33612345678' });
    // 3 calls today, 2 ten days ago, 4 forty days ago (in the previous 30-day window), 1 a year and a half ago
    await db.pool.query(
      `INSERT INTO calls (user_id, created_at)
       SELECT $1, now() - make_interval(days => d) FROM unnest($2::int[]) AS d`,
      [pro.id, [0, 0, 0, 10, 10, 40, 40, 40, 40, 540]],
    );
  });

  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('counts per day over 30 days, with the 30 days before', async () => {
    const { body } = await http()
      .get(`/api/v1/users/${pro.id}/calls`)
      .set('Authorization', `Bearer ${pro.token}`)
      .expect(200);
    expect(body.period).toBe('day');
    expect(body.buckets).toHaveLength(30);
    expect(body.buckets.at(-1).count).toBe(3);
    expect(body.buckets.at(-11).count).toBe(2);
    expect(body.total).toBe(5);
    expect(body.previousTotal).toBe(4);
    expect(body.buckets.at(-1).start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('counts per month over 12 months, and the current month for the dashboard', async () => {
    const { body } = await http()
      .get(`/api/v1/users/${pro.id}/calls`)
      .query({ period: 'month' })
      .set('Authorization', `Bearer ${pro.token}`)
      .expect(200);
    expect(body.buckets).toHaveLength(12);
    expect(body.total).toBe(9);
    // 540 days ago falls in the 12 months before the window
    expect(body.previousTotal).toBe(1);
    expect(body.thisMonth).toBe(body.buckets.at(-1).count);
  });

  it('counts a reveal made from the public profile, and answers only the professional', async () => {
    const other = await db.user(uniqueTag('calls2'), { publicPhone: '+33698765432' });
    const { rows } = await db.pool.query('SELECT user_uri FROM users WHERE id = $1', [other.id]);
    await http()
      .post(`/api/v1/professionals/${rows[0].user_uri}/phone-reveal`)
      .set('x-forwarded-for', '203.0.113.9');
    const { body } = await http()
      .get(`/api/v1/users/${other.id}/calls`)
      .query({ period: 'week' })
      .set('Authorization', `Bearer ${other.token}`)
      .expect(200);
    expect(body.buckets).toHaveLength(12);
    expect(body.buckets.at(-1).count).toBe(1);
    await http()
      .get(`/api/v1/users/${other.id}/calls`)
      .set('Authorization', `Bearer ${pro.token}`)
      .expect(403);
    const bad = await http()
      .get(`/api/v1/users/${pro.id}/calls`)
      .query({ period: 'year' })
      .set('Authorization', `Bearer ${pro.token}`)
      .expect(400);
    expect(bad.body.message).toBe('La période doit être day, week ou month');
  });
});
