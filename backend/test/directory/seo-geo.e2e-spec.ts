import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { posts } from '../../src/database/schema';
import { isPrivateIp, IpLocator } from '../../src/modules/geo/ip-locator';
import { createTestApp } from '../app';
import { createDirectoryFixture, dbOf, DirectoryFixture } from './fixtures';

describe('Sitemap data and nearest city', () => {
  let app: NestFastifyApplication;
  let fx: DirectoryFixture;
  const s = randomBytes(3).toString('hex');
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await createTestApp();
    fx = await createDirectoryFixture(dbOf(app));
    await dbOf(app)
      .insert(posts)
      .values([
        { slug: `guide-${s}`, title: 'Guide', content: 'x', publishedAt: new Date(Date.now() - 60_000) },
        { slug: `brouillon-${s}`, title: 'Brouillon', content: 'x' },
      ]);
  });
  afterAll(async () => {
    await app.close();
  });

  describe('GET /api/v1/sitemap/*', () => {
    it('lists the profiles of active professionals, without those who opted out of indexing', async () => {
      const res = await http().get('/api/v1/sitemap/profiles').expect(200);
      const paths = res.body.map((e: { path: string }) => e.path);
      const visible = fx.professionals.filter((p) => p.spec.active !== false && p.spec.indexable !== false);
      for (const p of visible) expect(paths).toContain(`/avocat/${p.userUri}`);
      expect(paths).not.toContain(
        `/avocat/${fx.professionals.find((p) => p.spec.indexable === false)!.userUri}`,
      );
      expect(paths).not.toContain(
        `/avocat/${fx.professionals.find((p) => p.spec.active === false)!.userUri}`,
      );
      expect(res.body[0]).toEqual({
        path: expect.stringMatching(/^\/avocat\//),
        lastmod: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
    });

    it('lists city pages and city x speciality pages that have results only', async () => {
      const res = await http().get('/api/v1/sitemap/cities').expect(200);
      const paths = res.body.map((e: { path: string }) => e.path);
      const { lyon, saintEtienne, marseille } = fx.cities;
      const { penal, famille, fiscal } = fx.specialities;
      expect(paths).toEqual(
        expect.arrayContaining([
          `/avocats/${lyon.cityUri}`,
          `/avocats/${saintEtienne.cityUri}`,
          `/avocats/${lyon.cityUri}/${penal.slug}`,
          `/avocats/${lyon.cityUri}/${famille.slug}`,
          `/avocats/${saintEtienne.cityUri}/${penal.slug}`,
          // the department pages of communes that have professionals
          '/avocats/departement/69',
          '/avocats/departement/42',
        ]),
      );
      expect(paths).not.toContain(`/avocats/${marseille.cityUri}`);
      expect(paths).not.toContain(`/avocats/${lyon.cityUri}/${fiscal.slug}`);
      expect(new Set(paths).size).toBe(paths.length);
    });

    it('lists offices that have professionals', async () => {
      const res = await http().get('/api/v1/sitemap/offices').expect(200);
      expect(res.body.map((e: { path: string }) => e.path)).toContain(`/etude/${fx.teams.rhone.teamUri}`);
    });

    it('lists published articles only', async () => {
      const res = await http().get('/api/v1/sitemap/articles').expect(200);
      const paths = res.body.map((e: { path: string }) => e.path);
      expect(paths).toContain(`/guide-des-demarches-aupres-de-votre-avocat/guide-${s}`);
      expect(paths).not.toContain(`/guide-des-demarches-aupres-de-votre-avocat/brouillon-${s}`);
    });
  });

  describe('GET /api/v1/geo/nearest-city', () => {
    it('finds the nearest city that has professionals from coordinates', async () => {
      // At this data set's Lyon (every test file's Lyon has its own point)
      const res = await http()
        .get(`/api/v1/geo/nearest-city?lat=${fx.lyonAt.latitude}&lng=${fx.lyonAt.longitude}`)
        .expect(200);
      expect(res.body).toMatchObject({
        cityUri: fx.cities.lyon.cityUri,
        name: 'Lyon',
        departmentCode: '69',
        count: 25,
        source: 'coordinates',
        fallback: false,
      });
      expect(res.body.distanceKm).toBe(0);
      const near = await http().get('/api/v1/geo/nearest-city?lat=45.7719&lng=4.8902').expect(200); // Villeurbanne
      expect(near.body).toMatchObject({ departmentCode: '69', source: 'coordinates' });
      expect(near.body.distanceKm).toBeLessThan(8);
    });

    it('skips cities without professionals', async () => {
      // In Marseille, which has none in this data set: somewhere else is nearer than Marseille itself.
      const res = await http().get('/api/v1/geo/nearest-city?lat=43.2965&lng=5.3698').expect(200);
      expect(res.body.cityUri).not.toBe(fx.cities.marseille.cityUri);
    });

    it('falls back to Paris, flagged, for a loopback client', async () => {
      const res = await http().get('/api/v1/geo/nearest-city').expect(200);
      expect(res.body).toMatchObject({ source: 'fallback', fallback: true });
    });

    it('locates a public client IP (X-Forwarded-For of the gateway) with the offline database', async () => {
      const res = await http().get('/api/v1/geo/nearest-city').set('x-forwarded-for', '90.0.0.1').expect(200);
      expect(res.body).toMatchObject({ source: 'ip', fallback: false, cityUri: expect.any(String) });
    });

    it.each([
      ['only lat', 'lat=45.7'],
      ['a latitude out of range', 'lat=95&lng=4'],
      ['a longitude that is not a number', 'lat=45&lng=est'],
    ])('rejects %s with 400', async (_label, query) => {
      const res = await http().get(`/api/v1/geo/nearest-city?${query}`).expect(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    });
  });

  describe('IpLocator', () => {
    const locator = new IpLocator();

    it('locates French IPv4 addresses offline', () => {
      expect(locator.locate('90.0.0.1')).toMatchObject({
        countryCode: 'FR',
        latitude: expect.any(Number),
        longitude: expect.any(Number),
      });
      expect(locator.locate('::ffff:90.0.0.1')).toMatchObject({ countryCode: 'FR' });
    });

    it('does not locate private, loopback or malformed addresses', () => {
      for (const ip of [
        '127.0.0.1',
        '10.1.2.3',
        '192.168.1.1',
        '172.20.0.1',
        '::1',
        'fd00::1',
        'pas-une-ip',
      ]) {
        expect(locator.locate(ip)).toBeUndefined();
      }
      expect(isPrivateIp('100.64.0.1')).toBe(true);
      expect(isPrivateIp('8.8.8.8')).toBe(false);
    });
  });
});
