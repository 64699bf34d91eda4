import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { SeededAccount, TestDb, uniqueTag } from '../auth/support/fixtures';
import { SmtpReceiver } from '../auth/support/smtp-receiver';
import { startStack, type TestStack } from '../support/stack';

/** Appointments in the console (filters, show, cancel on behalf: both sides told). */
describe('Admin appointments (GET /admin/appointments, POST /admin/appointments/{id}/cancel)', () => {
  let app: NestFastifyApplication;
  let smtp: SmtpReceiver;
  let stack: TestStack;
  let db: TestDb;
  let admin: SeededAccount;
  const http = () => request(app.getHttpServer());
  const auth = () => ({ Authorization: `Bearer ${admin.token}` });

  beforeAll(async () => {
    stack = await startStack({});
    ({ app, smtp } = stack);
    db = new TestDb();
    admin = await db.admin(uniqueTag('appt'));
  });

  afterAll(async () => {
    await stack?.close();
    await db.close();
  });

  it('filters by professional and status with the simple-REST contract, and cancels on behalf of the client: both are mailed', async () => {
    const tag = uniqueTag('appt');
    const pro = await db.user(tag);
    const client = await db.attendee(tag);
    const confirmed = await db.appointment(pro.id, client.id, 48 * 60, 'confirmed');
    const pending = await db.appointment(pro.id, client.id, 72 * 60, 'pending');

    const list = await http()
      .get('/api/v1/admin/appointments')
      .query({
        filter: JSON.stringify({ userId: pro.id, status: 'confirmed' }),
        sort: JSON.stringify(['startsAt', 'ASC']),
        range: '[0,9]',
      })
      .set(auth())
      .expect(200);
    expect(list.headers['content-range']).toBe('appointments 0-0/1');
    expect(list.body[0]).toMatchObject({
      id: confirmed,
      status: 'confirmed',
      userId: pro.id,
      attendeeId: client.id,
    });

    const many = await http()
      .get('/api/v1/admin/appointments')
      .query({ filter: JSON.stringify({ id: [confirmed, pending] }) })
      .set(auth())
      .expect(200);
    expect(many.body.map((a: { id: string }) => a.id).sort()).toEqual([confirmed, pending].sort());

    const cancelled = await http()
      .post(`/api/v1/admin/appointments/${confirmed}/cancel`)
      .set(auth())
      .send({ on_behalf_of: 'attendee', reason: 'Le client a appelé le support' })
      .expect(200);
    expect(cancelled.body).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'attendee',
      cancellationReason: 'Le client a appelé le support',
    });
    await smtp.waitFor(client.email);
    await smtp.waitFor(pro.email);

    const again = await http()
      .post(`/api/v1/admin/appointments/${confirmed}/cancel`)
      .set(auth())
      .send({ on_behalf_of: 'user' })
      .expect(409);
    expect(again.body.message).toEqual(expect.any(String));

    const audit = await http()
      .get('/api/v1/admin/audit-log')
      .query({ filter: JSON.stringify({ resource: 'appointments', resourceId: confirmed }) })
      .set(auth())
      .expect(200);
    expect(audit.body[0]).toMatchObject({
      action: 'cancel',
      before: { status: 'confirmed' },
      after: { status: 'cancelled' },
    });
  });

  it('refuses bad filters and bodies in French, changes nothing, and refuses non-admins', async () => {
    const tag = uniqueTag('apptbad');
    const pro = await db.user(tag);
    const id = await db.appointment(pro.id, null, 60 * 24, 'confirmed');
    const bad = await http()
      .get('/api/v1/admin/appointments')
      .query({ filter: JSON.stringify({ status: 'lost' }) })
      .set(auth())
      .expect(400);
    expect(bad.body.message).toBe('Statut de rendez-vous inconnu');
    const badDate = await http()
      .get('/api/v1/admin/appointments')
      .query({ filter: JSON.stringify({ from: 'demain' }) })
      .set(auth())
      .expect(400);
    expect(badDate.body.message).toBe('La date de début est invalide');
    const noSide = await http()
      .post(`/api/v1/admin/appointments/${id}/cancel`)
      .set(auth())
      .send({})
      .expect(400);
    expect(noSide.body.message).toBe('Précisez qui demande l’annulation : le client ou le professionnel');
    const shown = await http().get(`/api/v1/admin/appointments/${id}`).set(auth()).expect(200);
    expect(shown.body.status).toBe('confirmed');
    await http().get('/api/v1/admin/appointments').set('Authorization', `Bearer ${pro.token}`).expect(403);
  });
});
