import { randomBytes } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { CalendarSyncService } from '../../src/modules/calendar-sync/calendar-sync.service';
import { createTestApp } from '../app';
import {
  bearer,
  createProfessional,
  poolOf,
  type TestProfessional,
} from '../availability/availability-fixtures';
import { startCalDavDetourFake, type CalDavDetourFake } from '../support/caldav-redirect-fake';

/**
 * A CalDAV server that points elsewhere (a redirect, or an absolute href on another host) must not make us
 * contact that other host: every URL of the CalDAV flow passes the outbound-address rule, at connect and
 * before each sync. The typed server is a loopback fake allowed by the development setting
 * (CALDAV_ALLOW_PRIVATE, which covers the address the lawyer typed only); the other host is another loopback
 * origin, which the rule refuses (plain http to a local address). It records what it receives: nothing.
 */
describe('CalDAV discovery pointing at another host', () => {
  let app: NestFastifyApplication;
  let pro: TestProfessional;
  let fake: CalDavDetourFake;
  const http = () => request(app.getHttpServer());
  const connect = () =>
    http()
      .post(`/api/v1/users/${pro.id}/calendar-connections/caldav`)
      .set(bearer(pro.token))
      .send({ provider: 'caldav', serverUrl: fake.url, username: 'camille', password: 'mot-de-passe-app' });
  const storedConnections = async () =>
    (
      await poolOf(app).query('SELECT count(*)::int AS n FROM calendar_connections WHERE user_id = $1', [
        pro.id,
      ])
    ).rows[0].n;

  beforeAll(async () => {
    fake = await startCalDavDetourFake();
    app = await createTestApp({
      env: {
        CALENDAR_ENCRYPTION_KEYS: `detour:${randomBytes(32).toString('base64')}`,
        CALDAV_ALLOW_PRIVATE: 'true',
      },
    });
  });
  afterAll(async () => {
    await app?.close();
    await fake?.stop();
  });
  beforeEach(async () => {
    pro = await createProfessional(app);
    fake.received.length = 0;
    fake.receivedElsewhere.length = 0;
  });

  it.each(['well-known-redirect', 'principal-href', 'home-href', 'calendar-href'] as const)(
    'refuses the connection when %s points at another host, which receives nothing',
    async (detour) => {
      fake.detour = detour;
      const response = await connect();
      // The typed server was asked (with the login), the other host never was: no request, no credentials.
      expect(fake.received.some((r) => r.authorization?.startsWith('Basic '))).toBe(true);
      expect(fake.receivedElsewhere).toEqual([]);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('CALDAV_ADDRESS_FORBIDDEN');
      expect(response.body.message).toBe(
        'L’adresse du serveur CalDAV est refusée : elle doit commencer par https://',
      );
      expect(await storedConnections()).toBe(0);
    },
  );

  it('checks the stored calendar address again before each sync: one moved elsewhere is never contacted', async () => {
    fake.detour = 'none';
    const connected = await connect().expect(201);
    const calendarId = connected.body.calendars[0].id;
    await http()
      .patch(`/api/v1/users/${pro.id}/calendar-connections/${connected.body.id}/calendars/${calendarId}`)
      .set(bearer(pro.token))
      .send({ useForBusy: true })
      .expect(200);
    await expect(app.get(CalendarSyncService).syncCalendar(calendarId)).resolves.toBe('synced');
    expect(fake.receivedElsewhere).toEqual([]);

    // As if a server had listed its calendar on another host: the address is stored, never trusted.
    await poolOf(app).query(
      'UPDATE external_calendars SET external_id = $1, ctag = NULL, sync_cursor = NULL WHERE id = $2',
      [`${fake.elsewhereUrl}/calendars/camille/cabinet/`, calendarId],
    );
    await expect(app.get(CalendarSyncService).syncCalendar(calendarId)).resolves.toBe('address_refused');
    expect(fake.receivedElsewhere).toEqual([]);
    const [view] = (
      await http().get(`/api/v1/users/${pro.id}/calendar-connections`).set(bearer(pro.token)).expect(200)
    ).body;
    expect(view.status).toBe('error');
    expect(view.lastError).toBe('L’adresse du serveur CalDAV est refusée : elle doit commencer par https://');
  });
});
