import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Pool } from 'pg';
import { seedDemoFolder } from '../../src/modules/client-folders/demo-folder.seed';
import { createTestApp } from '../app';
import { createAttendee, createProfessional, poolOf } from '../support/fixtures';
import { dbOf } from '../directory/fixtures';

/** The demo account's folder and meetings read as the sector's trade, not a lawyer's. */
describe('Demo data of the other sectors', () => {
  let app: NestFastifyApplication;
  let pool: Pool;

  beforeAll(async () => {
    app = await createTestApp();
    pool = poolOf(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('a groomer’s demo folder is about a dog', async () => {
    const groomer = await createProfessional(pool);
    const client = await createAttendee(pool);
    const db = dbOf(app);
    expect(
      await seedDemoFolder(
        db,
        { professionalEmail: groomer.email, attendeeEmail: client.email },
        undefined,
        'groomer',
      ),
    ).toBe(true);
    const { rows: folders } = await pool.query(
      `SELECT f.title, array_agg(m.body ORDER BY m.created_at) AS messages
         FROM client_folders f JOIN folder_messages m ON m.folder_id = f.id
        WHERE f.user_id = $1 GROUP BY f.title`,
      [groomer.id],
    );
    expect(folders).toEqual([
      {
        title: 'Pixel – caniche nain',
        messages: [
          'Bonjour, voici le carnet de vaccination de Pixel.',
          'Merci, bien reçu. À samedi pour la tonte !',
        ],
      },
    ]);
  });
});
