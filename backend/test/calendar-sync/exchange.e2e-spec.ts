import { randomBytes } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { TestingModule } from '@nestjs/testing';
import type { Pool } from 'pg';
import request from 'supertest';
import { HostResolver } from '../../src/common/outbound-address';
import type { CalendarCredentials } from '../../src/modules/calendar-sync/calendar-provider.port';
import { CalendarSyncProcessor } from '../../src/modules/calendar-sync/calendar-sync.processor';
import { CalendarSyncService } from '../../src/modules/calendar-sync/calendar-sync.service';
import { CredentialCipher } from '../../src/modules/calendar-sync/credential-cipher';
import { outboxJobId } from '../../src/modules/outbox/outbox.relay';
import { QUEUES } from '../../src/queue/queue.constants';
import { QueueRegistry } from '../../src/queue/queue.registry';
import { createTestApp } from '../app';
import {
  bearer,
  bookingBody,
  createAttendee,
  createProfessional,
  freeSlots,
  poolOf,
  SmtpReceiver,
  type TestAttendee,
  type TestProfessional,
  waitUntil,
} from '../support/fixtures';
import { startEwsFake, type EwsFake } from '../support/ews-fake';
import { startStack, type TestStack } from '../support/stack';

const CALENDAR_ENCRYPTION_KEYS = `ews:${randomBytes(32).toString('base64')}`;
const LOGIN = 'CABINET\\camille.martin';
/** the fixture motive lasts 30 minutes, as do its slots */
const SLOT = 30 * 60_000;
const plus = (iso: string, ms: number) => new Date(new Date(iso).getTime() + ms).toISOString();

