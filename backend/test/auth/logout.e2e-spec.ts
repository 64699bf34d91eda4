import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { createTestApp } from '../app';
import { SeededAccount, SeededUser, TestDb, uniqueTag } from './support/fixtures';

/**
 * Logging out ends that session on the server. A copy of the token (a stolen
 * cookie, another tab) is refused afterwards on every route; other sessions of the account go on.
 */
describe('Logout revokes the token server-side', () => {
  let app: NestFastifyApplication;
  let db: TestDb;
  let admin: SeededAccount;
  let user: SeededUser;
  let attendee: SeededAccount;
  const http = () => request(app.getHttpServer());
  const bearer = (token: string) => `Bearer ${token}`;

  const signIn = {
    admin: async () =>
      (
        await http()
          .post('/api/v1/auth/admin/login')
          .send({ email: admin.email, password: admin.password })
          .expect(200)
      ).body.token as string,
    user: async () =>
      (
        await http()
          .post('/api/v1/login')
          .send({ username: user.username, password: user.password })
          .expect(200)
      ).body.token as string,
    attendee: async () =>
      (
        await http()
          .post('/api/v1/auth/attendee/login')
          .send({ email: attendee.email, password: attendee.password })
          .expect(200)
      ).body.token as string,
  };

  beforeAll(async () => {
    app = await createTestApp();
    db = new TestDb();
    const tag = uniqueTag('out');
    admin = await db.admin(tag);
    user = await db.user(tag);
    attendee = await db.attendee(tag);
  });

  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it.each(['/api/v1/logout/attendee', '/api/v1/auth/attendee/logout'])(
    'an attendee logged out through %s can no longer use the token; another session still works',
    async (logoutPath) => {
      const token = await signIn.attendee();
      const otherSession = await signIn.attendee();
      await http().get('/api/v1/auth/attendee/check-logged').set('authorization', bearer(token)).expect(200);

      await http().get(logoutPath).set('authorization', bearer(token)).expect(200);

      await http().get('/api/v1/auth/attendee/check-logged').set('authorization', bearer(token)).expect(401);
      await http().get(`/api/v1/attendees/${attendee.id}`).set('authorization', bearer(token)).expect(401);
      await http()
        .get('/api/v1/auth/attendee/check-logged')
        .set('authorization', bearer(otherSession))
        .expect(200);
    },
  );

  it('a professional logged out can no longer read or change their profile with the token', async () => {
    const token = await signIn.user();
    await http().get('/api/v1/auth/user/logout').set('authorization', bearer(token)).expect(200);

    await http().get('/api/v1/auth/user/check-logged').set('authorization', bearer(token)).expect(401);
    await http()
      .put(`/api/v1/users/${user.id}`)
      .set('authorization', bearer(token))
      .send({ first_name: 'Pirate' })
      .expect(401);
    expect((await db.userRow(user.id)).firstName).toBe('Camille');
  });

  it('a logged-out admin token is refused on every admin route, content and media included', async () => {
    const token = await signIn.admin();
    await http().get('/api/v1/admin/teams').set('authorization', bearer(token)).expect(200);
    await http().get('/api/v1/auth/admin/logout').set('authorization', bearer(token)).expect(200);

    const adminRoutes = [
      '/api/v1/auth/admin/check-logged',
      '/api/v1/admin/users',
      '/api/v1/admin/teams',
      '/api/v1/admin/posts',
      '/api/v1/admin/redirects',
      '/api/v1/admin/images',
      '/api/v1/admin/mail-templates',
    ];
    for (const path of adminRoutes) {
      const response = await http().get(path).set('authorization', bearer(token));
      expect({ path, status: response.status }).toEqual({ path, status: 401 });
    }
    const created = await http()
      .post('/api/v1/admin/redirects')
      .set('authorization', bearer(token))
      .send({ from: '/ancienne-page', to: '/nouvelle-page' });
    expect(created.status).toBe(401);
  });

  it('a professional token on an admin content route is refused with 403, not 200', async () => {
    await http().get('/api/v1/admin/posts').set('authorization', bearer(user.token)).expect(403);
    await http().get('/api/v1/admin/posts').expect(401);
  });

  it('logout without a token, or with a token of another kind, answers 200 and ends nothing', async () => {
    const token = await signIn.user();
    await http().get('/api/v1/auth/attendee/logout').expect(200);
    await http().get('/api/v1/auth/attendee/logout').set('authorization', bearer(token)).expect(200);
    await http().get('/api/v1/auth/user/check-logged').set('authorization', bearer(token)).expect(200);
  });
});
