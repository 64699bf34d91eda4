import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Pool } from 'pg';
import request from 'supertest';
import { DEMO_VISIO_ROOM, seedDemoActivity } from '../../src/database/seed/demo-activity';
import { createTestApp } from '../app';
import { dbOf } from '../directory/fixtures';
import { bearer, createProfessional, poolOf } from '../support/fixtures';

describe('Demo: the demo lawyer’s video meetings', () => {
  let app: NestFastifyApplication;
  let pool: Pool;

  beforeAll(async () => {
    app = await createTestApp();
    pool = poolOf(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('have a provider set (their own room) and every video meeting carries its link', async () => {
    const pro = await createProfessional(pool);
    await seedDemoActivity(dbOf(app), pro.email);
    // The demo week's refs are fixed (DEMOWEEK...): when another suite seeded the demo in this database first,
    // its professional keeps them, with the same room.
    const { rows } = await pool.query(
      `SELECT a.ref_appointment, d.visio_url FROM appointments a
         LEFT JOIN appointment_details d ON d.appointment_id = a.id
        WHERE a.mode = 'visio' AND a.ref_appointment LIKE 'DEMOWEEK%'`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.visio_url).toBe(DEMO_VISIO_ROOM);
    const settings = await request(app.getHttpServer())
      .get(`/api/v1/users/${pro.id}/visio-settings`)
      .set(bearer(pro.token))
      .expect(200);
    expect(settings.body).toMatchObject({
      provider: 'own_link',
      ownLinkUrl: DEMO_VISIO_ROOM,
      acceptsVisio: true,
    });
  });
});
