import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { SeededAccount, TestDb, uniqueTag } from '../auth/support/fixtures';
import { SmtpReceiver } from '../auth/support/smtp-receiver';
import { startStack, type TestStack } from '../support/stack';
import { completeSiret } from '@rdv/sectors';

/**
 * Registration requests in the console. The applicant is acknowledged by mail;
 * an admin lists them (simple-REST contract), accepts one (pending professional + sign-up
 * invitation) or refuses one with a reason (mailed). Every decision is in the audit log.
 */
describe('Admin registration requests (accept -> invitation, refuse -> mail, audit log)', () => {
  let app: NestFastifyApplication;
  let smtp: SmtpReceiver;
  let stack: TestStack;
  let db: TestDb;
  let admin: SeededAccount;
  let tag: string;
  const http = () => request(app.getHttpServer());

  const submit = (first: string, last: string, email: string, ip: string) =>
    http()
      .post('/api/v1/registration-requests')
      .set('x-forwarded-for', ip)
      .send({
        civility: 'Mme',
        first_name: first,
        last_name: last,
        email,
        phone: '06 12 34 56 78',
        city: 'Lyon',
        officeName: 'Cabinet Test',
      })
      .expect(201);

  beforeAll(async () => {
    stack = await startStack({});
    ({ app, smtp } = stack);
    db = new TestDb();
    tag = uniqueTag('rr');
    admin = await db.admin(tag);
  });

  afterAll(async () => {
    await stack?.close();
    await db.close();
  });

  it('acknowledges the applicant by mail, lists the request (sort, range, filter, Content-Range), accepts it: pending professional + invitation', async () => {
    const email = `alice.${tag}@example.fr`;
    const { body: created } = await submit('Alice', `Accept-${tag}`, email, '198.51.100.71');
    const ack = await smtp.waitFor(email);
    expect(ack.subject).toMatch(/Votre demande d’inscription sur .+ a bien été reçue/);
    expect(ack.text).toContain(`Bonjour Mme Accept-${tag}`);

    const list = await http()
      .get('/api/v1/admin/registration-requests')
      .query({
        sort: JSON.stringify(['createdAt', 'DESC']),
        range: JSON.stringify([0, 9]),
        filter: JSON.stringify({ q: `Accept-${tag}`, status: 'pending' }),
      })
      .set('Authorization', `Bearer ${admin.token}`)
      .expect(200);
    expect(list.headers['content-range']).toBe('registration-requests 0-0/1');
    expect(list.body[0]).toMatchObject({ id: created.id, email, status: 'pending', city: 'Lyon' });

    const accepted = await http()
      .post(`/api/v1/admin/registration-requests/${created.id}/accept`)
      .set('Authorization', `Bearer ${admin.token}`)
      .expect(200);
    expect(accepted.body.status).toBe('accepted');
    expect(accepted.body.professionalId).toEqual(expect.any(String));

    const user = await db.userRow(accepted.body.professionalId);
    expect(user).toMatchObject({ email, firstName: 'Alice', lastName: `Accept-${tag}`, passwordHash: null });
    const invitation = await smtp.waitFor(email, 2);
    expect(invitation.text).toContain(`/user/inscription/${accepted.body.professionalId}?token=`);

    // a second decision is refused and changes nothing
    const again = await http()
      .post(`/api/v1/admin/registration-requests/${created.id}/refuse`)
      .set('Authorization', `Bearer ${admin.token}`)
      .send({ reason: 'Trop tard' })
      .expect(409);
    expect(again.body.message).toBe('Cette demande d’inscription a déjà été traitée');
    const shown = await http()
      .get(`/api/v1/admin/registration-requests/${created.id}`)
      .set('Authorization', `Bearer ${admin.token}`)
      .expect(200);
    expect(shown.body).toMatchObject({ status: 'accepted', refusalReason: null });

    const audit = await http()
      .get('/api/v1/admin/audit-log')
      .query({ filter: JSON.stringify({ resource: 'registration-requests', resourceId: created.id }) })
      .set('Authorization', `Bearer ${admin.token}`)
      .expect(200);
    expect(audit.headers['content-range']).toBe('audit-log 0-0/1');
    expect(audit.body[0]).toMatchObject({
      action: 'accept',
      adminEmail: admin.email,
      before: { status: 'pending' },
      after: { status: 'accepted' },
    });
  });

  it('carries the request over: the sign-up page pre-fills its phone and shows its commune and office, already set on the account', async () => {
    const email = `chloe.${tag}@example.fr`;
    // A commune of its own (the test database holds no reference data); typed in lower case by the applicant.
    const commune = `Carryville-${tag}`;
    await db.pool.query(`INSERT INTO departments (code, name) VALUES ('69', 'Rhône') ON CONFLICT DO NOTHING`);
    await db.pool.query(
      `INSERT INTO cities (insee_code, name, city_uri, department_code, postal_codes, population)
       VALUES ($1, $2, $3, '69', '{69001}', 1000)`,
      [`C${tag}`.slice(0, 12), commune, commune.toLowerCase()],
    );
    const siret = completeSiret(`9${String(Date.now()).slice(-12)}`);
    const { body: created } = await http()
      .post('/api/v1/registration-requests')
      .set('x-forwarded-for', '198.51.100.74')
      .send({
        civility: 'Mme',
        first_name: 'Chloé',
        last_name: `Carry-${tag}`,
        email,
        phone: '06 12 34 56 79',
        city: commune.toLowerCase(),
        officeName: `Cabinet Carry ${tag}`,
        officeNumber: siret,
      })
      .expect(201);
    await smtp.waitFor(email);
    const accepted = await http()
      .post(`/api/v1/admin/registration-requests/${created.id}/accept`)
      .set('Authorization', `Bearer ${admin.token}`)
      .expect(200);
    const userId = accepted.body.professionalId as string;
    const invitation = await smtp.waitFor(email, 2);
    const token = /[?&]token=([^\s&]+)/.exec(invitation.text ?? '')?.[1] ?? '';

    const registration = await http()
      .get(`/api/v1/users/${userId}/registration`)
      .query({ token: decodeURIComponent(token) })
      .expect(200);
    expect(registration.body).toMatchObject({
      email,
      telephone: '+33612345679',
      country: 'FR',
      city: { cityUri: commune.toLowerCase(), name: commune },
      office_name: `Cabinet Carry ${tag}`,
    });

    // The office exists with its number, and the new professional manages it.
    const { rows: office } = await db.pool.query<{ name: string; manager_id: string; city_uri: string }>(
      `SELECT t.name, t.manager_id, c.city_uri FROM teams t LEFT JOIN cities c ON c.id = t.city_id WHERE t.ext_id = $1`,
      [siret],
    );
    expect(office).toEqual([
      { name: `Cabinet Carry ${tag}`, manager_id: userId, city_uri: commune.toLowerCase() },
    ]);
  });

  it('leaves the commune unset when the typed city names none (the professional picks it later)', async () => {
    const email = `denis.${tag}@example.fr`;
    const { body: created } = await submit('Denis', `Nowhere-${tag}`, email, '198.51.100.75');
    await db.pool.query(
      `UPDATE registration_requests SET city = 'Villeinconnue', office_name = NULL WHERE id = $1`,
      [created.id],
    );
    const accepted = await http()
      .post(`/api/v1/admin/registration-requests/${created.id}/accept`)
      .set('Authorization', `Bearer ${admin.token}`)
      .expect(200);
    const user = await db.userRow(accepted.body.professionalId);
    expect(user).toMatchObject({ cityId: null, teamId: null, telephone: '+33612345678' });
  });

  it('refuses with a reason: the applicant receives it; an empty reason is a French 400 that changes nothing', async () => {
    const email = `bruno.${tag}@example.fr`;
    const { body: created } = await submit('Bruno', `Refuse-${tag}`, email, '198.51.100.72');
    await smtp.waitFor(email);

    const empty = await http()
      .post(`/api/v1/admin/registration-requests/${created.id}/refuse`)
      .set('Authorization', `Bearer ${admin.token}`)
      .send({ reason: '  ' })
      .expect(400);
    expect(empty.body.message).toBe('Le motif du refus est obligatoire');
    const still = await http()
      .get(`/api/v1/admin/registration-requests/${created.id}`)
      .set('Authorization', `Bearer ${admin.token}`)
      .expect(200);
    expect(still.body.status).toBe('pending');

    await http()
      .post(`/api/v1/admin/registration-requests/${created.id}/refuse`)
      .set('Authorization', `Bearer ${admin.token}`)
      .send({ reason: 'Votre barreau n’est pas encore ouvert sur le service.' })
      .expect(200);
    const refusal = await smtp.waitFor(email, 2);
    expect(refusal.text).toContain('Motif : Votre barreau n’est pas encore ouvert sur le service.');
    const { rows } = await db.pool.query('SELECT count(*)::int AS n FROM users WHERE email = $1', [email]);
    expect(rows[0].n).toBe(0);
  });

  it('refuses bad list parameters and unknown ids in French, and non-admins', async () => {
    const auth = { Authorization: `Bearer ${admin.token}` };
    const badSort = await http()
      .get('/api/v1/admin/registration-requests')
      .query({ sort: JSON.stringify(['password', 'ASC']) })
      .set(auth)
      .expect(400);
    expect(badSort.body.message).toBe('Tri impossible sur le champ password');
    const badStatus = await http()
      .get('/api/v1/admin/registration-requests')
      .query({ filter: JSON.stringify({ status: 'maybe' }) })
      .set(auth)
      .expect(400);
    expect(badStatus.body.message).toBe('Statut de demande inconnu');
    await http()
      .post('/api/v1/admin/registration-requests/00000000-0000-4000-8000-000000000000/accept')
      .set(auth)
      .expect(404);

    const pro = await db.user(`${tag}-pro`);
    await http()
      .get('/api/v1/admin/registration-requests')
      .set('Authorization', `Bearer ${pro.token}`)
      .expect(403);
    await http().get('/api/v1/admin/audit-log').expect(401);
  });
});
