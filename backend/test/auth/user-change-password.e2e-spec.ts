import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { createTestApp } from '../app';
import { PASSWORD, TestDb, uniqueTag } from './support/fixtures';

/** A professional changes their password; the current one is required, other sessions end. */
describe('POST /auth/user/change-password', () => {
  let app: NestFastifyApplication;
  let db: TestDb;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await createTestApp();
    db = new TestDb();
  });

  afterAll(async () => {
    await app.close();
    await db.close();
  });

  const login = async (username: string, password: string) =>
    http().post('/api/v1/login').set('x-forwarded-for', '198.51.100.77').send({ username, password });

  it('needs the current password, ends the other sessions and keeps this one with a new token', async () => {
    const pro = await db.user(uniqueTag('pwd'));
    const laptop = (await login(pro.username, PASSWORD)).body.token as string;
    const phone = (await login(pro.username, PASSWORD)).body.token as string;

    const wrong = await http()
      .post('/api/v1/auth/user/change-password')
      .set('Authorization', `Bearer ${laptop}`)
      .send({
        current_password: 'pas le bon',
        password: 'nouvelle phrase',
        password_confirmation: 'nouvelle phrase',
      })
      .expect(400);
    expect(wrong.body.message).toBe('Mot de passe actuel incorrect');
    const mismatch = await http()
      .post('/api/v1/auth/user/change-password')
      .set('Authorization', `Bearer ${laptop}`)
      .send({
        current_password: PASSWORD,
        password: 'nouvelle phrase',
        password_confirmation: 'autre phrase',
      })
      .expect(400);
    expect(mismatch.body.message).toBe('Password are not the same');
    // nothing changed yet: both sessions work
    await http().get('/api/v1/auth/user/check-logged').set('Authorization', `Bearer ${phone}`).expect(200);

    const changed = await http()
      .post('/api/v1/auth/user/change-password')
      .set('Authorization', `Bearer ${laptop}`)
      .send({
        current_password: PASSWORD,
        password: 'nouvelle phrase',
        password_confirmation: 'nouvelle phrase',
      })
      .expect(200);
    expect(changed.body.message).toBe(
      'Votre mot de passe a été modifié. Vos autres sessions ont été déconnectées.',
    );
    const fresh = changed.body.token as string;
    await http().get('/api/v1/auth/user/check-logged').set('Authorization', `Bearer ${phone}`).expect(401);
    await http().get('/api/v1/auth/user/check-logged').set('Authorization', `Bearer ${laptop}`).expect(401);
    await http().get('/api/v1/auth/user/check-logged').set('Authorization', `Bearer ${fresh}`).expect(200);
    expect((await login(pro.username, PASSWORD)).status).toBe(401);
    expect((await login(pro.username, 'nouvelle phrase')).status).toBe(200);
  });
});
