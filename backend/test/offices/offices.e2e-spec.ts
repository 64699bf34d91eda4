import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { TestingModule } from '@nestjs/testing';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { createTestApp } from '../app';
import { SeededUser, TestDb, uniqueTag } from '../auth/support/fixtures';
import { SmtpReceiver } from '../auth/support/smtp-receiver';
import { startWorker } from '../support/fixtures';
import { uniqueSiret } from '../support/siret';

/** "Mon cabinet" (/user/mon-etude): create, join, manage an office; its public page. */
describe('Offices (users/{id}/office)', () => {
  let app: NestFastifyApplication;
  let worker: TestingModule;
  let smtp: SmtpReceiver;
  let db: TestDb;
  let mediaDir: string;
  let cityUri: string;
  const http = () => request(app.getHttpServer());
  const as = (user: SeededUser, method: 'get' | 'post' | 'put' | 'delete', path: string) =>
    http()[method](`/api/v1/users/${user.id}/office${path}`).set('Authorization', `Bearer ${user.token}`);
  // A lawyers' deployment: an office is registered by its SIRET.
  const siret = uniqueSiret;
  /** "732 829 320 00074": how a SIRET is printed on the Insee's notice, and often typed. */
  const printed = (value: string) =>
    `${value.slice(0, 3)} ${value.slice(3, 6)} ${value.slice(6, 9)} ${value.slice(9)}`;

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'offices-media-'));
    smtp = await SmtpReceiver.start();
    app = await createTestApp({ env: { SMTP_URL: smtp.url, MEDIA_DIR: mediaDir } });
    worker = await startWorker({ SMTP_URL: smtp.url });
    db = new TestDb();
    cityUri = `offville-${uniqueTag('c')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')}`;
    await db.pool.query(`INSERT INTO departments (code, name) VALUES ('25', 'Doubs') ON CONFLICT DO NOTHING`);
    await db.pool.query(
      `INSERT INTO cities (insee_code, name, city_uri, department_code, postal_codes, population, latitude, longitude)
       VALUES ($1, 'Offville', $2, '25', '{25000}', 1000, 47.24, 6.02)`,
      [`O${String(Math.floor(Math.random() * 9000) + 1000)}`, cityUri],
    );
  });

  afterAll(async () => {
    await worker.close();
    await app.close();
    await smtp.close();
    await db.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('answers a create sent with an Idempotency-Key with the new office, and the same answer to its retry', async () => {
    const lawyer = await db.user(uniqueTag('offi'));
    const key = `office-${uniqueTag('k')}`.replace(/[^A-Za-z0-9-]/g, '');
    const body = { name: `Cabinet Rejoué ${key}`, ext_id: siret() };
    const first = await as(lawyer, 'post', '').set('Idempotency-Key', key).send(body).expect(201);
    expect(first.body.office).toMatchObject({ name: body.name, ext_id: body.ext_id, can_manage: true });
    expect(first.body.office.members).toEqual([expect.objectContaining({ id: lawyer.id, is_manager: true })]);
    const retried = await as(lawyer, 'post', '').set('Idempotency-Key', key).send(body).expect(201);
    expect(retried.body).toEqual(first.body);
    const { rows } = await db.pool.query('SELECT count(*)::int AS n FROM teams WHERE ext_id = $1', [
      body.ext_id,
    ]);
    expect(rows[0].n).toBe(1);
  });

  it('a professional creates an office, manages it, and it shows on /etude/{teamUri}', async () => {
    const lawyer = await db.user(uniqueTag('offc'));
    expect((await as(lawyer, 'get', '').expect(200)).body).toEqual({ office: null, pending_request: null });

    const extId = siret();
    const created = await as(lawyer, 'post', '')
      .send({
        name: 'Cabinet Laurent & Associés',
        ext_id: extId,
        street: '12 rue de la République',
        postal_code: '25000',
        city_uri: cityUri,
        presentation: 'Droit de la famille et du travail depuis 1998.',
        phone: '03 81 00 00 00',
        email: 'Contact@Laurent-Avocats.fr',
      })
      .expect(201);
    const office = created.body.office;
    expect(office).toMatchObject({
      name: 'Cabinet Laurent & Associés',
      ext_id: extId,
      teamUri: 'cabinet-laurent-associes',
      city: { cityUri, name: 'Offville' },
      email: 'contact@laurent-avocats.fr',
      manager_id: lawyer.id,
      can_manage: true,
      join_requests: [],
    });
    expect(office.members).toEqual([
      expect.objectContaining({ id: lawyer.id, is_manager: true, listed: true }),
    ]);

    const saved = await as(lawyer, 'put', '')
      .send({ presentation: 'Nouvelle présentation', phone: '' })
      .expect(200);
    expect(saved.body.office).toMatchObject({
      presentation: 'Nouvelle présentation',
      phone: null,
      name: office.name,
    });

    const page = await http().get(`/api/v1/teams/${office.teamUri}`).expect(200);
    expect(page.body).toMatchObject({
      name: office.name,
      presentation: 'Nouvelle présentation',
      ext_id: extId,
    });
    expect(page.body.professionals.map((p: { _id: string }) => p._id)).toContain(lawyer.id);

    // A second office: the name's URI is taken, the next one is free.
    const other = await db.user(uniqueTag('offc2'));
    const second = await as(other, 'post', '')
      .send({ name: 'Cabinet Laurent & Associés', ext_id: siret() })
      .expect(201);
    expect(second.body.office.teamUri).toBe('cabinet-laurent-associes-2');
  });

  it('refuses a SIRET already taken, however it is typed, with the contract text, and changes nothing', async () => {
    const first = await db.user(uniqueTag('dup1'));
    const second = await db.user(uniqueTag('dup2'));
    const extId = siret();
    await as(first, 'post', '').send({ name: 'Étude Une', ext_id: extId }).expect(201);
    const refused = await as(second, 'post', '')
      .send({ name: 'Étude Deux', ext_id: printed(extId) })
      .expect(409);
    expect(refused.body).toEqual({
      statusCode: 409,
      code: 'EXT_ID_ALREADY_EXISTS',
      message: 'ext_id already exists',
    });
    expect((await as(second, 'get', '').expect(200)).body.office).toBeNull();
    expect(
      (await db.pool.query('SELECT count(*)::int AS n FROM teams WHERE name = $1', ['Étude Deux'])).rows[0].n,
    ).toBe(0);

    // The same race at once: one office, one 409.
    const third = await db.user(uniqueTag('dup3'));
    const fourth = await db.user(uniqueTag('dup4'));
    const raced = siret();
    const answers = await Promise.all(
      [third, fourth].map((user, i) =>
        as(user, 'post', '').send({ name: `Course ${i} ${raced}`, ext_id: raced }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(
      (await db.pool.query('SELECT count(*)::int AS n FROM teams WHERE ext_id = $1', [raced])).rows[0].n,
    ).toBe(1);
  });

  it('refuses bad input in French without a 500', async () => {
    const lawyer = await db.user(uniqueTag('bad'));
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ ext_id: siret() }, /nom du cabinet est obligatoire/],
      [{ name: 'Cabinet', ext_id: '../etc' }, /SIRET doit compter 14 chiffres/],
      // A notary's crpcen is not a lawyer's number, nor is a SIRET whose Luhn key is wrong.
      [{ name: 'Cabinet', ext_id: '75062' }, /SIRET doit compter 14 chiffres/],
      [{ name: 'Cabinet', ext_id: '73282932000075' }, /SIRET doit compter 14 chiffres/],
      [{ name: 'Cabinet' }, /SIRET est obligatoire/],
      [{ name: 'Cabinet', ext_id: siret(), city_uri: 'atlantide' }, /Commune inconnue/],
      [{ name: 'Cabinet', ext_id: siret(), email: 'pas-un-email' }, /email must be an email/],
      [{ name: 'Cabinet', ext_id: siret(), postal_code: '2500' }, /code postal/],
    ];
    for (const [body, message] of cases) {
      const answer = await as(lawyer, 'post', '').send(body).expect(400);
      expect(answer.body.message).toMatch(message);
    }
    expect((await as(lawyer, 'get', '').expect(200)).body.office).toBeNull();
    await as(lawyer, 'post', '/join-request').send({ ext_id: 'INCONNU999' }).expect(400);
    const unknown = await as(lawyer, 'post', '/join-request').send({ ext_id: siret() }).expect(400);
    expect(JSON.stringify(unknown.body)).toContain('Aucun cabinet n’est inscrit avec ce SIRET');
    await as(lawyer, 'put', '').send({ name: 'Sans cabinet' }).expect(404);
  });

  it('a colleague asks to join; the manager is mailed, accepts; the colleague is mailed and listed', async () => {
    const manager = await db.user(uniqueTag('mgr'));
    const colleague = await db.user(uniqueTag('col'));
    const extId = siret();
    const { body } = await as(manager, 'post', '')
      .send({ name: `Cabinet Rejoindre ${extId}`, ext_id: extId })
      .expect(201);

    const asked = await as(colleague, 'post', '/join-request').send({ ext_id: extId }).expect(200);
    expect(asked.body).toMatchObject({
      office: null,
      pending_request: { ext_id: extId, name: body.office.name },
    });
    // Asking twice is one request, one mail.
    await as(colleague, 'post', '/join-request').send({ ext_id: extId }).expect(200);

    const request = await smtp.waitFor(manager.email, 1, 15_000);
    expect(request.subject).toContain('demande à rejoindre');
    expect(request.text).toContain(colleague.email);
    expect(request.text).toContain('/user/mon-etude');

    const seen = await as(manager, 'get', '').expect(200);
    expect(seen.body.office.join_requests).toEqual([
      expect.objectContaining({ id: colleague.id, email: colleague.email }),
    ]);
    // Only the manager answers requests.
    const stranger = await db.user(uniqueTag('str'));
    await as(stranger, 'post', `/join-requests/${colleague.id}/accept`).expect(404);

    const accepted = await as(manager, 'post', `/join-requests/${colleague.id}/accept`).expect(200);
    expect(accepted.body.office.members.map((m: { id: string }) => m.id).sort()).toEqual(
      [manager.id, colleague.id].sort(),
    );
    expect(accepted.body.office.join_requests).toEqual([]);
    const welcome = await smtp.waitFor(colleague.email, 1, 15_000);
    expect(welcome.subject).toBe(`Vous avez rejoint ${body.office.name}`);

    // The colleague sees the office but does not manage it.
    const colleagueView = await as(colleague, 'get', '').expect(200);
    expect(colleagueView.body.office).toMatchObject({
      id: body.office.id,
      can_manage: false,
      join_requests: [],
    });
    const refused = await as(colleague, 'put', '').send({ name: 'Pris de force' }).expect(403);
    expect(refused.body.message).toBe('Seul le responsable du cabinet peut faire cette modification');
    await http()
      .put(`/api/v1/users/${colleague.id}/chat-settings`)
      .set('Authorization', `Bearer ${colleague.token}`)
      .send({ webhookUrl: 'https://hooks.example.test/x', enabled: true })
      .expect(403);
    const page = await http().get(`/api/v1/teams/${body.office.teamUri}`).expect(200);
    expect(page.body.professionals).toHaveLength(2);
  });

  it('a refused request mails the requester; the manager hands over, removes, and members leave', async () => {
    const manager = await db.user(uniqueTag('mg2'));
    const second = await db.user(uniqueTag('sec'));
    const refusedOne = await db.user(uniqueTag('ref'));
    const extId = siret();
    const { body } = await as(manager, 'post', '')
      .send({ name: `Cabinet Transmis ${extId}`, ext_id: extId })
      .expect(201);
    await as(second, 'post', '/join-request').send({ ext_id: extId }).expect(200);
    await as(refusedOne, 'post', '/join-request').send({ ext_id: extId }).expect(200);
    await as(manager, 'post', `/join-requests/${second.id}/accept`).expect(200);
    await as(manager, 'delete', `/join-requests/${refusedOne.id}`).expect(200);
    const refusal = await smtp.waitFor(refusedOne.email, 1, 15_000);
    expect(refusal.text).toContain('n’a pas accepté votre demande');
    expect((await as(refusedOne, 'get', '').expect(200)).body).toEqual({
      office: null,
      pending_request: null,
    });
    // Answering again: the request is gone.
    await as(manager, 'post', `/join-requests/${refusedOne.id}/accept`).expect(404);

    // The manager cannot leave while a colleague stays: hand over first.
    const blocked = await as(manager, 'delete', `/members/${manager.id}`).expect(409);
    expect(blocked.body.message).toBe('Confiez d’abord la gestion du cabinet à un autre membre');
    await as(manager, 'put', '/manager').send({ member_id: refusedOne.id }).expect(404);
    const handed = await as(manager, 'put', '/manager').send({ member_id: second.id }).expect(200);
    expect(handed.body.office).toMatchObject({ manager_id: second.id, can_manage: false });
    // The new manager removes the former one.
    const removed = await as(second, 'delete', `/members/${manager.id}`).expect(200);
    expect(removed.body.office.members.map((m: { id: string }) => m.id)).toEqual([second.id]);
    expect((await as(manager, 'get', '').expect(200)).body.office).toBeNull();
    // Alone, the manager may leave: the office stays, unmanaged, for its next member.
    await as(second, 'delete', `/members/${second.id}`).expect(200);
    const { rows } = await db.pool.query('SELECT manager_id FROM teams WHERE id = $1', [body.office.id]);
    expect(rows[0].manager_id).toBeNull();
  });

  it('an office an administrator created is taken over by the first member who edits it', async () => {
    const teamId = await db.team(uniqueTag('adm'));
    const member = await db.user(uniqueTag('mem'), { teamId });
    const view = await as(member, 'get', '').expect(200);
    expect(view.body.office).toMatchObject({ id: teamId, manager_id: null, can_manage: true });
    const saved = await as(member, 'put', '').send({ presentation: 'Repris en main' }).expect(200);
    expect(saved.body.office).toMatchObject({ manager_id: member.id, presentation: 'Repris en main' });
  });

  it('the manager sets the office photo (re-encoded WebP, no metadata); other accounts are refused', async () => {
    const manager = await db.user(uniqueTag('pic'));
    const extId = siret();
    const { body } = await as(manager, 'post', '')
      .send({ name: `Cabinet Photo ${extId}`, ext_id: extId })
      .expect(201);
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#3060a0' } })
      .png()
      .toBuffer();
    const saved = await as(manager, 'put', '/picture').attach('file', png, 'cabinet.png').expect(200);
    const picture: string = saved.body.office.picture;
    expect(picture).toMatch(/^\/api\/v1\/media\/[0-9a-f]{32}-400\.webp$/);
    const file = await http().get(picture).expect(200);
    expect(await sharp(file.body as Buffer).metadata()).toMatchObject({
      format: 'webp',
      width: 400,
      height: 400,
    });
    expect((await http().get(`/api/v1/teams/${body.office.teamUri}`).expect(200)).body.picture).toBe(picture);

    const bad = await as(manager, 'put', '/picture')
      .attach('file', Buffer.from('AAAA'), 'cabinet.png')
      .expect(400);
    expect(bad.body.message).toMatch(/image|fichier/i);
    const other = await db.user(uniqueTag('pic2'));
    await http()
      .put(`/api/v1/users/${manager.id}/office/picture`)
      .set('Authorization', `Bearer ${other.token}`)
      .attach('file', png, 'cabinet.png')
      .expect(403);

    await as(manager, 'delete', '/picture').expect(200);
    await http().get(picture).expect(404);
  });
});
