import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Redis } from 'ioredis';
import { DateTime } from 'luxon';
import request from 'supertest';
import { REDIS } from '../../src/redis/redis.module';
import type { CalendarCredentials } from '../../src/modules/calendar-sync/calendar-provider.port';
import { CalendarProviders } from '../../src/modules/calendar-sync/calendar-providers';
import { CalendarSyncService } from '../../src/modules/calendar-sync/calendar-sync.service';
import { CredentialCipher } from '../../src/modules/calendar-sync/credential-cipher';
import { graphSubscriptionKey } from '../../src/modules/calendar-sync/graph-subscriptions';
import { createTestApp } from '../app';
import { mondayMorningAgenda } from './agenda-fixture';
import {
  bearer,
  createProfessional,
  nextWeekday,
  poolOf,
  type TestProfessional,
} from '../availability/availability-fixtures';
import { startMicrosoftFake, type MicrosoftFake } from '../support/microsoft-fake';

const ZONE = 'Europe/Paris';
const local = (date: string, time: string) =>
  DateTime.fromISO(`${date}T${time}`, { zone: ZONE }).toISO({ suppressMilliseconds: true })!;
/** Graph's way of writing a time: UTC, seven decimals, the zone apart. */
const graphTime = (date: string, time: string) => ({
  dateTime: DateTime.fromISO(`${date}T${time}`, { zone: ZONE })
    .toUTC()
    .toFormat("yyyy-MM-dd'T'HH:mm:ss'.0000000'"),
  timeZone: 'UTC',
});
const CALLBACK_PATH = '/api/v1/calendar-oauth/callback';
const CALENDAR = 'AAMkADcal-principal';

// MSAL refuses an http authority, so the fake speaks https with a certificate made here. NODE_EXTRA_CA_CERTS
// is read once at process start (too late inside jest): Node 24's tls.setDefaultCACertificates trusts it for
// every client made afterwards, MSAL's https requests and fetch alike.
const certDir = mkdtempSync(path.join(tmpdir(), 'ms-fake-'));