describe('Exchange (EWS) calendar: connect, busy times, write-back and a refused password, through ews-javascript-api', () => {
  let app: NestFastifyApplication;
  let worker: TestingModule;
  let pool: Pool;
  let smtp: SmtpReceiver;
  let stack: TestStack;
  let exchange: EwsFake;
  let pro: TestProfessional;
  let attendee: TestAttendee;
  let slots: string[];
  const http = () => request(app.getHttpServer());
  const connect = (body: Record<string, unknown>, who = pro) =>
    http().post(`/api/v1/users/${who.id}/calendar-connections/exchange`).set(bearer(who.token)).send(body);
  const connections = async () =>
    (await pool.query('SELECT id, status, server_url FROM calendar_connections WHERE user_id = $1', [pro.id]))
      .rows;
  const ourItems = () => exchange.items().filter((i) => i.uid?.endsWith('@localhost'));
  /** The sync jobs the outbox queued for this calendar have been handed to the worker and have run, and no sync is running. */
  const queuedSyncsFinished = (calendarId: string) =>
    waitUntil(async () => {
      const queue = worker.get(QueueRegistry).get(QUEUES.calendarSync);
      const { rows } = await pool.query<{ id: string; created_at: Date; sent_at: Date | null }>(
        `SELECT id, created_at, sent_at FROM outbox WHERE queue = $1 AND payload->>'calendarId' = $2`,
        [QUEUES.calendarSync, calendarId],
      );
      if (rows.length === 0 || rows.some((row) => row.sent_at === null)) return false;
      const jobs = await Promise.all(
        rows.map((row) => queue.getJob(outboxJobId({ id: Number(row.id), createdAt: row.created_at }))),
      );
      // A row marked sent has its job in the queue; one no longer there was removed once finished.
      return (
        jobs.every((job) => !job || job.finishedOn !== undefined) && (await queue.getActiveCount()) === 0
      );
    });

  beforeAll(async () => {
    // A Basic-only server: the connect form tries NTLM first (Exchange's default), then Basic.
    exchange = await startEwsFake({ username: LOGIN, password: 'mot-de-passe', auth: 'basic' });
    // CALDAV_ALLOW_PRIVATE: the fake listens on 127.0.0.1 over http (the development-only setting).
    stack = await startStack({ CALENDAR_ENCRYPTION_KEYS, CALDAV_ALLOW_PRIVATE: 'true' });
    ({ app, worker, smtp } = stack);
    pool = poolOf(app);
    pro = await createProfessional(pool);
    attendee = await createAttendee(pool);
    slots = await freeSlots(app, pro, 12);
  });
  afterAll(async () => {
    await stack?.close();
    await exchange?.stop();
  });

  it.each([
    [{ username: LOGIN, password: 'x' }, "L'adresse du serveur Exchange est obligatoire"],
    [
      { serverUrl: 'mail.cabinet.fr', username: LOGIN, password: 'x' },
      "L'adresse du serveur Exchange doit être une URL https://…",
    ],
    [
      { serverUrl: 'https://mail.cabinet.fr/EWS/Exchange.asmx', password: 'x' },
      "L'identifiant est obligatoire",
    ],
    [
      { serverUrl: 'https://mail.cabinet.fr/EWS/Exchange.asmx', username: LOGIN },
      'Le mot de passe est obligatoire',
    ],
    [
      {
        serverUrl: 'https://mail.cabinet.fr/EWS/Exchange.asmx',
        username: LOGIN,
        password: 'x',
        authMethod: 'kerberos',
      },
      "L'authentification doit être ntlm ou basic",
    ],
  ])('answers 400 in French to %j and saves nothing', async (body, message) => {
    const response = await connect(body).expect(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect(await connections()).toEqual([]);
  });

  it('sends a Microsoft 365 mailbox to the Office 365 connection (EWS is retiring there)', async () => {
    const response = await connect({
      serverUrl: 'https://outlook.office365.com/EWS/Exchange.asmx',
      username: 'camille@cabinet.fr',
      password: 'x',
    }).expect(400);
    expect(response.body).toMatchObject({
      code: 'EXCHANGE_ONLINE_NOT_SUPPORTED',
      message: 'Microsoft 365 (Exchange Online) ferme l’accès EWS : utilisez la connexion Office 365.',
    });
    expect(await connections()).toEqual([]);
  });

  it('checks the password against the server before saving: refused -> French 400, nothing saved', async () => {
    const response = await connect({ serverUrl: exchange.url, username: LOGIN, password: 'faux' }).expect(
      400,
    );
    expect(response.body).toMatchObject({ code: 'CALENDAR_CREDENTIALS_REFUSED' });
    expect(response.body.message).toMatch(/^Le serveur Exchange a refusé l'identifiant ou le mot de passe/);
    expect(await connections()).toEqual([]);
    // A server that is not EWS at all: the address is what to check.
    const notEws = await connect({
      serverUrl: exchange.url.replace('/EWS/Exchange.asmx', '/owa/'),
      username: LOGIN,
      password: 'mot-de-passe',
      authMethod: 'basic',
    }).expect(400);
    expect(notEws.body).toMatchObject({ code: 'CALENDAR_SERVER_UNREACHABLE' });
    expect(await connections()).toEqual([]);
  });

  it('connects the mailbox (password sealed, Basic found), and a busy Exchange appointment removes the slot', async () => {
    const connected = await connect({
      serverUrl: exchange.url,
      username: LOGIN,
      password: 'mot-de-passe',
    }).expect(201);
    expect(connected.body).toMatchObject({
      provider: 'exchange',
      accountLabel: LOGIN,
      serverUrl: exchange.url,
      status: 'active',
      calendars: [expect.objectContaining({ displayName: 'Calendrier', useForBusy: true })],
    });
    const stored = await pool.query(
      'SELECT id, credentials_ciphertext, credentials_key_id FROM calendar_connections WHERE user_id = $1',
      [pro.id],
    );
    expect(Buffer.from(stored.rows[0].credentials_ciphertext, 'base64').toString('latin1')).not.toContain(
      'mot-de-passe',
    );
    const credentials = app
      .get(CredentialCipher)
      .open<CalendarCredentials>(
        { ciphertext: stored.rows[0].credentials_ciphertext, keyId: stored.rows[0].credentials_key_id },
        stored.rows[0].id,
      );
    expect(credentials).toMatchObject({ kind: 'password', username: LOGIN, authMethod: 'basic' });

    const calendarId = connected.body.calendars[0].id;
    await http()
      .patch(`/api/v1/users/${pro.id}/calendar-connections/${connected.body.id}/calendars/${calendarId}`)
      .set(bearer(pro.token))
      .send({ useForBusy: true, isWriteTarget: true })
      .expect(200);
    // Connecting and choosing each queued a sync that the stack's worker runs: let them finish first, or one of
    // them could read the items below before the explicit sync does (which would then find nothing new).
    await queuedSyncsFinished(calendarId);
    // An external hearing on slot 1 (Busy) and a reminder on slot 3 (Free: does not block).
    exchange.putItem({
      subject: 'Audience TJ',
      start: slots[1],
      end: plus(slots[1], SLOT),
      freeBusy: 'Busy',
    });
    exchange.putItem({ subject: 'Rappel', start: slots[3], end: plus(slots[3], SLOT), freeBusy: 'Free' });
    await expect(app.get(CalendarSyncService).syncCalendar(calendarId)).resolves.toBe('synced');
    const after = await freeSlots(app, pro, 12);
    expect(after).not.toContain(slots[1]);
    expect(after).toContain(slots[3]);
    // Nothing changed since: "unchanged" (one SyncFolderItems), the slot stays blocked.
    await expect(app.get(CalendarSyncService).syncCalendar(calendarId)).resolves.toBe('unchanged');
    expect(await freeSlots(app, pro, 12)).not.toContain(slots[1]);
  });

  it('writes the validated appointment into Exchange without invitations, moves it, deletes it when cancelled', async () => {
    const booked = await http()
      .post(`/api/v1/attendees/${attendee.id}/create-event`)
      .set(bearer(attendee.token))
      .send(bookingBody(pro, slots[0]))
      .expect(201);
    const ref: string = booked.body.refAppointment;
    const id: string = booked.body._id;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(ourItems()).toEqual([]);

    await http().post(`/api/v1/events/${id}/validate`).set(bearer(pro.token)).expect(200);
    await waitUntil(async () => ourItems().length === 1);
    expect(ourItems()[0]).toMatchObject({
      uid: `${ref}@localhost`,
      subject: expect.stringMatching(/^RDV Alice Durand/),
      start: new Date(slots[0]).toISOString(),
      end: new Date(plus(slots[0], SLOT)).toISOString(),
      freeBusy: 'Busy',
    });
    expect(exchange.operations.filter((o) => o.name === 'CreateItem').map((o) => o.sendInvitations)).toEqual([
      'SendToNone',
    ]);

    // Our own event is in the busy calendar: flagged, so it never blocks twice.
    const calendarId = (await pool.query('SELECT id FROM external_calendars WHERE user_id = $1', [pro.id]))
      .rows[0].id;
    await app.get(CalendarSyncService).syncCalendar(calendarId);
    const own = await pool.query(
      'SELECT own_event FROM external_busy_times WHERE user_id = $1 ORDER BY starts_at',
      [pro.id],
    );
    expect(own.rows).toEqual([{ own_event: true }, { own_event: false }]);

    await http()
      .post(`/api/v1/events/${id}/move`)
      .set(bearer(pro.token))
      .send({ start: slots[2] })
      .expect(200);
    await waitUntil(async () => ourItems()[0]?.start === new Date(slots[2]).toISOString());
    expect(ourItems()).toHaveLength(1);

    await http()
      .post(`/api/v1/events/${id}/cancel`)
      .set(bearer(pro.token))
      .send({ reason: 'Empêchement' })
      .expect(200);
    await waitUntil(async () => ourItems().length === 0);
    const writes = exchange.operations.filter((o) =>
      ['CreateItem', 'UpdateItem', 'DeleteItem'].includes(o.name),
    );
    expect(writes.map((o) => o.name)).toEqual(['CreateItem', 'UpdateItem', 'DeleteItem']);
    expect(writes.every((o) => o.sendInvitations === 'SendToNone')).toBe(true);
  });

  it('re-checks a stale cache live at booking time: a Tentative appointment added since the last sync refuses the slot', async () => {
    expect(slots.length).toBeGreaterThan(5);
    await pool.query(
      `UPDATE calendar_connections SET last_ok_at = now() - interval '1 hour' WHERE user_id = $1`,
      [pro.id],
    );
    exchange.putItem({
      subject: 'Peut-être',
      start: slots[5],
      end: plus(slots[5], SLOT),
      freeBusy: 'Tentative',
    });
    expect(await freeSlots(app, pro, 12)).toContain(slots[5]);
    const refused = await http()
      .post(`/api/v1/attendees/${attendee.id}/create-event`)
      .set(bearer(attendee.token))
      .send(bookingBody(pro, slots[5]))
      .expect(409);
    expect(refused.body).toMatchObject({
      code: 'SLOT_UNAVAILABLE',
      message: expect.stringMatching(/^Ce créneau/),
    });
    await pool.query(`UPDATE calendar_connections SET last_ok_at = now() WHERE user_id = $1`, [pro.id]);
  });

  it('a changed password marks the connection broken, stops its jobs, mails once a day; connecting again repairs it', async () => {
    exchange.setPassword('nouveau-mot-de-passe');
    const processor = worker.get(CalendarSyncProcessor);
    const calendarId = (await pool.query('SELECT id FROM external_calendars WHERE user_id = $1', [pro.id]))
      .rows[0].id;
    const job = { name: 'calendar.sync', data: { calendarId } } as never;
    exchange.putItem({
      subject: 'Nouvelle audience',
      start: slots[4],
      end: plus(slots[4], SLOT),
      freeBusy: 'Busy',
    });
    // The worker's own periodic sync may reach the refusal first; then ours finds the connection already stopped.
    expect(['needs_reauth', 'skipped']).toContain(await processor.process(job));
    await smtp.waitFor(() => smtp.to(pro.email).some((m) => m.subject === 'Reconnectez votre calendrier'));
    const mail = smtp.to(pro.email).find((m) => m.subject === 'Reconnectez votre calendrier')!;
    expect(mail.text).toContain(`« ${LOGIN} » n'accepte plus nos identifiants`);
    expect(mail.text).toContain('/user/setting#synchronisation-calendriers');
    const listed = await http()
      .get(`/api/v1/users/${pro.id}/calendar-connections`)
      .set(bearer(pro.token))
      .expect(200);
    expect(listed.body[0]).toMatchObject({
      status: 'needs_reauth',
      lastError: expect.stringMatching(/reconnectez/),
    });
    exchange.operations.length = 0;
    await expect(processor.process(job)).resolves.toBe('skipped');
    expect(exchange.operations).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.to(pro.email).filter((m) => m.subject === 'Reconnectez votre calendrier')).toHaveLength(1);

    // The lawyer types the new password: same connection, active again, synced (the new hearing blocks).
    const before = await connections();
    const again = await connect({
      serverUrl: exchange.url,
      username: LOGIN,
      password: 'nouveau-mot-de-passe',
      authMethod: 'basic',
    }).expect(201);
    expect(again.body).toMatchObject({ id: before[0].id, status: 'active' });
    await expect(processor.process(job)).resolves.toBe('synced');
    expect(await freeSlots(app, pro, 12)).not.toContain(slots[4]);
  });
});

/** Production setting (CALDAV_ALLOW_PRIVATE off): no request ever leaves for a local or plain-http address. */
describe('Exchange server address: the SSRF guard of CalDAV applies', () => {
  let app: NestFastifyApplication;
  let exchange: EwsFake;
  let pro: TestProfessional;
  let resolvedTo = ['10.0.0.7'];

  beforeAll(async () => {
    exchange = await startEwsFake({ username: LOGIN, password: 'mot-de-passe', auth: 'basic' });
    app = await createTestApp({
      env: { CALENDAR_ENCRYPTION_KEYS, CALDAV_ALLOW_PRIVATE: 'false' },
      customize: (builder) =>
        builder.overrideProvider(HostResolver).useValue({ resolve: async () => resolvedTo }),
    });
    pro = await createProfessional(poolOf(app));
  });
  afterAll(async () => {
    await app?.close();
    await exchange?.stop();
  });

  it.each([
    ['plain http', () => exchange.url, 'elle doit commencer par https://'],
    [
      'loopback',
      () => exchange.url.replace('http://', 'https://'),
      'elle désigne une adresse locale, privée ou réservée',
    ],
    [
      'a name resolving to 10.0.0.7',
      () => 'https://mail.cabinet.fr/EWS/Exchange.asmx',
      'elle désigne une adresse locale, privée ou réservée',
    ],
  ])('refuses %s in French and sends it nothing', async (_label, url, detail) => {
    resolvedTo = ['10.0.0.7'];
    const response = await request(app.getHttpServer())
      .post(`/api/v1/users/${pro.id}/calendar-connections/exchange`)
      .set(bearer(pro.token))
      .send({ serverUrl: url(), username: LOGIN, password: 'mot-de-passe' })
      .expect(400);
    expect(response.body.message).toBe(`L’adresse du serveur Exchange est refusée : ${detail}`);
    expect(exchange.operations).toEqual([]);
    const saved = await poolOf(app).query(
      'SELECT count(*)::int AS n FROM calendar_connections WHERE user_id = $1',
      [pro.id],
    );
    expect(saved.rows[0].n).toBe(0);
  });
});
