import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { verifyPassword } from '../../src/modules/identity/password-hasher';
import { DEMO_ACCOUNTS, LAWYER_SPECIALITIES, loadCommunes, seed } from '../../src/database/seed';
import { BENCH_EMAIL_DOMAIN, seedBench } from '../../src/database/seed/bench-data';
import { seedDemoPortrait } from '../../src/database/seed/demo-portrait';
import { seedDemoFeeAgreement } from '../../src/modules/fee-agreements';
import { demoContentFor } from '../../src/database/seed/sector-demo-content';
import type { FileStorage } from '../../src/common/file-storage';
import { createTestApp } from '../app';
import { openTestDb } from '../db';

describe('reference data seed and GET /api/v1/specialities, /timezones', () => {
  const { db, close } = openTestDb();
  let app: NestFastifyApplication;
  let firstRun: Awaited<ReturnType<typeof seed>>;

  beforeAll(async () => {
    firstRun = await seed(db, { sector: 'lawyer' });
    app = await createTestApp();
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await close();
  });

  it('loads every current commune and every department from @etalab/decoupage-administratif', async () => {
    expect(firstRun.departments).toBe(109);
    expect(firstRun.cities).toBeGreaterThan(34_000);
    const inseeCodes = loadCommunes().map((c) => c.code);
    const [{ count }] = (
      await db.execute(
        sql`SELECT count(*)::int AS count FROM cities WHERE insee_code = ANY(${sql.param(inseeCodes)}::text[])`,
      )
    ).rows as Array<{ count: number }>;
    expect(count).toBe(firstRun.cities);
  });

  it('gives cities unique, readable cityUris: lyon, saint-denis-93, saint-etienne', async () => {
    const rows = (
      await db.execute(
        sql`SELECT city_uri, name, department_code FROM cities WHERE city_uri IN ('lyon', 'saint-denis-93', 'saint-denis-974', 'saint-etienne', 'paris')`,
      )
    ).rows as Array<{ city_uri: string; name: string; department_code: string }>;
    const byUri = Object.fromEntries(rows.map((row) => [row.city_uri, row]));
    expect(byUri.lyon).toMatchObject({ name: 'Lyon', department_code: '69' });
    expect(byUri['saint-denis-93']).toMatchObject({ name: 'Saint-Denis', department_code: '93' });
    expect(byUri['saint-denis-974']).toMatchObject({ name: 'Saint-Denis', department_code: '974' });
    expect(byUri['saint-etienne']).toMatchObject({ name: 'Saint-Étienne', department_code: '42' });
    expect(byUri.paris).toMatchObject({ name: 'Paris', department_code: '75' });
    const [{ duplicates }] = (
      await db.execute(
        sql`SELECT count(*)::int AS duplicates FROM (SELECT city_uri FROM cities GROUP BY city_uri HAVING count(*) > 1) d`,
      )
    ).rows as Array<{ duplicates: number }>;
    expect(duplicates).toBe(0);
  });

  it('computes the same cityUris from the data set every time (stable URLs)', () => {
    const first = new Map(loadCommunes().map((c) => [c.code, c.cityUri]));
    const second = new Map(loadCommunes().map((c) => [c.code, c.cityUri]));
    expect(second).toEqual(first);
    expect(new Set(first.values()).size).toBe(first.size);
  });

  it('is idempotent: a second run changes no counts', async () => {
    const counts = async () =>
      (
        await db.execute(sql`SELECT
          (SELECT count(*)::int FROM departments) AS departments,
          (SELECT count(*)::int FROM cities) AS cities,
          (SELECT count(*)::int FROM specialities) AS specialities,
          (SELECT count(*)::int FROM teams) AS teams,
          (SELECT count(*)::int FROM users) AS users,
          (SELECT count(*)::int FROM user_specialities) AS links,
          (SELECT count(*)::int FROM reviews) AS reviews,
          (SELECT count(*)::int FROM admins) AS admins,
          (SELECT count(*)::int FROM attendees) AS attendees`)
      ).rows[0];
    const before = await counts();
    const uris = (await db.execute(sql`SELECT user_uri FROM users ORDER BY user_uri`)).rows;
    await seed(db, { sector: 'lawyer' });
    expect(await counts()).toEqual(before);
    expect((await db.execute(sql`SELECT user_uri FROM users ORDER BY user_uri`)).rows).toEqual(uris);
  }, 120_000);

  it('creates ~60 demo professionals in ~15 offices over ~20 real cities, some not booking online', async () => {
    const [stats] = (
      await db.execute(sql`SELECT count(*)::int AS professionals,
          count(DISTINCT city_id)::int AS cities,
          count(DISTINCT team_id)::int AS teams,
          count(*) FILTER (WHERE NOT accepts_online_booking)::int AS offline,
          bool_and(is_demo) AS all_demo
        FROM users WHERE email LIKE '%@demo.rdv-avocat.fr'`)
    ).rows as Array<{
      professionals: number;
      cities: number;
      teams: number;
      offline: number;
      all_demo: boolean;
    }>;
    expect(stats.professionals).toBe(60);
    expect(stats.cities).toBe(20);
    expect(stats.teams).toBe(15);
    expect(stats.offline).toBeGreaterThan(0);
    expect(stats.all_demo).toBe(true);
    const [links] = (
      await db.execute(sql`SELECT min(n)::int AS min, max(n)::int AS max FROM (
        SELECT count(*) AS n FROM user_specialities JOIN users ON users.id = user_id
        WHERE users.email LIKE '%@demo.rdv-avocat.fr' GROUP BY user_id) l`)
    ).rows as Array<{ min: number; max: number }>;
    expect(links.min).toBeGreaterThanOrEqual(1);
    expect(links.max).toBeLessThanOrEqual(3);
  });

  it('makes the demo lawyer manage an office with colleagues and one request to join it waiting', async () => {
    const [office] = (
      await db.execute(sql`SELECT t.manager_id = u.id AS manages,
          (SELECT count(*)::int FROM users m WHERE m.team_id = t.id AND m.id <> u.id) AS colleagues,
          (SELECT count(*)::int FROM users r WHERE r.requested_team_id = t.id) AS requests
        FROM users u JOIN teams t ON t.id = u.team_id WHERE u.email = ${DEMO_ACCOUNTS.professional.email}`)
    ).rows as Array<{ manages: boolean; colleagues: number; requests: number }>;
    expect(office).toEqual({ manages: true, colleagues: expect.any(Number), requests: 1 });
    expect(office.colleagues).toBeGreaterThanOrEqual(2);
    const [unmanaged] = (
      await db.execute(sql`SELECT count(*)::int AS n FROM teams t
        WHERE t.manager_id IS NULL AND EXISTS (SELECT 1 FROM users u WHERE u.team_id = t.id AND u.is_demo)`)
    ).rows as Array<{ n: number }>;
    expect(unmanaged.n).toBe(0);
  });

  it('gives the demo lawyer a practice’s week: appointments Monday to Friday in office hours, client folders, an address', async () => {
    const { rows } = await db.execute(sql`SELECT a.status,
        extract(isodow FROM a.starts_at AT TIME ZONE 'Europe/Paris')::int AS weekday,
        to_char(a.starts_at AT TIME ZONE 'Europe/Paris', 'HH24:MI') AS starts,
        to_char(a.ends_at AT TIME ZONE 'Europe/Paris', 'HH24:MI') AS ends
      FROM appointments a JOIN users u ON u.id = a.user_id
      WHERE u.email = ${DEMO_ACCOUNTS.professional.email} AND a.ref_appointment LIKE 'DEMOWEEK%'`);
    const week = rows as Array<{ status: string; weekday: number; starts: string; ends: string }>;
    expect(week.length).toBe(14);
    for (const meeting of week) {
      expect(meeting.weekday).toBeLessThanOrEqual(5);
      expect(meeting.starts >= '09:00' && meeting.ends <= '18:30').toBe(true);
      // Tuesday mornings are the demo calendar's weekly hearing
      if (meeting.weekday === 2) expect(meeting.starts >= '13:00').toBe(true);
    }
    expect(week.filter((m) => m.status === 'pending').length).toBeGreaterThanOrEqual(2);
    const [profile] = (
      await db.execute(sql`SELECT u.street, u.postal_code,
          (SELECT count(*)::int FROM client_folders f WHERE f.user_id = u.id) AS folders
        FROM users u WHERE u.email = ${DEMO_ACCOUNTS.professional.email}`)
    ).rows as Array<{ street: string | null; postal_code: string | null; folders: number }>;
    expect(profile.street).toBeTruthy();
    expect(profile.postal_code).toMatch(/^75\d{3}$/);
    expect(profile.folders).toBeGreaterThanOrEqual(4);
  });

  it('gives the demo lawyer a photo once there is somewhere to store it, through the upload processing', async () => {
    const stored = new Map<string, Buffer>();
    const media = {
      put: async (name: string, bytes: Buffer) => void stored.set(name, bytes),
    } as unknown as FileStorage;
    await db.execute(sql`UPDATE users SET picture = NULL WHERE email = ${DEMO_ACCOUNTS.professional.email}`);
    expect(await seedDemoPortrait(db, DEMO_ACCOUNTS.professional.email, media)).toBe(true);
    const [row] = (
      await db.execute(sql`SELECT picture FROM users WHERE email = ${DEMO_ACCOUNTS.professional.email}`)
    ).rows as Array<{ picture: string }>;
    expect(row.picture).toMatch(/^\/api\/v1\/media\/[0-9a-f]+-400\.webp$/);
    expect([...stored.keys()].sort()).toEqual(
      [
        row.picture.replace('/api/v1/media/', ''),
        row.picture.replace('/api/v1/media/', '').replace('-400', '-160'),
      ].sort(),
    );
    // a photo the professional chose is never replaced
    expect(await seedDemoPortrait(db, DEMO_ACCOUNTS.professional.email, media)).toBe(false);
  });

  it('gives the demo lawyer’s paid motive the model fee agreement, and its paid meeting an accepted one with its PDF', async () => {
    const stored = new Map<string, Buffer>();
    const storage = {
      put: async (name: string, bytes: Buffer) => void stored.set(name, bytes),
    } as unknown as FileStorage;
    const terms = await db.execute(sql`SELECT v.hash, v.terms FROM motive_agreement_versions v
      JOIN users u ON u.id = v.user_id WHERE u.email = ${DEMO_ACCOUNTS.professional.email}`);
    expect(terms.rows).toHaveLength(1);
    expect(String((terms.rows[0] as { terms: string }).terms)).toContain('bâtonnier');
    // The seed ran without a storage: the accepted agreement comes once there is one.
    const added = await seedDemoFeeAgreement(db, DEMO_ACCOUNTS.professional.email, 'lawyer', storage);
    expect(added.agreements).toBe(1);
    const { rows } =
      await db.execute(sql`SELECT f.pdf_storage_name, f.filled_text, p.status FROM fee_agreements f
      JOIN appointment_payments p ON p.appointment_id = f.appointment_id WHERE f.ref_appointment = 'DEMOWEEKNEXTRDVA'`);
    const row = rows[0] as { pdf_storage_name: string; filled_text: string; status: string };
    expect(row.status).toBe('captured');
    expect(row.filled_text).toContain('80 € TTC');
    expect(stored.get(row.pdf_storage_name)?.subarray(0, 5).toString()).toBe('%PDF-');
    // Evidence is never rewritten: a second run adds nothing.
    expect(
      (await seedDemoFeeAgreement(db, DEMO_ACCOUNTS.professional.email, 'lawyer', storage)).agreements,
    ).toBe(0);
  });

  it('writes review texts that match their rating: a 2 or 3 star review never reads as a recommendation', async () => {
    const { rows } = await db.execute(sql`SELECT r.rating, r.comment FROM reviews r
      JOIN users u ON u.id = r.user_id WHERE u.is_demo`);
    const reviews = rows as Array<{ rating: number; comment: string }>;
    const low = reviews.filter((r) => r.rating <= 3);
    const high = reviews.filter((r) => r.rating >= 4);
    expect(low.length).toBeGreaterThan(0);
    expect(high.length).toBeGreaterThan(0);
    const lawyer = demoContentFor('lawyer');
    for (const review of low) expect(lawyer.mixedReviewComments).toContain(review.comment);
    for (const review of high) expect(lawyer.reviewComments).toContain(review.comment);
  });

  it('gives the demo lawyer a referral code, a subscribed and a signed-up referral and a waiting invitation', async () => {
    const { rows } = await db.execute(sql`SELECT s.referral_code,
        (SELECT count(*)::int FROM users r WHERE r.referred_by = s.id AND r.subscribed_at IS NOT NULL) AS subscribed,
        (SELECT count(*)::int FROM users r WHERE r.referred_by = s.id AND r.subscribed_at IS NULL) AS signed_up,
        (SELECT count(*)::int FROM referral_invitations i WHERE i.sponsor_id = s.id) AS invited
      FROM users s WHERE s.email = ${DEMO_ACCOUNTS.professional.email}`);
    expect(rows[0]).toEqual({ referral_code: 'DEMO-2026', subscribed: 1, signed_up: 1, invited: 1 });
  });

  it('creates the three demo accounts with argon2id hashes of the documented passwords', async () => {
    const [admin] = (
      await db.execute(sql`SELECT password_hash FROM admins WHERE email = ${DEMO_ACCOUNTS.admin.email}`)
    ).rows as Array<{ password_hash: string }>;
    const [pro] = (
      await db.execute(
        sql`SELECT password_hash, email FROM users WHERE username = ${DEMO_ACCOUNTS.professional.username}`,
      )
    ).rows as Array<{ password_hash: string; email: string }>;
    const [attendee] = (
      await db.execute(sql`SELECT password_hash FROM attendees WHERE email = ${DEMO_ACCOUNTS.attendee.email}`)
    ).rows as Array<{ password_hash: string }>;
    expect(admin.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(admin.password_hash, DEMO_ACCOUNTS.admin.password)).toBe(true);
    expect(pro.email).toBe(DEMO_ACCOUNTS.professional.email);
    expect(await verifyPassword(pro.password_hash, DEMO_ACCOUNTS.professional.password)).toBe(true);
    expect(await verifyPassword(attendee.password_hash, DEMO_ACCOUNTS.attendee.password)).toBe(true);
    expect(await verifyPassword(attendee.password_hash, 'wrong')).toBe(false);
  });

  it('GET /api/v1/specialities lists the 26 specialisation mentions in order as { _id, slug, name }', async () => {
    const response = await request(app.getHttpServer()).get('/api/v1/specialities').expect(200);
    // Other test files may add their own specialities to the shared test database: look at the seeded ones.
    const seeded = new Set<string>(LAWYER_SPECIALITIES);
    const names = response.body
      .map((s: { name: string }) => s.name)
      .filter((name: string) => seeded.has(name));
    expect(names).toEqual([...LAWYER_SPECIALITIES]);
    expect(response.body[0]).toEqual({
      _id: expect.any(Number),
      slug: 'droit-de-l-arbitrage',
      name: "Droit de l'arbitrage",
    });
    expect(response.body).toContainEqual(
      expect.objectContaining({ slug: 'droit-du-travail', name: 'Droit du travail' }),
    );
  });

  it('GET /api/v1/timezones lists IANA names including Europe/Paris', async () => {
    const response = await request(app.getHttpServer()).get('/api/v1/timezones').expect(200);
    expect(response.body).toEqual(
      expect.arrayContaining([
        'Europe/Paris',
        'Europe/Brussels',
        'Europe/Zurich',
        'America/Martinique',
        'Indian/Reunion',
      ]),
    );
    expect(response.body.length).toBeGreaterThan(300);
    expect(response.body.every((name: unknown) => typeof name === 'string')).toBe(true);
  });

  it('the bench generator spreads professionals over real cities, deterministically and idempotently', async () => {
    await seedBench(db, 40);
    const snapshot = async () =>
      (
        await db.execute(
          sql`SELECT username, city_id, team_id FROM users WHERE email LIKE ${`%@${BENCH_EMAIL_DOMAIN}`} ORDER BY username`,
        )
      ).rows;
    const first = await snapshot();
    await seedBench(db, 40);
    expect(first).toHaveLength(40);
    expect(await snapshot()).toEqual(first);
  });
});
