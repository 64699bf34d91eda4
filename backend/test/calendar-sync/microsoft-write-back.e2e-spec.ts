import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { TestingModule } from '@nestjs/testing';
import type { Job } from 'bullmq';
import type { Pool } from 'pg';
import request from 'supertest';
import { CalendarSyncProcessor } from '../../src/modules/calendar-sync/calendar-sync.processor';
import { SYNC_JOB } from '../../src/modules/calendar-sync/calendar-sync.jobs';
import { CalendarSyncService } from '../../src/modules/calendar-sync/calendar-sync.service';
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
import { startMicrosoftFake, type MicrosoftFake } from '../support/microsoft-fake';
import { startStack, type TestStack } from '../support/stack';

const CALENDAR = 'AAMkAD-cabinet';
const CALLBACK_PATH = '/api/v1/calendar-oauth/callback';
const certDir = mkdtempSync(path.join(tmpdir(), 'ms-fake-wb-'));

describe('Write-back to Office 365: outbox -> calendar-sync worker -> Graph, and a revoked grant mails the lawyer', () => {
  let app: NestFastifyApplication;
  let worker: TestingModule;
  let pool: Pool;
  let smtp: SmtpReceiver;
  let stack: TestStack;
  let microsoft: MicrosoftFake;
  let pro: TestProfessional;
  let attendee: TestAttendee;
  let slots: string[];
  let calendarId: string;
  const http = () => request(app.getHttpServer());
  const ours = (ref: string) =>
    microsoft.events(CALENDAR).filter((e) => e.transactionId?.startsWith(`${ref}@`));

  beforeAll(async () => {
    microsoft = await startMicrosoftFake({
      account: 'claire.bernard@cabinet-bernard.fr',
      calendars: [{ id: CALENDAR, name: 'Cabinet' }],
      clientId: 'wb-client',
      clientSecret: 'wb-secret',
      certDir,
    });
    // NODE_EXTRA_CA_CERTS is read at process start only: trust the fake's certificate from here on.
    tls.setDefaultCACertificates([...tls.getCACertificates('default'), microsoft.certPem]);
    stack = await startStack({
      CALENDAR_ENCRYPTION_KEYS: `wb:${randomBytes(32).toString('base64')}`,
      MICROSOFT_CALENDAR_CLIENT_ID: 'wb-client',
      MICROSOFT_CALENDAR_CLIENT_SECRET: 'wb-secret',
      MICROSOFT_CALENDAR_REDIRECT_URI: `http://127.0.0.1${CALLBACK_PATH}`,
      MICROSOFT_CALENDAR_AUTHORITY_URL: microsoft.endpoints.authorityUrl,
      MICROSOFT_GRAPH_URL: microsoft.endpoints.graphUrl,
    });
    ({ app, worker, smtp } = stack);
    pool = poolOf(app);
    pro = await createProfessional(pool);
    attendee = await createAttendee(pool);
    slots = await freeSlots(app, pro, 12);
    const started = await http()
      .post(`/api/v1/users/${pro.id}/calendar-connections/oauth/office365`)
      .set(bearer(pro.token))
      .expect(201);
    const back = new URL(microsoft.consent(started.body.authorizationUrl));
    const landed = new URL((await http().get(`${CALLBACK_PATH}${back.search}`).expect(302)).headers.location);
    expect(landed.searchParams.get('calendrier')).toBe('connecte');
    const [connection] = (
      await http().get(`/api/v1/users/${pro.id}/calendar-connections`).set(bearer(pro.token)).expect(200)
    ).body;
    calendarId = connection.calendars[0].id;
    await http()
      .patch(`/api/v1/users/${pro.id}/calendar-connections/${connection.id}/calendars/${calendarId}`)
      .set(bearer(pro.token))
      .send({ isWriteTarget: true, useForBusy: true })
      .expect(200);
  });
  afterAll(async () => {
    await stack?.close();
    await microsoft?.stop();
    rmSync(certDir, { recursive: true, force: true });
  });

  it('writes the validated appointment into Outlook, flags it as ours on sync, moves it and deletes it when cancelled', async () => {
    const booked = await http()
      .post(`/api/v1/attendees/${attendee.id}/create-event`)
      .set(bearer(attendee.token))
      .send(bookingBody(pro, slots[0]))
      .expect(201);
    const ref: string = booked.body.refAppointment;
    const id: string = booked.body._id;
    await http().post(`/api/v1/events/${id}/validate`).set(bearer(pro.token)).expect(200);
    await waitUntil(async () => ours(ref).length === 1);
    expect(ours(ref)[0]).toMatchObject({ subject: expect.stringMatching(/^RDV /), showAs: 'busy' });
    expect(new Date(`${ours(ref)[0]!.start.dateTime}Z`).toISOString()).toBe(new Date(slots[0]).toISOString());

    // Our own event comes back through the delta: flagged, so the slot is held once (by the appointment).
    await app.get(CalendarSyncService).syncCalendar(calendarId);
    const cached = await pool.query('SELECT own_event FROM external_busy_times WHERE user_id = $1', [pro.id]);
    expect(cached.rows).toEqual([{ own_event: true }]);

    await http()
      .post(`/api/v1/events/${id}/move`)
      .set(bearer(pro.token))
      .send({ start: slots[2] })
      .expect(200);
    await waitUntil(
      async () =>
        new Date(`${ours(ref)[0]?.start.dateTime}Z`).toISOString() === new Date(slots[2]).toISOString(),
    );
    expect(ours(ref)).toHaveLength(1);

    await http()
      .post(`/api/v1/events/${id}/cancel`)
      .set(bearer(pro.token))
      .send({ reason: 'Empêchement' })
      .expect(200);
    await waitUntil(async () => ours(ref).length === 0);
  });

  it('a revoked grant marks the account broken, stops its jobs and mails the lawyer once a day with a reconnect link', async () => {
    microsoft.revoke();
    const processor = worker.get(CalendarSyncProcessor);
    const job = { name: SYNC_JOB, data: { calendarId } } as Job;
    await expect(processor.process(job)).resolves.toBe('needs_reauth');
    await smtp.waitFor(() => smtp.to(pro.email).some((m) => m.subject === 'Reconnectez votre calendrier'));
    const mail = smtp.to(pro.email).find((m) => m.subject === 'Reconnectez votre calendrier')!;
    expect(mail.text).toContain('claire.bernard@cabinet-bernard.fr');
    expect(mail.text).toContain('/user/setting#synchronisation-calendriers');
    // The next jobs are skipped and send no second mail.
    await expect(processor.process(job)).resolves.toBe('skipped');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.to(pro.email).filter((m) => m.subject === 'Reconnectez votre calendrier')).toHaveLength(1);
    const [connection] = (
      await http().get(`/api/v1/users/${pro.id}/calendar-connections`).set(bearer(pro.token)).expect(200)
    ).body;
    expect(connection).toMatchObject({ provider: 'office365', status: 'needs_reauth' });
  });
});
