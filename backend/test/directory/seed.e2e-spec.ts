import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomBytes } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import request from 'supertest';
import { cities, posts } from '../../src/database/schema';
import { articlesFor, LAWYER_ARTICLES, seedArticles } from '../../src/modules/content/articles.seed';
import { NOTARY_ARTICLES } from '../../src/modules/content/sector-articles.seed';
import { normalizeForSearch } from '../../src/modules/directory/directory.service';
import { seedCityCoordinates } from '../../src/modules/geo/city-coordinates.seed';
import { createTestApp } from '../app';
import { dbOf } from './fixtures';

describe('Directory seed: guide articles and commune coordinates', () => {
  let app: NestFastifyApplication;
  const s = randomBytes(3).toString('hex');

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('publishes the lawyer guide articles once, and they are served by the API', async () => {
    const db = dbOf(app);
    await seedArticles(db, 'lawyer');
    expect(await seedArticles(db, 'lawyer')).toBe(0);
    const slugs = LAWYER_ARTICLES.map((a) => a.slug);
    const rows = await db.select({ slug: posts.slug }).from(posts).where(inArray(posts.slug, slugs));
    expect(rows).toHaveLength(LAWYER_ARTICLES.length);
    const res = await request(app.getHttpServer())
      .get('/api/v1/articles/combien-coute-un-avocat')
      .expect(200);
    expect(res.body.title).toBe('Combien coûte un avocat ?');
    expect(res.body.content).toContain('convention d’honoraires');
  });

  it('gives each other sector its own guide: the notaries’ articles speak of notaries, once', async () => {
    const db = dbOf(app);
    expect(articlesFor('notary')).toBe(NOTARY_ARTICLES);
    for (const sector of ['notary', 'bailiff', 'groomer'] as const) {
      const articles = articlesFor(sector);
      expect(articles.length).toBeGreaterThanOrEqual(2);
      expect(articles.map((a) => `${a.title} ${a.content}`).join(' ')).not.toMatch(/avocat/i);
    }
    await seedArticles(db, 'notary');
    expect(await seedArticles(db, 'notary')).toBe(0);
    const res = await request(app.getHttpServer())
      .get('/api/v1/articles/preparer-son-rendez-vous-chez-le-notaire-pour-une-succession')
      .expect(200);
    expect(res.body.title).toBe('Préparer son rendez-vous chez le notaire pour une succession');
    expect(res.body.content).toContain('acte de notoriété');
  });

  it('gives communes coordinates: GeoNames by name and department, else the centre of their postal code', async () => {
    const db = dbOf(app);
    await db.execute(sql`INSERT INTO departments (code, name) VALUES ('42', 'Loire') ON CONFLICT DO NOTHING`);
    const codes = [`G${s}1`, `G${s}2`];
    await db.insert(cities).values([
      {
        inseeCode: codes[0],
        name: 'Saint-Étienne',
        cityUri: `saint-etienne-geo-${s}`,
        departmentCode: '42',
        postalCodes: [`X${s}`],
      },
      {
        inseeCode: codes[1],
        name: `Hameau introuvable ${s}`,
        cityUri: `hameau-${s}`,
        departmentCode: '42',
        postalCodes: [`X${s}`],
      },
    ]);
    const summary = await seedCityCoordinates(db, { only: codes });
    expect(summary.updated).toBe(2);
    const rows = await db
      .select({ name: cities.name, latitude: cities.latitude, longitude: cities.longitude })
      .from(cities)
      .where(inArray(cities.inseeCode, codes));
    const saintEtienne = rows.find((r) => r.name === 'Saint-Étienne')!;
    expect(saintEtienne.latitude).toBeCloseTo(45.43, 1);
    expect(saintEtienne.longitude).toBeCloseTo(4.39, 1);
    const hamlet = rows.find((r) => r.name !== 'Saint-Étienne')!;
    expect(hamlet.latitude).toBeCloseTo(saintEtienne.latitude!, 3);
    expect((await seedCityCoordinates(db, { only: codes })).updated).toBe(0);
  });

  it('normalises names in SQL (search_normalize, used by the autocomplete index) exactly as in TypeScript', async () => {
    const names = [
      'Saint-Étienne',
      "L'Haÿ-les-Roses",
      'Œuilly',
      'Châlons-en-Champagne',
      'Aÿ-Champagne',
      'Saint-Denis (974)',
    ];
    for (const name of names) {
      const { rows } = await dbOf(app).execute<{ value: string }>(
        sql`SELECT search_normalize(${name}) AS value`,
      );
      expect(rows[0].value).toBe(normalizeForSearch(name));
    }
  });
});
