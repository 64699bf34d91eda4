import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { createTestApp } from '../app';
import { PASSWORD, SeededAccount, TestDb, uniqueTag } from '../auth/support/fixtures';

/** Clients in the console (search, show, deactivate, GDPR export and erasure). */
describe('Admin clients (GET/PUT /admin/clients, export, erase)', () => {
  let app: NestFastifyApplication;
  let db: TestDb;
  let admin: SeededAccount;
  const http = () => request(app.getHttpServer());
  const auth = () => ({ Authorization: `Bearer ${admin.token}` });

  beforeAll(async () => {
    app = await createTestApp();
    db = new TestDb();
    admin = await db.admin(uniqueTag('cli'));
  });

  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('searches clients (simple-REST contract), deactivates one: sign-in refused and the open session ends', async () => {
    const client = await db.attendee(uniqueTag('cli'));
    const list = await http()
      .get('/api/v1/admin/clients')
      .query({
        filter: JSON.stringify({ q: client.email }),
        sort: JSON.stringify(['email', 'ASC']),
        range: '[0,4]',
      })
      .set(auth())
      .expect(200);
    expect(list.headers['content-range']).toBe('clients 0-0/1');
    expect(list.body[0]).toMatchObject({ id: client.id, email: client.email, isActive: true });

    await http()
      .get('/api/v1/auth/attendee/check-logged')
      .set('Authorization', `Bearer ${client.token}`)
      .expect(200);
    const off = await http()
      .put(`/api/v1/admin/clients/${client.id}`)
      .set(auth())
      .send({ isActive: false })
      .expect(200);
    expect(off.body.isActive).toBe(false);
    await http()
      .get('/api/v1/auth/attendee/check-logged')
      .set('Authorization', `Bearer ${client.token}`)
      .expect(401);
    const login = await http()
      .post('/api/v1/auth/attendee/login')
      .set('x-forwarded-for', '198.51.100.91')
      .send({ email: client.email, password: PASSWORD });
    expect(login.status).toBe(403);
    expect(login.body.message).toBe('Ce compte est désactivé');
  });

  it('exports the client’s data with their appointments, then erases it on request', async () => {
    const tag = uniqueTag('gdpr');
    const client = await db.attendee(tag);
    const pro = await db.user(tag);
    const appointment = await db.appointment(pro.id, client.id, 24 * 60, 'confirmed');

    // the same export the client downloads from their own space: every row about them
    const exported = await http().get(`/api/v1/admin/clients/${client.id}/export`).set(auth()).expect(200);
    expect(exported.body.tables.attendees).toEqual([
      expect.objectContaining({ id: client.id, email: client.email }),
    ]);
    expect(exported.body.tables.attendees[0]).not.toHaveProperty('password_hash');
    expect(exported.body.tables.appointments.map((a: { id: string }) => a.id)).toEqual([appointment]);

    const erased = await http().post(`/api/v1/admin/clients/${client.id}/erase`).set(auth()).expect(200);
    expect(erased.body).toEqual({ message: 'Les données du client ont été effacées' });
    // the same erasure as the client deleting their account: no row names them any more
    const { rows } = await db.pool.query(
      'SELECT count(*)::int AS n FROM attendees WHERE id = $1 OR email = $2',
      [client.id, client.email],
    );
    expect(rows[0].n).toBe(0);
    // the appointment stays (the professional's history), with an anonymous client
    const { rows: appts } = await db.pool.query('SELECT attendee_id FROM appointments WHERE id = $1', [
      appointment,
    ]);
    expect(appts[0].attendee_id).toBeNull();
    const audit = await db.pool.query(
      `SELECT action FROM admin_audit_log WHERE resource = 'clients' AND resource_id = $1 ORDER BY id`,
      [client.id],
    );
    expect(audit.rows.map((r: { action: string }) => r.action)).toEqual(['export', 'erase']);

    const again = await http().post(`/api/v1/admin/clients/${client.id}/erase`).set(auth()).expect(404);
    expect(again.body.code).toBe('ACCOUNT_NOT_EXIST');
  });

  it('refuses bad input in French and non-admins', async () => {
    const client = await db.attendee(uniqueTag('clibad'));
    const bad = await http()
      .put(`/api/v1/admin/clients/${client.id}`)
      .set(auth())
      .send({ isActive: 'non' })
      .expect(400);
    expect(bad.body.message).toBe('Le statut actif doit être vrai ou faux');
    await http().get('/api/v1/admin/clients').set('Authorization', `Bearer ${client.token}`).expect(403);
  });
});
