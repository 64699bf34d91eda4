import { randomBytes } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { HostResolver } from '../../src/common/outbound-address';
import type { CalendarProviderPort } from '../../src/modules/calendar-sync/calendar-provider.port';
import { CalendarProviders } from '../../src/modules/calendar-sync/calendar-providers';
import { CalendarSyncService } from '../../src/modules/calendar-sync/calendar-sync.service';
import { createTestApp } from '../app';
import {
  bearer,
  createProfessional,
  poolOf,
  type TestProfessional,
} from '../availability/availability-fixtures';

/**
 * SSRF guard of CalDAV connections (the outbound-address policy applied to calendars), with CALDAV_ALLOW_PRIVATE
 * off as in production: the server only ever sends requests to public https addresses.
 */
describe('CalDAV server address: no request into our own network', () => {
  let app: NestFastifyApplication;
  let pro: TestProfessional;
  /** What the stand-in DNS answers for every name; the machines running the tests are offline. */
  let resolvedTo = ['93.184.215.14'];
  /** Every request the stand-in CalDAV adapter was asked to send, by server URL. */
  const requests: string[] = [];
  const http = () => request(app.getHttpServer());
  const connect = (serverUrl: string) =>
    http()
      .post(`/api/v1/users/${pro.id}/calendar-connections/caldav`)
      .set(bearer(pro.token))
      .send({ provider: 'caldav', serverUrl, username: 'camille', password: 'mot-de-passe-app' });
  const storedConnections = async () =>
    (
      await poolOf(app).query('SELECT count(*)::int AS n FROM calendar_connections WHERE user_id = $1', [
        pro.id,
      ])
    ).rows[0].n;

  beforeAll(async () => {
    app = await createTestApp({
      env: {
        CALENDAR_ENCRYPTION_KEYS: `test1:${randomBytes(32).toString('base64')}`,
        CALDAV_ALLOW_PRIVATE: 'false',
      },
      customize: (builder) =>
        builder
          .overrideProvider(HostResolver)
          .useValue({ resolve: async () => resolvedTo })
          .overrideProvider(CalendarProviders)
          .useValue({
            adapterFor: ({ serverUrl }: { serverUrl: string }): Partial<CalendarProviderPort> => ({
              listCalendars: async () => {
                requests.push(serverUrl);
                return [{ externalId: '/camille/tribunal/', displayName: 'Audiences', color: null }];
              },
              sync: async () => {
                requests.push(serverUrl);
                return {
                  upserts: [],
                  deletes: [],
                  complete: true,
                  nextCursor: { token: null, ctag: null },
                  fullResyncNeeded: false,
                };
              },
            }),
          }),
    });
    pro = await createProfessional(app);
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(() => {
    resolvedTo = ['93.184.215.14'];
    requests.length = 0;
  });

  it.each([
    ['http://127.0.0.1:5232/', 'elle doit commencer par https://'],
    ['https://127.0.0.1:5232/', 'elle désigne une adresse locale, privée ou réservée'],
    ['http://169.254.169.254/', 'elle doit commencer par https://'],
    ['https://169.254.169.254/latest/meta-data/', 'elle désigne une adresse locale, privée ou réservée'],
    ['https://[::1]/', 'elle désigne une adresse locale, privée ou réservée'],
    ['http://[::1]/', 'elle doit commencer par https://'],
    ['https://localhost/', 'elle désigne une machine interne'],
    ['http://localhost/', 'elle doit commencer par https://'],
    ['https://camille:secret@cal.example.com/', 'elle ne doit pas contenir d’identifiants'],
  ])('refuses %s with a French 400, sends nothing and stores nothing', async (serverUrl, detail) => {
    const response = await connect(serverUrl).expect(400);
    expect(response.body.code).toBe('CALDAV_ADDRESS_FORBIDDEN');
    expect(response.body.message).toBe(`L’adresse du serveur CalDAV est refusée : ${detail}`);
    expect(requests).toEqual([]);
    expect(await storedConnections()).toBe(0);
  });

  it('refuses a public-looking name that resolves to a private address', async () => {
    resolvedTo = ['93.184.215.14', '10.0.0.5'];
    const response = await connect('https://cal.example.com/dav/').expect(400);
    expect(response.body.message).toBe(
      'L’adresse du serveur CalDAV est refusée : elle désigne une adresse locale, privée ou réservée',
    );
    expect(requests).toEqual([]);
    expect(await storedConnections()).toBe(0);
  });

  it('marks a connection in error, without any request, when its name now resolves to a private address', async () => {
    const connected = await connect('https://cal.example.com/dav/').expect(201);
    expect(requests).toEqual(['https://cal.example.com/dav/']);
    const calendarId = connected.body.calendars[0].id;
    await http()
      .patch(`/api/v1/users/${pro.id}/calendar-connections/${connected.body.id}/calendars/${calendarId}`)
      .set(bearer(pro.token))
      .send({ useForBusy: true })
      .expect(200);
    requests.length = 0;

    resolvedTo = ['192.168.1.10']; // DNS rebinding after the connection was checked
    const outcome = await app.get(CalendarSyncService).syncCalendar(calendarId);

    expect(outcome).toBe('address_refused');
    expect(requests).toEqual([]);
    const listed = await http()
      .get(`/api/v1/users/${pro.id}/calendar-connections`)
      .set(bearer(pro.token))
      .expect(200);
    const connection = listed.body.find((c: { id: string }) => c.id === connected.body.id);
    expect(connection.status).toBe('error');
    expect(connection.lastError).toBe(
      'L’adresse du serveur CalDAV est refusée : elle désigne une adresse locale, privée ou réservée',
    );
  });
});
