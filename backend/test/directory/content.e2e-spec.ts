import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { outbox, posts, redirects, registrationRequests, reviews } from '../../src/database/schema';
import { createTestApp } from '../app';
import { createDirectoryFixture, dbOf, DirectoryFixture } from './fixtures';

describe('Content API: articles, reviews, registration requests, redirects', () => {
  let app: NestFastifyApplication;
  let fx: DirectoryFixture;
  const s = randomBytes(3).toString('hex');
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await createTestApp();
    const db = dbOf(app);
    fx = await createDirectoryFixture(db);
    const day = 24 * 3600 * 1000;
    await db.insert(posts).values([
      {
        slug: `premier-rendez-vous-${s}`,
        title: 'Préparer son premier rendez-vous',
        excerpt: 'Les documents à apporter.',
        content: '<p>Contenu</p>',
        author: 'La rédaction',
        seoDescription: 'Préparer son rendez-vous avec un avocat',
        publishedAt: new Date(Date.now() - 3 * day),
      },
      {
        slug: `cout-avocat-${s}`,
        title: 'Combien coûte un avocat ?',
        content: '<p>Honoraires</p>',
        publishedAt: new Date(Date.now() - day),
      },
      { slug: `brouillon-${s}`, title: 'Brouillon', content: '<p>Pas encore</p>', publishedAt: null },
      {
        slug: `futur-${s}`,
        title: 'Programmé',
        content: '<p>Demain</p>',
        publishedAt: new Date(Date.now() + day),
      },
    ]);
    const [first, second] = fx.professionals;
    await db.insert(reviews).values([
      {
        userId: first.id,
        rating: 5,
        comment: 'Très à l’écoute.',
        authorName: 'Claire D.',
        status: 'published',
        publishedAt: new Date(Date.now() - 2 * day),
      },
      {
        userId: second.id,
        rating: 4,
        comment: 'Rendez-vous rapide.',
        authorName: 'Marc L.',
        status: 'published',
        publishedAt: new Date(Date.now() - day),
      },
      { userId: second.id, rating: 1, comment: 'En attente de modération', status: 'pending' },
    ]);
    await db.insert(redirects).values([
      { fromPath: `/ancienne-page-${s}`, toPath: `/avocats/${fx.cities.lyon.cityUri}`, status: 301 },
      { fromPath: `/dossier-${s}/`, toPath: '/guide', status: 308 },
    ]);
  });
  afterAll(async () => {
    await app.close();
  });

  describe('articles', () => {
    it('lists the published articles, newest first, without drafts or scheduled ones', async () => {
      const res = await http().get('/api/v1/articles?perPage=50').expect(200);
      const slugs = res.body.items.map((a: { slug: string }) => a.slug);
      expect(slugs.indexOf(`cout-avocat-${s}`)).toBeLessThan(slugs.indexOf(`premier-rendez-vous-${s}`));
      expect(slugs).not.toContain(`brouillon-${s}`);
      expect(slugs).not.toContain(`futur-${s}`);
      expect(res.body).toMatchObject({ page: 1, perPage: 50, total: expect.any(Number) });
      const item = res.body.items.find((a: { slug: string }) => a.slug === `premier-rendez-vous-${s}`);
      expect(item).toEqual({
        _id: expect.any(Number),
        slug: `premier-rendez-vous-${s}`,
        title: 'Préparer son premier rendez-vous',
        excerpt: 'Les documents à apporter.',
        author: 'La rédaction',
        publishedAt: expect.any(String),
        updatedAt: expect.any(String),
      });
    });

    it('paginates', async () => {
      const all = await http().get('/api/v1/articles?perPage=50').expect(200);
      const second = await http().get('/api/v1/articles?perPage=1&page=2').expect(200);
      expect(second.body.items).toHaveLength(1);
      expect(second.body.items[0].slug).toBe(all.body.items[1].slug);
      expect(second.body.total).toBe(all.body.total);
      await http().get('/api/v1/articles?perPage=51').expect(400);
    });

    it('gives one article by slug or by id, with its content', async () => {
      const bySlug = await http().get(`/api/v1/articles/premier-rendez-vous-${s}`).expect(200);
      expect(bySlug.body).toMatchObject({
        title: 'Préparer son premier rendez-vous',
        content: '<p>Contenu</p>',
        seoDescription: 'Préparer son rendez-vous avec un avocat',
      });
      const byId = await http().get(`/api/v1/articles/${bySlug.body._id}`).expect(200);
      expect(byId.body.slug).toBe(`premier-rendez-vous-${s}`);
    });

    it('answers 404 for a draft, a scheduled or an unknown article', async () => {
      for (const slug of [`brouillon-${s}`, `futur-${s}`, 'article-inconnu-xyz']) {
        expect((await http().get(`/api/v1/articles/${slug}`).expect(404)).body.code).toBe(
          'ARTICLE_NOT_FOUND',
        );
      }
      await http().get('/api/v1/articles/Mauvais%20Slug').expect(400);
    });
  });

  describe('published reviews', () => {
    it('lists the published reviews with their aggregate, never the pending ones', async () => {
      const res = await http().get('/api/v1/reviews?perPage=50').expect(200);
      const comments = res.body.items.map((r: { comment: string }) => r.comment);
      expect(comments).toEqual(expect.arrayContaining(['Très à l’écoute.', 'Rendez-vous rapide.']));
      expect(comments).not.toContain('En attente de modération');
      const review = res.body.items.find((r: { comment: string }) => r.comment === 'Très à l’écoute.');
      expect(review).toEqual({
        _id: expect.any(String),
        rating: 5,
        comment: 'Très à l’écoute.',
        authorName: 'Claire D.',
        publishedAt: expect.any(String),
        professional: {
          userUri: fx.professionals[0].userUri,
          first_name: fx.professionals[0].spec.first,
          last_name: fx.professionals[0].spec.last,
        },
      });
      expect(res.body.aggregate).toMatchObject({
        ratingCount: res.body.total,
        reviewCount: res.body.total,
        bestRating: 5,
        worstRating: 1,
      });
      expect(res.body.aggregate.ratingValue).toBeGreaterThan(0);
    });

    it("gives a professional's profile the aggregate of their published reviews, and null without any", async () => {
      const [first, second, third] = fx.professionals;
      expect((await http().get(`/api/v1/professionals/${first.userUri}`).expect(200)).body.rating).toEqual({
        ratingValue: 5,
        ratingCount: 1,
        bestRating: 5,
        worstRating: 1,
      });
      expect(
        (await http().get(`/api/v1/professionals/${second.userUri}`).expect(200)).body.rating,
      ).toMatchObject({ ratingValue: 4, ratingCount: 1 });
      expect((await http().get(`/api/v1/professionals/${third.userUri}`).expect(200)).body.rating).toBeNull();
    });

    it('rejects page 0', async () => {
      await http().get('/api/v1/reviews?page=0').expect(400);
    });
  });

  describe('POST /api/v1/registration-requests', () => {
    const valid = {
      civility: 'Mme',
      first_name: 'Marie',
      last_name: `Martin-${s}`,
      email: `Marie.Martin.${s}@Example.fr`,
      phone: '04 78 00 00 00',
      officeName: 'Cabinet Martin',
      officeNumber: '732 829 320 00074',
      city: 'Lyon',
      message: 'Je souhaite essayer le service.',
    };

    it('saves the request and queues the mail to the administrators in the outbox', async () => {
      const res = await http().post('/api/v1/registration-requests').send(valid).expect(201);
      expect(res.body).toEqual({
        id: expect.any(String),
        message: expect.stringContaining('bien été envoyée'),
      });
      const db = dbOf(app);
      const [saved] = await db
        .select()
        .from(registrationRequests)
        .where(eq(registrationRequests.id, res.body.id));
      expect(saved).toMatchObject({
        civility: 'Mme',
        firstName: 'Marie',
        email: `marie.martin.${s}@example.fr`,
        phone: '+33478000000',
        officeName: 'Cabinet Martin',
        officeNumber: '73282932000074',
        city: 'Lyon',
      });
      const jobs = await db
        .select()
        .from(outbox)
        .where(sql`${outbox.payload}->>'registrationRequestId' = ${res.body.id}`);
      expect(jobs).toHaveLength(1);
      expect(jobs[0]).toMatchObject({ queue: 'notifications', jobName: 'registration-request.received' });
      expect(jobs[0].payload).toMatchObject({
        email: `marie.martin.${s}@example.fr`,
        lastName: `Martin-${s}`,
      });
    });

    it('accepts the empty optional fields an HTML form posts', async () => {
      const res = await http()
        .post('/api/v1/registration-requests')
        // Another applicant: a second request of the first one's email would be that first request.
        .send({ ...valid, email: `other.${s}@example.fr`, officeName: '', officeNumber: '', message: '' })
        .expect(201);
      const [saved] = await dbOf(app)
        .select()
        .from(registrationRequests)
        .where(eq(registrationRequests.id, res.body.id));
      expect(saved).toMatchObject({ officeName: null, officeNumber: null, message: null });
    });

    it.each([
      ['an invalid email', { email: 'pas-un-email' }, 'email must be an email'],
      ['a missing first name', { first_name: '  ' }, 'Veuillez renseigner votre prénom'],
      ['an unknown civility', { civility: 'Dr' }, 'Veuillez choisir une civilité'],
      [
        'a phone number outside FR, BE, CH',
        { phone: '+1 212 555 0100' },
        'Veuillez renseigner un numéro de téléphone valide',
      ],
      [
        'a SIRET whose Luhn key is wrong',
        { officeNumber: '732 829 320 00075' },
        'Le SIRET doit compter 14 chiffres et être valide (vérifiez-le sur votre avis de situation Insee)',
      ],
      [
        'a notary’s crpcen on the lawyers’ site',
        { officeNumber: '69001' },
        'Le SIRET doit compter 14 chiffres et être valide (vérifiez-le sur votre avis de situation Insee)',
      ],
      [
        'a message over 2000 characters',
        { message: 'x'.repeat(2001) },
        'Le message ne doit pas dépasser 2000 caractères',
      ],
    ])('rejects %s with 400 and saves nothing', async (_label, change, message) => {
      const before = await dbOf(app)
        .select({ n: sql<number>`count(*)::int` })
        .from(registrationRequests);
      const res = await http()
        .post('/api/v1/registration-requests')
        .send({ ...valid, ...change })
        .expect(400);
      expect(res.body).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', message });
      const after = await dbOf(app)
        .select({ n: sql<number>`count(*)::int` })
        .from(registrationRequests);
      expect(after[0].n).toBe(before[0].n);
    });
  });

  describe('GET /api/v1/redirects/resolve', () => {
    it('gives the configured target and status', async () => {
      const res = await http().get(`/api/v1/redirects/resolve?path=/ancienne-page-${s}`).expect(200);
      expect(res.body).toEqual({ to: `/avocats/${fx.cities.lyon.cityUri}`, status: 301 });
    });

    it('matches with or without the trailing slash', async () => {
      expect(
        (await http().get(`/api/v1/redirects/resolve?path=/ancienne-page-${s}/`).expect(200)).body.status,
      ).toBe(301);
      expect((await http().get(`/api/v1/redirects/resolve?path=/dossier-${s}`).expect(200)).body).toEqual({
        to: '/guide',
        status: 308,
      });
    });

    it('answers 404 when no redirect is configured, 400 for something that is not a path', async () => {
      expect((await http().get('/api/v1/redirects/resolve?path=/rien-ici-xyz').expect(404)).body.code).toBe(
        'REDIRECT_NOT_FOUND',
      );
      await http().get('/api/v1/redirects/resolve?path=pas-un-chemin').expect(400);
      await http().get('/api/v1/redirects/resolve').expect(400);
    });
  });
});
