import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { LIVE_FIGURES_MAX_AGE_MS } from '../../src/modules/admin-console/dashboard.service';
import { createTestApp } from '../app';
import { SeededAccount, TestDb, uniqueTag } from '../auth/support/fixtures';

/**
 * The dashboard's figures move with what happens on the site. Today's figures and the counts are one read shared
 * for up to 10 seconds (LIVE_FIGURES_MAX_AGE_MS), stamped with its time: the API's clock is moved on past that
 * period (it only ever moves forwards here, so a read never looks younger than it is) to see the next read.
 */
describe('Admin dashboard figures (GET /admin/dashboard)', () => {
  let app: NestFastifyApplication;
  let db: TestDb;
  let admin: SeededAccount;
  let skew = 0;
  const realNow = Date.now.bind(Date);
  const laterThanTheLastRead = () => {
    skew += LIVE_FIGURES_MAX_AGE_MS + 1;
  };
  const http = () => request(app.getHttpServer());
  const figures = async () =>
    (await http().get('/api/v1/admin/dashboard').set('Authorization', `Bearer ${admin.token}`).expect(200))
      .body;

  beforeAll(async () => {
    jest.spyOn(Date, 'now').mockImplementation(() => realNow() + skew);
    app = await createTestApp();
    db = new TestDb();
    admin = await db.admin(uniqueTag('dash'));
  });

  afterAll(async () => {
    await app.close();
    await db.close();
    jest.restoreAllMocks();
  });

  it('counts the bookings of the days before today on their day (Europe/Paris)', async () => {
    const tag = uniqueTag('dashpast');
    const pro = await db.user(tag);
    const client = await db.attendee(tag);
    const booked = await db.appointment(pro.id, client.id, 30 * 60, 'cancelled');
    await db.pool.query(
      `UPDATE appointments SET created_at = now() - interval '2 days', updated_at = now() - interval '2 days' WHERE id = $1`,
      [booked],
    );
    laterThanTheLastRead();
    const { rows } = await db.pool.query<{ created: string; cancelled: string }>(
      `SELECT count(*) AS created, count(*) FILTER (WHERE status = 'cancelled') AS cancelled FROM appointments
       WHERE (created_at AT TIME ZONE 'Europe/Paris')::date = (now() AT TIME ZONE 'Europe/Paris')::date - 2`,
    );
    const twoDaysAgo = (await figures()).bookingsPerDay[27];
    expect(twoDaysAgo.created).toBe(Number(rows[0].created));
    expect(twoDaysAgo.created).toBeGreaterThanOrEqual(1);
    expect(twoDaysAgo.cancelled).toBeGreaterThanOrEqual(1);
  });

  it('counts bookings per day over 30 days, old pending validations, new professionals and clients, waiting requests', async () => {
    const before = await figures();
    expect(before.bookingsPerDay).toHaveLength(30);
    const today = before.bookingsPerDay[29];

    const tag = uniqueTag('dash');
    const pro = await db.user(tag);
    const client = await db.attendee(tag);
    await db.appointment(pro.id, client.id, 24 * 60, 'confirmed');
    await db.appointment(pro.id, client.id, 26 * 60, 'cancelled');
    const old = await db.appointment(pro.id, client.id, 28 * 60, 'pending');
    await db.pool.query(`UPDATE appointments SET created_at = now() - interval '3 days' WHERE id = $1`, [
      old,
    ]);
    await http()
      .post('/api/v1/registration-requests')
      .set('x-forwarded-for', '198.51.100.81')
      .send({
        civility: 'M.',
        first_name: 'Jean',
        last_name: `Dash-${tag}`,
        email: `jean.${tag}@example.fr`,
        phone: '06 12 34 56 78',
        city: 'Nantes',
      })
      .expect(201);

    laterThanTheLastRead();
    const after = await figures();
    const todayAfter = after.bookingsPerDay[29];
    expect(todayAfter.day).toBe(today.day);
    expect(todayAfter.created - today.created).toBe(2);
    expect(todayAfter.validated - today.validated).toBe(1);
    expect(todayAfter.cancelled - today.cancelled).toBe(1);
    expect(after.pendingOlderThan48h - before.pendingOlderThan48h).toBe(1);
    expect(after.newProfessionals - before.newProfessionals).toBe(1);
    expect(after.newClients - before.newClients).toBe(1);
    expect(after.registrationRequestsWaiting - before.registrationRequestsWaiting).toBe(1);
    expect(after.failedNotificationJobs).toEqual(expect.any(Number));
    expect(after.calendarConnectionsInError).toEqual(expect.any(Number));
  });

  it('answers one read of the live figures for up to 10 seconds, stamped with its time, then a new one', async () => {
    laterThanTheLastRead();
    const asked = Date.now();
    const first = await figures();
    const readAt = Date.parse(first.figuresAt);
    expect(readAt).toBeGreaterThanOrEqual(asked);
    expect(readAt).toBeLessThanOrEqual(Date.now());

    const tag = uniqueTag('dashlive');
    const pro = await db.user(tag);
    const client = await db.attendee(tag);
    await db.appointment(pro.id, client.id, 24 * 60, 'confirmed');

    // Within the period: the same read, the same time, the booking not in it yet.
    const again = await figures();
    expect(again.figuresAt).toBe(first.figuresAt);
    expect(again.bookingsPerDay[29].created).toBe(first.bookingsPerDay[29].created);
    expect(again.newProfessionals).toBe(first.newProfessionals);

    // Past it: a new read, which has the booking and the professional, and its own time.
    laterThanTheLastRead();
    const next = await figures();
    expect(Date.parse(next.figuresAt)).toBeGreaterThanOrEqual(readAt + LIVE_FIGURES_MAX_AGE_MS);
    expect(next.bookingsPerDay[29].created - first.bookingsPerDay[29].created).toBe(1);
    expect(next.newProfessionals - first.newProfessionals).toBe(1);
  });

  it('is for administrators only', async () => {
    const pro = await db.user(uniqueTag('dashpro'));
    await http().get('/api/v1/admin/dashboard').set('Authorization', `Bearer ${pro.token}`).expect(403);
    await http().get('/api/v1/admin/dashboard').expect(401);
  });
});
