import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { DRIZZLE } from '../../src/database/database.module';
import type { Database } from '../../src/database/database.types';
import { seedDemoAvailability } from '../../src/modules/availability/demo-availability';
import { createTestApp } from '../app';
import { createProfessional, poolOf } from './availability-fixtures';

describe(seedDemoAvailability.name, () => {
  let app: NestFastifyApplication;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('gives demo professionals an agenda with free slots, once', async () => {
    const pros = [await createProfessional(app), await createProfessional(app)];
    const db = app.get<Database>(DRIZZLE);
    const ids = pros.map((p) => p.id);
    expect(await seedDemoAvailability(db, ids)).toEqual({ professionals: 2 });
    expect(await seedDemoAvailability(db, ids)).toEqual({ professionals: 0 });
    const counts = await poolOf(app).query(
      `SELECT (SELECT count(*)::int FROM calendars WHERE user_id = ANY($1)) AS calendars,
              (SELECT count(*)::int FROM motives WHERE user_id = ANY($1)) AS motives`,
      [ids],
    );
    expect(counts.rows[0]).toEqual({ calendars: 2, motives: 6 });
    const next = await request(app.getHttpServer())
      .get(`/api/v1/slots/next?userIds=${ids.join(',')}&limit=3`)
      .expect(200);
    for (const item of next.body.items) expect(item.slots).toHaveLength(3);
  });
});