describe('Outlook.com / Office 365: MSAL connect flow and Graph sync against a loopback https fake', () => {
  let app: NestFastifyApplication;
  let microsoft: MicrosoftFake;
  let pro: TestProfessional;
  let motiveId: string;
  const monday = nextWeekday(1, 8);
  const http = () => request(app.getHttpServer());
  const startsOn = async (date: string) =>
    (
      await http()
        .get(`/api/v1/users/${pro.id}/slots?motiveId=${motiveId}&from=${date}&to=${date}`)
        .expect(200)
    ).body.slots.map((s: { start: string }) => s.start);

  async function connect(who: TestProfessional, slug: 'office365' | 'outlook'): Promise<URL> {
    const started = await http()
      .post(`/api/v1/users/${who.id}/calendar-connections/oauth/${slug}`)
      .set(bearer(who.token))
      .expect(201);
    const back = new URL(microsoft.consent(started.body.authorizationUrl));
    const landed = await http().get(`${CALLBACK_PATH}${back.search}`).expect(302);
    return new URL(landed.headers.location);
  }

  async function stored(connectionId: string): Promise<CalendarCredentials> {
    const { rows } = await poolOf(app).query(
      'SELECT credentials_ciphertext, credentials_key_id FROM calendar_connections WHERE id = $1',
      [connectionId],
    );
    return app
      .get(CredentialCipher)
      .open<CalendarCredentials>(
        { ciphertext: rows[0].credentials_ciphertext, keyId: rows[0].credentials_key_id },
        connectionId,
      );
  }

  async function connection(): Promise<{ id: string; calendarId: string }> {
    const [found] = (
      await http().get(`/api/v1/users/${pro.id}/calendar-connections`).set(bearer(pro.token)).expect(200)
    ).body;
    return {
      id: found.id,
      calendarId: found.calendars.find((c: { displayName: string }) => c.displayName === 'Calendrier').id,
    };
  }

  beforeAll(async () => {
    microsoft = await startMicrosoftFake({
      account: 'camille.martin@cabinet-martin.fr',
      calendars: [
        { id: CALENDAR, name: 'Calendrier', hexColor: '#0078d4' },
        { id: 'AAMkADcal-feries', name: 'Jours fériés en France', hexColor: '' },
      ],
      clientId: '6731de76-14a6-49ae-97bc-6eba6914391e',
      clientSecret: 'test-secret',
      certDir,
    });
    tls.setDefaultCACertificates([...tls.getCACertificates('default'), microsoft.certPem]);
    app = await createTestApp({
      env: {
        CALENDAR_ENCRYPTION_KEYS: `test1:${randomBytes(32).toString('base64')}`,
        MICROSOFT_CALENDAR_CLIENT_ID: '6731de76-14a6-49ae-97bc-6eba6914391e',
        MICROSOFT_CALENDAR_CLIENT_SECRET: 'test-secret',
        MICROSOFT_CALENDAR_REDIRECT_URI: `http://127.0.0.1${CALLBACK_PATH}`,
        MICROSOFT_CALENDAR_AUTHORITY_URL: microsoft.endpoints.authorityUrl,
        MICROSOFT_GRAPH_URL: microsoft.endpoints.graphUrl,
        PUBLIC_URL: 'http://app.test',
      },
    });
    // Graph's handshake and notifications need a listening API (supertest alone does not listen).
    await app.listen(0, '127.0.0.1');
    app.get(CalendarProviders).microsoftWebhookOverride =
      `${await app.getUrl()}/api/v1/calendar-sync/microsoft/notifications`;
    pro = await createProfessional(app);
    motiveId = await mondayMorningAgenda(app, pro);
  });
  afterAll(async () => {
    await app?.close();
    await microsoft?.stop();
    rmSync(certDir, { recursive: true, force: true });
  });

  it('offers Outlook.com and Office 365 once the Microsoft app is configured', async () => {
    const offered = await http()
      .get(`/api/v1/users/${pro.id}/calendar-connections/oauth`)
      .set(bearer(pro.token))
      .expect(200);
    expect(offered.body).toEqual({ providers: ['outlook', 'office365'] });
  });

  it('sends the lawyer to the right tenant with PKCE, offline_access, Calendars.ReadWrite and a signed state', async () => {
    for (const [slug, tenant] of [
      ['office365', 'common'],
      ['outlook', 'consumers'],
    ] as const) {
      const started = await http()
        .post(`/api/v1/users/${pro.id}/calendar-connections/oauth/${slug}`)
        .set(bearer(pro.token))
        .expect(201);
      const url = new URL(started.body.authorizationUrl);
      expect(`${url.origin}${url.pathname}`).toBe(`${microsoft.url}/${tenant}/oauth2/v2.0/authorize`);
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        client_id: '6731de76-14a6-49ae-97bc-6eba6914391e',
        redirect_uri: `http://127.0.0.1${CALLBACK_PATH}`,
        response_type: 'code',
        code_challenge_method: 'S256',
      });
      expect(url.searchParams.get('scope')!.split(' ')).toEqual(
        expect.arrayContaining(['offline_access', 'https://graph.microsoft.com/Calendars.ReadWrite']),
      );
      expect(url.searchParams.get('state')).toMatch(/^[\w-]+\.[\w-]+$/);
    }
  });

  it('refuses a code redeemed with another PKCE verifier (a replayed state) and connects nothing', async () => {
    const started = await http()
      .post(`/api/v1/users/${pro.id}/calendar-connections/oauth/office365`)
      .set(bearer(pro.token))
      .expect(201);
    const back = new URL(microsoft.consent(started.body.authorizationUrl));
    // Another flow's state: its verifier does not match this code's challenge.
    const other = await http()
      .post(`/api/v1/users/${pro.id}/calendar-connections/oauth/office365`)
      .set(bearer(pro.token))
      .expect(201);
    const otherState = new URL(other.body.authorizationUrl).searchParams.get('state')!;
    const landed = new URL(
      (
        await http()
          .get(`${CALLBACK_PATH}?code=${back.searchParams.get('code')}&state=${otherState}`)
          .expect(302)
      ).headers.location,
    );
    expect(landed.searchParams.get('calendrier')).toBe('erreur');
    expect(landed.searchParams.get('message')).toBe(
      "Le fournisseur a refusé l'autorisation. Veuillez recommencer.",
    );
    expect(
      (await http().get(`/api/v1/users/${pro.id}/calendar-connections`).set(bearer(pro.token)).expect(200))
        .body,
    ).toEqual([]);
  });

  it('connects an Office 365 account: MSAL cache sealed, busy times from calendarView delta with paging, showAs rules, full resync on 410', async () => {
    microsoft.putEvent(CALENDAR, {
      id: 'audience',
      subject: 'Audience TJ',
      showAs: 'busy',
      start: graphTime(monday, '10:00'),
      end: graphTime(monday, '11:00'),
    });
    microsoft.putEvent(CALENDAR, {
      id: 'teletravail',
      subject: 'Télétravail',
      showAs: 'workingElsewhere',
      start: graphTime(monday, '09:00'),
      end: graphTime(monday, '10:00'),
    });
    microsoft.putEvent(CALENDAR, {
      id: 'dispo',
      subject: 'Disponible',
      showAs: 'free',
      start: graphTime(monday, '11:00'),
      end: graphTime(monday, '12:00'),
    });

    const landed = await connect(pro, 'office365');
    expect(landed.searchParams.get('calendrier')).toBe('connecte');
    expect(landed.searchParams.get('message')).toBe(
      'Compte camille.martin@cabinet-martin.fr connecté. Choisissez les calendriers à synchroniser.',
    );
    expect(microsoft.authorizeTenants.at(-1)).toBe('common');
    const [view] = (
      await http().get(`/api/v1/users/${pro.id}/calendar-connections`).set(bearer(pro.token)).expect(200)
    ).body;
    expect(view).toMatchObject({
      provider: 'office365',
      accountLabel: 'camille.martin@cabinet-martin.fr',
      status: 'active',
    });
    expect(
      view.calendars.map((c: { displayName: string; color: string | null }) => [c.displayName, c.color]),
    ).toEqual([
      ['Calendrier', '#0078d4'],
      ['Jours fériés en France', null],
    ]);
    // MSAL's cache (refresh token inside) is sealed at rest, never in clear.
    const { rows } = await poolOf(app).query(
      'SELECT credentials_ciphertext FROM calendar_connections WHERE id = $1',
      [view.id],
    );
    expect(rows[0].credentials_ciphertext).not.toMatch(/M\.R3_BAY|RefreshToken/);
    const credentials = await stored(view.id);
    expect(credentials.kind).toBe('msal');
    expect(credentials.kind === 'msal' && credentials.cache).toContain('M.R3_BAY.');

    const { calendarId } = await connection();
    await http()
      .patch(`/api/v1/users/${pro.id}/calendar-connections/${view.id}/calendars/${calendarId}`)
      .set(bearer(pro.token))
      .send({ useForBusy: true })
      .expect(200);
    const sync = () => app.get(CalendarSyncService).syncCalendar(calendarId);
    await expect(sync()).resolves.toBe('synced');
    // Only the busy hearing blocks; "working elsewhere" and "free" do not.
    expect(await startsOn(monday)).toEqual([local(monday, '09:00'), local(monday, '11:00')]);

    // Incremental through the deltaLink: the hearing moves to 11:00, a tentative event takes 09:00,
    // an out-of-office afternoon does not touch the morning.
    microsoft.putEvent(CALENDAR, {
      id: 'audience',
      subject: 'Audience TJ',
      showAs: 'busy',
      start: graphTime(monday, '11:00'),
      end: graphTime(monday, '12:00'),
    });
    microsoft.putEvent(CALENDAR, {
      id: 'provisoire',
      showAs: 'tentative',
      start: graphTime(monday, '09:00'),
      end: graphTime(monday, '10:00'),
    });
    microsoft.putEvent(CALENDAR, {
      id: 'absent',
      showAs: 'oof',
      start: graphTime(monday, '14:00'),
      end: graphTime(monday, '18:00'),
    });
    await expect(sync()).resolves.toBe('synced');
    expect(await startsOn(monday)).toEqual([local(monday, '10:00')]);
    const { rows: cursor } = await poolOf(app).query(
      'SELECT sync_cursor FROM external_calendars WHERE id = $1',
      [calendarId],
    );
    expect(cursor[0].sync_cursor).toMatch(
      new RegExp(`^${microsoft.url}/v1.0/.*calendarView/delta\\?%24deltatoken=`),
    );

    // The hearing is deleted; the delta token expired meanwhile: Graph answers 410, a full resync follows.
    microsoft.removeEvent(CALENDAR, 'audience');
    microsoft.expireDeltaTokens();
    await expect(sync()).resolves.toBe('synced');
    expect(await startsOn(monday)).toEqual([local(monday, '10:00'), local(monday, '11:00')]);
    // And a deletion seen through the delta (@removed) frees its slot too.
    microsoft.removeEvent(CALENDAR, 'provisoire');
    await expect(sync()).resolves.toBe('synced');
    expect(await startsOn(monday)).toEqual([
      local(monday, '09:00'),
      local(monday, '10:00'),
      local(monday, '11:00'),
    ]);
  });

  it('subscribes on sync after the validationToken handshake; a notification queues a sync, a forged one is refused; renewal before the 3-day limit', async () => {
    const { calendarId } = await connection();
    // The first sync subscribed once (Graph's handshake answered), the next syncs found it alive.
    expect(microsoft.subscriptions.map((s) => s.calendarId)).toEqual([CALENDAR]);
    const subscription = microsoft.subscriptions[0]!;
    expect(subscription.clientState.startsWith(`${calendarId}.`)).toBe(true);
    const lifetime = Date.parse(subscription.expirationDateTime) - Date.now();
    expect(lifetime).toBeGreaterThan(69 * 3600_000);
    expect(lifetime).toBeLessThanOrEqual(4230 * 60_000);
    const queued = async () =>
      (
        await poolOf(app).query(
          `SELECT count(*)::int AS n FROM outbox WHERE queue = 'calendar-sync' AND payload->>'calendarId' = $1`,
          [calendarId],
        )
      ).rows[0].n as number;
    expect(new Set(await microsoft.flushNotifications())).toEqual(new Set([202]));
    const before = await queued();
    microsoft.putEvent(CALENDAR, {
      id: 'nouvelle-audience',
      showAs: 'busy',
      start: graphTime(monday, '09:00'),
      end: graphTime(monday, '10:00'),
    });
    expect(await microsoft.flushNotifications()).toEqual([202]);
    expect(await queued()).toBe(before + 1);

    const forged = await http()
      .post('/api/v1/calendar-sync/microsoft/notifications')
      .send({
        value: [
          { subscriptionId: subscription.id, clientState: `${calendarId}.devine`, changeType: 'created' },
        ],
      })
      .expect(403);
    expect(forged.body.message).toBe('Canal de notification inconnu.');
    const empty = await http()
      .post('/api/v1/calendar-sync/microsoft/notifications')
      .send({ value: [] })
      .expect(400);
    expect(empty.body.message).toBe('Aucune notification dans la requête.');
    expect(await queued()).toBe(before + 1);

    // The handshake itself, as Graph sends it: the token back verbatim, as text/plain.
    const handshake = await http()
      .post('/api/v1/calendar-sync/microsoft/notifications?validationToken=Validation%3A%20<b>ok</b>')
      .set('content-type', 'text/plain')
      .expect(200);
    expect(handshake.headers['content-type']).toMatch(/^text\/plain/);
    expect(handshake.text).toBe('Validation: <b>ok</b>');

    // Less than a day left: the next sync renews the same subscription instead of opening another.
    const redis = app.get<Redis>(REDIS);
    await redis.set(
      graphSubscriptionKey(calendarId),
      JSON.stringify({ id: subscription.id, expiresAt: Date.now() + 3600_000 }),
    );
    const oldEnd = subscription.expirationDateTime;
    await app.get(CalendarSyncService).syncCalendar(calendarId);
    expect(microsoft.subscriptions).toHaveLength(1);
    expect(Date.parse(microsoft.subscriptions[0]!.expirationDateTime)).toBeGreaterThanOrEqual(
      Date.parse(oldEnd),
    );
    expect(JSON.parse((await redis.get(graphSubscriptionKey(calendarId)))!).expiresAt).toBeGreaterThan(
      Date.now() + 69 * 3600_000,
    );
  });

  it('still syncs when Graph cannot validate our receiver, and waits an hour before subscribing again', async () => {
    const [view] = (
      await http().get(`/api/v1/users/${pro.id}/calendar-connections`).set(bearer(pro.token)).expect(200)
    ).body;
    const holidays = view.calendars.find(
      (c: { displayName: string }) => c.displayName === 'Jours fériés en France',
    );
    await http()
      .patch(`/api/v1/users/${pro.id}/calendar-connections/${view.id}/calendars/${holidays.id}`)
      .set(bearer(pro.token))
      .send({ useForBusy: true })
      .expect(200);
    const providers = app.get(CalendarProviders);
    const receiver = providers.microsoftWebhookOverride;
    // A receiver that does not echo the validationToken (here, a route that does not exist).
    providers.microsoftWebhookOverride = `${await app.getUrl()}/api/v1/nowhere`;
    try {
      await expect(app.get(CalendarSyncService).syncCalendar(holidays.id)).resolves.toBe('synced');
      expect(microsoft.subscriptions.map((s) => s.calendarId)).toEqual([CALENDAR]);
      expect(await app.get<Redis>(REDIS).ttl(`${graphSubscriptionKey(holidays.id)}:pause`)).toBeGreaterThan(
        3500,
      );
      // The next sync does not ask Graph again during the pause, even with a working receiver.
      providers.microsoftWebhookOverride = receiver;
      await app.get(CalendarSyncService).syncCalendar(holidays.id);
      expect(microsoft.subscriptions.map((s) => s.calendarId)).toEqual([CALENDAR]);
    } finally {
      providers.microsoftWebhookOverride = receiver;
    }
  });

  it('subscribes once when two syncs of a new calendar run at once', async () => {
    const other = await createProfessional(app);
    await connect(other, 'office365');
    const [view] = (
      await http().get(`/api/v1/users/${other.id}/calendar-connections`).set(bearer(other.token)).expect(200)
    ).body;
    const calendarId = view.calendars.find((c: { displayName: string }) => c.displayName === 'Calendrier').id;
    await poolOf(app).query('UPDATE external_calendars SET use_for_busy = true WHERE id = $1', [calendarId]);
    microsoft.subscriptionDelayMs = 700;
    await Promise.all([
      app.get(CalendarSyncService).syncCalendar(calendarId),
      app.get(CalendarSyncService).syncCalendar(calendarId),
      app.get(CalendarSyncService).syncCalendar(calendarId),
    ]).finally(() => {
      microsoft.subscriptionDelayMs = 0;
    });
    expect(microsoft.subscriptions.filter((s) => s.clientState.startsWith(`${calendarId}.`))).toHaveLength(1);
    await http()
      .delete(`/api/v1/users/${other.id}/calendar-connections/${view.id}`)
      .set(bearer(other.token))
      .expect(204);
  });

  it('waits as Retry-After asks when Graph answers 429, then syncs', async () => {
    const { calendarId } = await connection();
    microsoft.throttle(2, 1);
    const started = Date.now();
    await expect(app.get(CalendarSyncService).syncCalendar(calendarId)).resolves.toMatch(/synced|unchanged/);
    expect(microsoft.throttled).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
  });

  it('writes an appointment idempotently (transactionId), moves it, deletes it, and tells it apart in live checks', async () => {
    const { id } = await connection();
    const credentials = await stored(id);
    if (credentials.kind !== 'msal') throw new Error('msal credentials expected');
    const adapter = app.get(CalendarProviders).adapterFor({
      provider: 'office365',
      serverUrl: null,
      credentials,
      msalCache: {
        load: async () => {
          const now = await stored(id);
          return now.kind === 'msal' ? now.cache : null;
        },
        save: async () => undefined,
        locked: (work) => work(),
      },
    });
    const ref = { externalId: CALENDAR };
    const event = {
      uid: 'rdv-42@app.test',
      title: 'RDV Jean Dupont - Consultation',
      description: 'Au cabinet',
      location: '1 rue de la Paix, Paris',
      start: new Date(local(monday, '09:00')),
      end: new Date(local(monday, '10:00')),
    };
    const first = await adapter.createEvent(ref, event);
    // A retry after a lost answer: the same event, not a second one.
    const again = await adapter.createEvent(ref, event);
    expect(again.ref).toBe(first.ref);
    const ours = microsoft.events(CALENDAR).filter((e) => e.transactionId === 'rdv-42@app.test');
    expect(ours).toHaveLength(1);
    expect(ours[0]).toMatchObject({
      subject: 'RDV Jean Dupont - Consultation',
      showAs: 'busy',
      location: { displayName: '1 rue de la Paix, Paris' },
    });

    const live = await adapter.fetchBusy(
      ref,
      new Date(local(monday, '08:00')),
      new Date(local(monday, '12:00')),
      {
        allDayBlocks: true,
        zone: ZONE,
      },
    );
    expect(live).toContainEqual({
      start: new Date(local(monday, '09:00')),
      end: new Date(local(monday, '10:00')),
      uid: 'rdv-42@app.test',
    });

    await adapter.updateEvent(ref, first, {
      ...event,
      start: new Date(local(monday, '11:00')),
      end: new Date(local(monday, '12:00')),
    });
    expect(microsoft.events(CALENDAR).find((e) => e.transactionId === 'rdv-42@app.test')?.start).toEqual({
      dateTime: new Date(local(monday, '11:00')).toISOString().replace(/Z$/, ''),
      timeZone: 'UTC',
    });
    await adapter.deleteEvent(ref, first);
    // Already gone counts as deleted.
    await adapter.deleteEvent(ref, first);
    expect(microsoft.events(CALENDAR).filter((e) => e.transactionId === 'rdv-42@app.test')).toEqual([]);
  });

  it('deletes the Graph subscriptions of an account the lawyer disconnects', async () => {
    const other = await createProfessional(app);
    await connect(other, 'office365');
    const [view] = (
      await http().get(`/api/v1/users/${other.id}/calendar-connections`).set(bearer(other.token)).expect(200)
    ).body;
    const calendarId = view.calendars.find((c: { displayName: string }) => c.displayName === 'Calendrier').id;
    await http()
      .patch(`/api/v1/users/${other.id}/calendar-connections/${view.id}/calendars/${calendarId}`)
      .set(bearer(other.token))
      .send({ useForBusy: true })
      .expect(200);
    await app.get(CalendarSyncService).syncCalendar(calendarId);
    const mine = () => microsoft.subscriptions.filter((s) => s.clientState.startsWith(`${calendarId}.`));
    expect(mine()).toHaveLength(1);
    await http()
      .delete(`/api/v1/users/${other.id}/calendar-connections/${view.id}`)
      .set(bearer(other.token))
      .expect(204);
    expect(mine()).toEqual([]);
    expect(await app.get<Redis>(REDIS).exists(graphSubscriptionKey(calendarId))).toBe(0);
  });

  it('answers a 401 from Graph with one forced refresh, then goes on', async () => {
    const { calendarId } = await connection();
    const refreshes = microsoft.refreshCount;
    microsoft.invalidateAccessTokens();
    await expect(app.get(CalendarSyncService).syncCalendar(calendarId)).resolves.toMatch(/synced|unchanged/);
    expect(microsoft.refreshCount).toBe(refreshes + 1);
  });

  it('connects an Outlook.com account through the consumers tenant', async () => {
    const other = await createProfessional(app);
    const landed = await connect(other, 'outlook');
    expect(landed.searchParams.get('calendrier')).toBe('connecte');
    expect(microsoft.authorizeTenants.at(-1)).toBe('consumers');
    const [view] = (
      await http().get(`/api/v1/users/${other.id}/calendar-connections`).set(bearer(other.token)).expect(200)
    ).body;
    expect(view).toMatchObject({
      provider: 'live',
      accountLabel: 'camille.martin@cabinet-martin.fr',
      status: 'active',
    });
  });

  it('refreshes an expiring token once under the lock, saves the rotated refresh token in the sealed cache, and marks AADSTS700082 broken', async () => {
    const { id, calendarId } = await connection();
    const cacheOf = async () => {
      const now = await stored(id);
      return now.kind === 'msal' ? now.cache : '';
    };
    const refreshTokenIn = (cache: string) =>
      Object.values(
        (JSON.parse(cache) as { RefreshToken: Record<string, { secret: string }> }).RefreshToken,
      )[0]!.secret;
    const before = refreshTokenIn(await cacheOf());
    // Tokens handed out from now on are within MSAL's 5-minute renewal margin: the next call refreshes.
    microsoft.accessTokenSeconds = 120;
    const forceExpiry = JSON.parse(await cacheOf()) as {
      AccessToken: Record<string, { expires_on: string; extended_expires_on?: string }>;
    };
    for (const token of Object.values(forceExpiry.AccessToken))
      token.expires_on = String(Math.floor(Date.now() / 1000));
    const credentials = await stored(id);
    const sealed = app.get(CredentialCipher).seal({ ...credentials, cache: JSON.stringify(forceExpiry) }, id);
    await poolOf(app).query(
      'UPDATE calendar_connections SET credentials_ciphertext = $2, credentials_key_id = $3 WHERE id = $1',
      [id, sealed.ciphertext, sealed.keyId],
    );
    const refreshes = microsoft.refreshCount;
    // Two workers at once: one refresh (a second would present the rotated-out token and be refused).
    microsoft.accessTokenSeconds = 3600;
    const outcomes = await Promise.all([
      app.get(CalendarSyncService).syncCalendar(calendarId),
      app.get(CalendarSyncService).syncCalendar(calendarId),
    ]);
    expect(outcomes.every((o) => o === 'synced' || o === 'unchanged')).toBe(true);
    expect(microsoft.refreshCount).toBe(refreshes + 1);
    const after = refreshTokenIn(await cacheOf());
    expect(after).not.toBe(before);
    expect(microsoft.validRefreshTokens()).toContain(after);
    expect(microsoft.validRefreshTokens()).not.toContain(before);

    // The grant is revoked (or unused for 90 days): the refresh answers invalid_grant / AADSTS700082.
    microsoft.revoke();
    const expired = JSON.parse(await cacheOf()) as typeof forceExpiry;
    for (const token of Object.values(expired.AccessToken))
      token.expires_on = String(Math.floor(Date.now() / 1000));
    const resealed = app
      .get(CredentialCipher)
      .seal({ ...(await stored(id)), cache: JSON.stringify(expired) }, id);
    await poolOf(app).query(
      'UPDATE calendar_connections SET credentials_ciphertext = $2, credentials_key_id = $3 WHERE id = $1',
      [id, resealed.ciphertext, resealed.keyId],
    );
    await expect(app.get(CalendarSyncService).syncCalendar(calendarId)).resolves.toBe('needs_reauth');
    const [broken] = (
      await http().get(`/api/v1/users/${pro.id}/calendar-connections`).set(bearer(pro.token)).expect(200)
    ).body;
    expect(broken).toMatchObject({ status: 'needs_reauth', lastError: expect.stringMatching(/reconnectez/) });
    // And its jobs stop.
    await expect(app.get(CalendarSyncService).syncCalendar(calendarId)).resolves.toBe('skipped');
  });
});
