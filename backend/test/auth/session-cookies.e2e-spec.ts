import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { createTestApp } from '../app';
import { SeededAccount, SeededUser, TestDb, uniqueTag } from './support/fixtures';

const SITE = 'http://localhost:3000';

/** `name=value` of the Set-Cookie answered for `name`, with its attributes. */
function setCookie(response: request.Response, name: string): string | undefined {
  const header = response.headers['set-cookie'] as unknown as string[] | string | undefined;
  const all = Array.isArray(header) ? header : header ? [header] : [];
  return all.find((cookie) => cookie.startsWith(`${name}=`));
}
const cookiePair = (cookie: string) => cookie.split(';')[0];

/**
 * The SPAs' sessions live in HttpOnly cookies scoped to the API path; the API trusts them only with the
 * SPA's `X-Rdv-Session` header and, for writes, from the site's own origin. Bearer tokens keep working.
 */
describe('Session cookies of /user and /admin', () => {
  let app: NestFastifyApplication;
  let db: TestDb;
  let user: SeededUser;
  let admin: SeededAccount;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await createTestApp();
    db = new TestDb();
    const tag = uniqueTag('ck');
    user = await db.user(tag);
    admin = await db.admin(tag);
  });

  afterAll(async () => {
    await app.close();
    await db.close();
  });

  async function userCookie(): Promise<string> {
    const answer = await http()
      .post('/api/v1/login')
      .set('x-rdv-session', 'user')
      .set('origin', SITE)
      .send({ username: user.username, password: user.password })
      .expect(200);
    const cookie = setCookie(answer, 'rdv_user_session');
    expect(cookie).toBeDefined();
    return cookie!;
  }

  it('a sign-in from the SPA sets an HttpOnly, SameSite=Strict cookie scoped to /api/v1; API clients get none', async () => {
    const cookie = await userCookie();
    expect(cookie).toMatch(/; Path=\/api\/v1;/);
    expect(cookie).toContain('; HttpOnly');
    expect(cookie).toContain('; SameSite=Strict');
    // Plain http here; behind https (X-Forwarded-Proto from the gateway) the cookie is Secure.
    expect(cookie).not.toContain('Secure');
    const apiClient = await http()
      .post('/api/v1/login')
      .send({ username: user.username, password: user.password })
      .expect(200);
    expect(apiClient.body.token).toEqual(expect.any(String));
    expect(setCookie(apiClient, 'rdv_user_session')).toBeUndefined();
  });

  it('the cookie is Secure when the site is reached over https', async () => {
    const answer = await http()
      .post('/api/v1/auth/admin/login')
      .set('x-rdv-session', 'admin')
      .set('x-forwarded-proto', 'https')
      .set('x-forwarded-host', 'localhost:3000')
      .set('origin', 'https://localhost:3000')
      .send({ email: admin.email, password: admin.password })
      .expect(200);
    expect(setCookie(answer, 'rdv_admin_session')).toContain('; Secure');
  });

  it('the cookie is honoured only with the SPA header, and only for its own kind', async () => {
    const pair = cookiePair(await userCookie());
    await http()
      .get('/api/v1/auth/user/check-logged')
      .set('cookie', pair)
      .set('x-rdv-session', 'user')
      .expect(200);
    await http().get('/api/v1/auth/user/check-logged').set('cookie', pair).expect(401);
    await http()
      .get('/api/v1/auth/admin/check-logged')
      .set('cookie', pair)
      .set('x-rdv-session', 'admin')
      .expect(401);
  });

  it('a state-changing call with the cookie from another origin is refused; from the site it goes through', async () => {
    const pair = cookiePair(await userCookie());
    const body = { first_name: 'Camille' };
    const forged = await http()
      .put(`/api/v1/users/${user.id}`)
      .set('cookie', pair)
      .set('x-rdv-session', 'user')
      .set('origin', 'https://evil.example')
      .send(body);
    expect(forged.status).toBe(403);
    expect(forged.body.code).toBe('CROSS_ORIGIN_REFUSED');
    const noOrigin = await http()
      .put(`/api/v1/users/${user.id}`)
      .set('cookie', pair)
      .set('x-rdv-session', 'user')
      .send(body);
    expect(noOrigin.status).toBe(403);
    const own = await http()
      .put(`/api/v1/users/${user.id}`)
      .set('cookie', pair)
      .set('x-rdv-session', 'user')
      .set('origin', SITE)
      .send(body);
    expect(own.status).toBe(200);
  });

  it('a sign-in forged from another origin gets no cookie', async () => {
    const answer = await http()
      .post('/api/v1/login')
      .set('x-rdv-session', 'user')
      .set('origin', 'https://evil.example')
      .send({ username: user.username, password: user.password });
    expect(answer.status).toBe(403);
    expect(setCookie(answer, 'rdv_user_session')).toBeUndefined();
  });

  it('logout clears the cookie and revokes its session on the server', async () => {
    const pair = cookiePair(await userCookie());
    const out = await http()
      .get('/api/v1/auth/user/logout')
      .set('cookie', pair)
      .set('x-rdv-session', 'user')
      .expect(200);
    expect(setCookie(out, 'rdv_user_session')).toMatch(/^rdv_user_session=; Path=\/api\/v1; Max-Age=0/);
    // A copy of the cookie kept by an attacker no longer works, nor its token as a Bearer.
    await http()
      .get('/api/v1/auth/user/check-logged')
      .set('cookie', pair)
      .set('x-rdv-session', 'user')
      .expect(401);
    const token = pair.split('=')[1];
    await http().get('/api/v1/auth/user/check-logged').set('authorization', `Bearer ${token}`).expect(401);
  });

  it('a token answered to the SPA (sign-up) is handed to the cookie only from the site itself', async () => {
    const token = db.token('user', user.id);
    const foreign = await http()
      .post('/api/v1/auth/session')
      .set('authorization', `Bearer ${token}`)
      .set('x-rdv-session', 'user')
      .set('origin', 'https://evil.example');
    expect(foreign.status).toBe(403);
    const adopted = await http()
      .post('/api/v1/auth/session')
      .set('authorization', `Bearer ${token}`)
      .set('x-rdv-session', 'user')
      .set('origin', SITE)
      .expect(200);
    expect(setCookie(adopted, 'rdv_user_session')).toContain(`rdv_user_session=${token};`);
  });

  it('bearer tokens keep working for API clients, with no Origin needed', async () => {
    await http()
      .put(`/api/v1/users/${user.id}`)
      .set('authorization', `Bearer ${user.token}`)
      .send({ first_name: 'Camille' })
      .expect(200);
  });
});
