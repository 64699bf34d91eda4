import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { posts } from '../../src/database/schema';
import { createTestApp } from '../app';
import { createDirectoryFixture, dbOf, DirectoryFixture, tokenFor } from './fixtures';
import { uniqueSiret } from '../support/siret';

describe('Admin content resources (react-admin simple REST)', () => {
  let app: NestFastifyApplication;
  let fx: DirectoryFixture;
  const s = randomBytes(3).toString('hex');
  const admin = tokenFor('admin');
  const http = () => request(app.getHttpServer());
  const asAdmin = (method: 'get' | 'post' | 'put' | 'delete', path: string) =>
    http()[method](path).set('authorization', `Bearer ${admin}`);

  beforeAll(async () => {
    app = await createTestApp();
    fx = await createDirectoryFixture(dbOf(app));
  });
  afterAll(async () => {
    await app.close();
  });

  describe('access', () => {
    it.each(['/api/v1/admin/redirects', '/api/v1/admin/teams', '/api/v1/admin/posts'])(
      '%s answers 401 without a token',
      async (path) => {
        const res = await http().get(path).expect(401);
        expect(res.body.code).toBe('UNAUTHORIZED');
      },
    );

    it.each(['user', 'attendee'] as const)('answers 403 to a valid token of kind %s', async (kind) => {
      const res = await http()
        .get('/api/v1/admin/redirects')
        .set('authorization', `Bearer ${tokenFor(kind)}`)
        .expect(403);
      expect(res.body.code).toBe('FORBIDDEN');
      await http()
        .post('/api/v1/admin/posts')
        .set('authorization', `Bearer ${tokenFor(kind)}`)
        .send({ title: 'x', content: 'y' })
        .expect(403);
    });

    it('answers 401 to a token signed with another secret', async () => {
      const forged = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJhdWQiOiJhZG1pbiIsInN1YiI6IngifQ.c2lnbmF0dXJl';
      await http().get('/api/v1/admin/redirects').set('authorization', `Bearer ${forged}`).expect(401);
    });
  });

  describe('/api/v1/admin/redirects', () => {
    it('creates, lists with Content-Range, reads, updates and deletes a redirect; resolve follows', async () => {
      const created = await asAdmin('post', '/api/v1/admin/redirects')
        .send({ fromPath: `/vieux-${s}`, toPath: '/avocats' })
        .expect(201);
      expect(created.body).toMatchObject({
        id: expect.any(Number),
        fromPath: `/vieux-${s}`,
        toPath: '/avocats',
        status: 301,
      });
      const id = created.body.id;

      const list = await asAdmin(
        'get',
        `/api/v1/admin/redirects?sort=${encodeURIComponent('["fromPath","DESC"]')}&range=${encodeURIComponent('[0,9]')}&filter=${encodeURIComponent(JSON.stringify({ q: `vieux-${s}` }))}`,
      ).expect(200);
      expect(list.body).toEqual([created.body]);
      expect(list.headers['content-range']).toBe('redirects 0-0/1');

      const many = await asAdmin(
        'get',
        `/api/v1/admin/redirects?filter=${encodeURIComponent(JSON.stringify({ id: [id] }))}`,
      ).expect(200);
      expect(many.body.map((r: { id: number }) => r.id)).toEqual([id]);

      const none = await asAdmin(
        'get',
        `/api/v1/admin/redirects?filter=${encodeURIComponent(JSON.stringify({ id: [] }))}`,
      ).expect(200);
      expect(none.body).toEqual([]);
      expect(none.headers['content-range']).toBe('redirects 0-0/0');
      expect((await asAdmin('get', `/api/v1/admin/redirects/${id}`).expect(200)).body).toEqual(created.body);
      // react-admin sends the whole record back on PUT
      const updated = await asAdmin('put', `/api/v1/admin/redirects/${id}`)
        .send({ ...created.body, toPath: '/guide', status: 302 })
        .expect(200);
      expect(updated.body).toMatchObject({ id, toPath: '/guide', status: 302 });
      expect((await http().get(`/api/v1/redirects/resolve?path=/vieux-${s}`).expect(200)).body).toEqual({
        to: '/guide',
        status: 302,
      });

      expect((await asAdmin('delete', `/api/v1/admin/redirects/${id}`).expect(200)).body.id).toBe(id);
      await asAdmin('get', `/api/v1/admin/redirects/${id}`).expect(404);
      await http().get(`/api/v1/redirects/resolve?path=/vieux-${s}`).expect(404);
    });

    it('refuses a second redirect from the same path with 409', async () => {
      await asAdmin('post', '/api/v1/admin/redirects')
        .send({ fromPath: `/double-${s}`, toPath: '/a' })
        .expect(201);
      const res = await asAdmin('post', '/api/v1/admin/redirects')
        .send({ fromPath: `/double-${s}`, toPath: '/b' })
        .expect(409);
      expect(res.body.code).toBe('REDIRECT_ALREADY_EXISTS');
    });

    it.each([
      [{ fromPath: 'sans-slash', toPath: '/a' }],
      [{ fromPath: '/a b', toPath: '/a' }],
      [{ fromPath: `/boucle-${s}`, toPath: `/boucle-${s}` }],
      [{ fromPath: `/x-${s}`, toPath: 'javascript:alert(1)' }],
      [{ fromPath: `/y-${s}`, toPath: '/a', status: 200 }],
      [{ fromPath: `/z-${s}`, toPath: '/a', extra: true }],
    ])('rejects %j with 400', async (body) => {
      const res = await asAdmin('post', '/api/v1/admin/redirects').send(body).expect(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    });

    it.each([
      ['sort=notjson', 'Le paramètre sort est invalide'],
      [`sort=${encodeURIComponent('["password","ASC"]')}`, 'Tri impossible sur le champ password'],
      [`range=${encodeURIComponent('[5,1]')}`, 'Le paramètre range est invalide'],
      [`filter=${encodeURIComponent('[1]')}`, 'Le paramètre filter est invalide'],
    ])('rejects the list query %s with 400', async (query, message) => {
      const res = await asAdmin('get', `/api/v1/admin/redirects?${query}`).expect(400);
      expect(res.body.message).toBe(message);
    });
  });

  describe('/api/v1/admin/teams', () => {
    it('creates an office with a generated teamUri, and answers 409 `ext_id already exists` when the SIRET is taken', async () => {
      const dupontSiret = uniqueSiret();
      const created = await asAdmin('post', '/api/v1/admin/teams')
        .send({
          name: `Étude Dupont ${s}`,
          ext_id: dupontSiret,
          cityUri: fx.cities.lyon.cityUri,
          postalCode: '69003',
          street: '',
          email: 'Contact@Dupont.fr',
        })
        .expect(201);
      expect(created.body).toMatchObject({
        id: expect.any(String),
        teamUri: `etude-dupont-${s}`,
        name: `Étude Dupont ${s}`,
        ext_id: dupontSiret,
        cityUri: fx.cities.lyon.cityUri,
        cityName: 'Lyon',
        street: null,
        email: 'contact@dupont.fr',
        professionalsCount: 0,
      });
      const taken = await asAdmin('post', '/api/v1/admin/teams')
        .send({ name: 'Autre', ext_id: dupontSiret })
        .expect(409);
      expect(taken.body).toEqual({
        statusCode: 409,
        code: 'EXT_ID_ALREADY_EXISTS',
        message: 'ext_id already exists',
      });
      const otherSiret = uniqueSiret();
      await asAdmin('post', '/api/v1/admin/teams')
        .send({ name: `Autre ${s}`, ext_id: otherSiret })
        .expect(201);
      const takenOnUpdate = await asAdmin('put', `/api/v1/admin/teams/${created.body.id}`)
        .send({ ...created.body, ext_id: otherSiret })
        .expect(409);
      expect(takenOnUpdate.body.message).toBe('ext_id already exists');
    });

    it('lists with Content-Range and a search filter, updates and deletes (its professionals stay)', async () => {
      const list = await asAdmin(
        'get',
        `/api/v1/admin/teams?filter=${encodeURIComponent(JSON.stringify({ q: `Rhône ${fx.suffix}` }))}&range=${encodeURIComponent('[0,24]')}`,
      ).expect(200);
      expect(list.body).toHaveLength(1);
      expect(list.body[0]).toMatchObject({ teamUri: fx.teams.rhone.teamUri, professionalsCount: 5 });
      expect(list.headers['content-range']).toBe('teams 0-0/1');

      const updated = await asAdmin('put', `/api/v1/admin/teams/${fx.teams.forez.id}`)
        .send({ presentation: 'Étude du Forez', cityUri: null })
        .expect(200);
      expect(updated.body).toMatchObject({ presentation: 'Étude du Forez', cityUri: null });
      await asAdmin('put', `/api/v1/admin/teams/${fx.teams.forez.id}`)
        .send({ cityUri: 'ville-inconnue-xyz' })
        .expect(400);

      await asAdmin('delete', `/api/v1/admin/teams/${fx.teams.forez.id}`).expect(200);
      await asAdmin('get', `/api/v1/admin/teams/${fx.teams.forez.id}`).expect(404);
      const elodie = fx.professionals.find((p) => p.spec.first === 'Élodie')!;
      const profile = await http().get(`/api/v1/professionals/${elodie.userUri}`).expect(200);
      expect(profile.body.office).toBeNull();
      await asAdmin('get', '/api/v1/admin/teams/pas-un-uuid').expect(400);
    });
  });

  describe('/api/v1/admin/posts', () => {
    it('creates a draft, publishes it, and the public API follows', async () => {
      const created = await asAdmin('post', '/api/v1/admin/posts')
        .send({ title: `L’aide juridictionnelle ${s}`, content: '<p>Conditions</p>' })
        .expect(201);
      expect(created.body).toMatchObject({
        id: expect.any(Number),
        slug: `l-aide-juridictionnelle-${s}`,
        publishedAt: null,
      });
      await http().get(`/api/v1/articles/${created.body.slug}`).expect(404);

      const published = await asAdmin('put', `/api/v1/admin/posts/${created.body.id}`)
        .send({ ...created.body, publishedAt: new Date(Date.now() - 60_000).toISOString() })
        .expect(200);
      expect(published.body.publishedAt).not.toBeNull();
      await http().get(`/api/v1/articles/${created.body.slug}`).expect(200);

      const drafts = await asAdmin(
        'get',
        `/api/v1/admin/posts?filter=${encodeURIComponent(JSON.stringify({ q: s, published: false }))}`,
      ).expect(200);
      expect(drafts.body).toEqual([]);
      expect(drafts.headers['content-range']).toBe('posts 0-0/0');

      const taken = await asAdmin('post', '/api/v1/admin/posts')
        .send({ title: 'Autre', slug: created.body.slug, content: 'x' })
        .expect(409);
      expect(taken.body.code).toBe('SLUG_ALREADY_EXISTS');

      await asAdmin('delete', `/api/v1/admin/posts/${created.body.id}`).expect(200);
      await http().get(`/api/v1/articles/${created.body.slug}`).expect(404);
    });

    it('stores and serves the article HTML without scripts, event handlers or javascript: links', async () => {
      const dirty =
        '<h2 onclick="steal()">Honoraires</h2><p>Texte<script>alert(document.cookie)</script></p>' +
        '<img src="x" onerror="alert(1)" /><img src="https://cdn.example.fr/plan.png" alt="Plan" onerror="alert(2)" />' +
        '<a href="javascript:alert(3)">piège</a><a href="https://www.service-public.fr" target="_blank">SP</a>' +
        '<iframe src="https://evil.example"></iframe><p style="position:fixed">Fin</p>';
      const clean =
        '<h2>Honoraires</h2><p>Texte</p><img src="https://cdn.example.fr/plan.png" alt="Plan" />' +
        '<a>piège</a><a href="https://www.service-public.fr" target="_blank" rel="noopener noreferrer">SP</a><p>Fin</p>';
      const created = await asAdmin('post', '/api/v1/admin/posts')
        .send({
          title: `Article piégé ${s}`,
          content: dirty,
          publishedAt: new Date(Date.now() - 60_000).toISOString(),
        })
        .expect(201);
      expect(created.body.content).toBe(clean);

      const article = await http().get(`/api/v1/articles/${created.body.id}`).expect(200);
      expect(article.body.content).toBe(clean);

      const updated = await asAdmin('put', `/api/v1/admin/posts/${created.body.id}`)
        .send({
          content: `<p>Mis à jour</p><img src="/api/v1/media/0f1e2d3c4b5a69788796a5b4c3d2e1f0.webp" onerror="alert(4)" /><script>x()</script>`,
        })
        .expect(200);
      expect(updated.body.content).toBe(
        '<p>Mis à jour</p><img src="/api/v1/media/0f1e2d3c4b5a69788796a5b4c3d2e1f0.webp" />',
      );
      const reread = await http().get(`/api/v1/articles/${created.body.slug}`).expect(200);
      expect(reread.body.content).toBe(
        '<p>Mis à jour</p><img src="/api/v1/media/0f1e2d3c4b5a69788796a5b4c3d2e1f0.webp" />',
      );
      await asAdmin('delete', `/api/v1/admin/posts/${created.body.id}`).expect(200);
    });

    it('serves a post stored before sanitising (raw in the database) clean on the public endpoint', async () => {
      const [row] = await dbOf(app)
        .insert(posts)
        .values({
          slug: `ancien-article-${s}`,
          title: 'Ancien article',
          content:
            '<p onmouseover="alert(1)">Ancien</p><script>alert(2)</script><img src=x onerror=alert(3)>',
          publishedAt: new Date(Date.now() - 60_000),
        })
        .returning({ id: posts.id });
      const article = await http().get(`/api/v1/articles/${row.id}`).expect(200);
      expect(article.body.content).toBe('<p>Ancien</p>');
      await asAdmin('delete', `/api/v1/admin/posts/${row.id}`).expect(200);
    });

    it('rejects a post without content or with a bad date', async () => {
      await asAdmin('post', '/api/v1/admin/posts').send({ title: 'Sans contenu' }).expect(400);
      await asAdmin('post', '/api/v1/admin/posts')
        .send({ title: 'Date', content: 'x', publishedAt: 'hier' })
        .expect(400);
      await asAdmin('get', '/api/v1/admin/posts/0').expect(400);
      await asAdmin('get', '/api/v1/admin/posts/99999999999').expect(400);
    });
  });
});
