import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { createTestApp } from '../app';
import { TestDb, uniqueTag } from '../auth/support/fixtures';

/**
 * The profiles sitemap in numbered files (the protocol allows 50,000 URLs per file; the market has more
 * professionals): here 3 profiles per file, so a crawler following every file finds every indexable profile once.
 */
describe('Profiles sitemap files (GET /api/v1/sitemap/profile-files, /sitemap/profiles?file=N)', () => {
  let app: NestFastifyApplication;
  let db: TestDb;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await createTestApp({ env: { SITEMAP_PROFILES_PER_FILE: '3' } });
    db = new TestDb();
    for (let i = 0; i < 8; i++) await db.user(uniqueTag(`map${i}`));
    const hidden = await db.user(uniqueTag('mapoff'));
    await db.pool.query('UPDATE users SET indexable = false WHERE id = $1', [hidden.id]);
  });

  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('lists every indexable profile exactly once across the files, and no file past the last', async () => {
    const { rows } = await db.pool.query<{ user_uri: string }>(
      'SELECT user_uri FROM users WHERE is_public AND indexable ORDER BY user_uri',
    );
    const expected = rows.map((row) => `/avocat/${row.user_uri}`);
    expect(expected.length).toBeGreaterThanOrEqual(8);

    const { body: files } = await http().get('/api/v1/sitemap/profile-files').expect(200);
    expect(files).toEqual({ files: Math.ceil(expected.length / 3), perFile: 3 });

    const seen: string[] = [];
    for (let file = 1; file <= files.files; file++) {
      const { body } = await http().get('/api/v1/sitemap/profiles').query({ file }).expect(200);
      expect(body.length).toBeGreaterThan(0);
      expect(body.length).toBeLessThanOrEqual(3);
      seen.push(...body.map((entry: { path: string }) => entry.path));
    }
    expect(seen).toEqual(expected);
    expect(new Set(seen).size).toBe(seen.length);

    // The route without a file number answers the first file, as the one sitemap of profiles did.
    const { body: first } = await http().get('/api/v1/sitemap/profiles').expect(200);
    expect(first.map((entry: { path: string }) => entry.path)).toEqual(expected.slice(0, 3));

    const beyond = await http()
      .get('/api/v1/sitemap/profiles')
      .query({ file: files.files + 1 })
      .expect(404);
    expect(beyond.body.message).toBe('Ce fichier du plan du site n’existe pas');
    for (const bad of ['0', '-1', 'abc', '1.5']) {
      const refused = await http().get('/api/v1/sitemap/profiles').query({ file: bad }).expect(400);
      expect(refused.body.message).toEqual(
        expect.stringContaining('Le numéro de fichier doit être un entier positif'),
      );
    }
  });
});
