import { randomBytes } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DateTime } from 'luxon';
import type { Redis } from 'ioredis';
import request from 'supertest';
import { REDIS } from '../../src/redis/redis.module';
import { CalendarProviders } from '../../src/modules/calendar-sync/calendar-providers';
import { CalendarSyncService } from '../../src/modules/calendar-sync/calendar-sync.service';
import { CredentialCipher } from '../../src/modules/calendar-sync/credential-cipher';
import type { OAuthTokens } from '../../src/modules/calendar-sync/oauth-tokens';
import { createTestApp } from '../app';
import { mondayMorningAgenda } from './agenda-fixture';
import {
  bearer,
  createProfessional,
  nextWeekday,
  poolOf,
  tokenFor,
  type TestProfessional,
} from '../availability/availability-fixtures';
import { startGoogleFake, type GoogleFake } from '../support/google-fake';

const ZONE = 'Europe/Paris';
const local = (date: string, time: string) =>
  DateTime.fromISO(`${date}T${time}`, { zone: ZONE }).toISO({ suppressMilliseconds: true })!;
const CALLBACK_PATH = '/api/v1/calendar-oauth/callback';

describe('Google Calendar: OAuth connect flow and sync through the real SDK against a loopback fake', () => {
  let app: NestFastifyApplication;
  let google: GoogleFake;
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

  /** start -> the fake's consent -> our callback; returns where the browser lands. */
  async function connect(who: TestProfessional, token = who.token): Promise<URL> {
    const started = await http()
      .post(`/api/v1/users/${who.id}/calendar-connections/oauth/google`)
      .set(bearer(token))
      .expect(201);
    const back = new URL(google.consent(started.body.authorizationUrl));
    const landed = await http().get(`${CALLBACK_PATH}${back.search}`).expect(302);
    return new URL(landed.headers.location);
  }

  async function storedTokens(connectionId: string): Promise<OAuthTokens> {
    const { rows } = await poolOf(app).query(
      'SELECT credentials_ciphertext, credentials_key_id FROM calendar_connections WHERE id = $1',
      [connectionId],
    );
    return app
      .get(CredentialCipher)
      .open<OAuthTokens>(
        { ciphertext: rows[0].credentials_ciphertext, keyId: rows[0].credentials_key_id },
        connectionId,
      );
  }

  beforeAll(async () => {
    google = await startGoogleFake({
      account: 'camille.martin@gmail.com',
      calendars: [
        { id: 'camille.martin@gmail.com', summary: 'Camille Martin', backgroundColor: '#1e88e5' },
        { id: 'famille@group.calendar.google.com', summary: 'Famille' },
      ],
    });
    app = await createTestApp({
      env: {
        CALENDAR_ENCRYPTION_KEYS: `test1:${randomBytes(32).toString('base64')}`,
        GOOGLE_CALENDAR_CLIENT_ID: 'rdv-test.apps.googleusercontent.com',
        GOOGLE_CALENDAR_CLIENT_SECRET: 'test-secret',
        GOOGLE_CALENDAR_REDIRECT_URI: `http://127.0.0.1${CALLBACK_PATH}`,
        PUBLIC_URL: 'http://app.test',
      },
    });
    app.get(CalendarProviders).googleEndpoints = google.endpoints;
    // Google's notifications need a listening API (supertest alone does not listen).
    await app.listen(0, '127.0.0.1');
    app.get(CalendarProviders).googleWebhookOverride =
      `${await app.getUrl()}/api/v1/calendar-sync/google/notifications`;
    pro = await createProfessional(app);
    motiveId = await mondayMorningAgenda(app, pro);
  });
  afterAll(async () => {
    await app?.close();
    await google?.stop();
  });

  it('offers Google only (the Microsoft app is not configured) and refuses the others in French', async () => {
    const offered = await http()
      .get(`/api/v1/users/${pro.id}/calendar-connections/oauth`)
      .set(bearer(pro.token))
      .expect(200);
    expect(offered.body).toEqual({ providers: ['google'] });
    const outlook = await http()
      .post(`/api/v1/users/${pro.id}/calendar-connections/oauth/office365`)
      .set(bearer(pro.token))
      .expect(400);
    expect(outlook.body.message).toBe("Ce fournisseur de calendrier n'est pas disponible sur ce serveur.");
    const unknown = await http()
      .post(`/api/v1/users/${pro.id}/calendar-connections/oauth/yahoo`)
      .set(bearer(pro.token))
      .expect(400);
    expect(unknown.body.message).toMatch(/Fournisseur de calendrier inconnu/);
  });

  it('sends the lawyer to the consent page with PKCE, offline access and a signed state', async () => {
    const started = await http()
      .post(`/api/v1/users/${pro.id}/calendar-connections/oauth/google`)
      .set(bearer(pro.token))
      .expect(201);
    const url = new URL(started.body.authorizationUrl);
    expect(`${url.origin}${url.pathname}`).toBe(google.endpoints.authBaseUrl);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'rdv-test.apps.googleusercontent.com',
      redirect_uri: `http://127.0.0.1${CALLBACK_PATH}`,
      response_type: 'code',
      access_type: 'offline',
      code_challenge_method: 'S256',
      scope: 'https://www.googleapis.com/auth/calendar',
    });
    expect(url.searchParams.get('state')).toMatch(/^[\w-]+\.[\w-]+$/);
  });

  it('refuses a forged, replayed or refused callback with a French message and connects nothing', async () => {
    const started = await http()
      .post(`/api/v1/users/${pro.id}/calendar-connections/oauth/google`)
      .set(bearer(pro.token))
      .expect(201);
    const back = new URL(google.consent(started.body.authorizationUrl));
    const state = back.searchParams.get('state')!;
    const forged = `${Buffer.from(JSON.stringify({ provider: 'google', userId: pro.id, sessionId: 'x', nonce: 'n', exp: 9e9 })).toString('base64url')}.${state.split('.')[1]}`;
    for (const query of [`?code=abc&state=${forged}`, '?code=abc', `?state=${state}&error=access_denied`]) {
      const landed = new URL((await http().get(`${CALLBACK_PATH}${query}`).expect(302)).headers.location);
      expect(`${landed.origin}${landed.pathname}`).toBe('http://app.test/user/setting');
      expect(landed.searchParams.get('calendrier')).toBe('erreur');
      expect(landed.searchParams.get('message')).toMatch(/La connexion du calendrier|refusé l'accès/);
    }
    // The refused consent used the state up: the genuine code now comes too late.
    const replay = new URL((await http().get(`${CALLBACK_PATH}${back.search}`).expect(302)).headers.location);
    expect(replay.searchParams.get('calendrier')).toBe('erreur');
    const list = await http()
      .get(`/api/v1/users/${pro.id}/calendar-connections`)
      .set(bearer(pro.token))
      .expect(200);
    expect(list.body).toEqual([]);
  });

  it('refuses the callback of a session that logged out meanwhile', async () => {
    const token = tokenFor('user', pro.id);
    const started = await http()
      .post(`/api/v1/users/${pro.id}/calendar-connections/oauth/google`)
      .set(bearer(token))
      .expect(201);
    await http().get('/api/v1/auth/user/logout').set(bearer(token)).expect(200);
    const back = new URL(google.consent(started.body.authorizationUrl));
    const landed = new URL((await http().get(`${CALLBACK_PATH}${back.search}`).expect(302)).headers.location);
    expect(landed.searchParams.get('message')).toBe(
      'La connexion du calendrier a été commencée depuis une autre session. Veuillez recommencer depuis cette page.',
    );
  });

  it('connects the account, syncs busy times with paging and sync tokens, and a 410 brings a full resync', async () => {
    google.putEvent('camille.martin@gmail.com', {
      id: 'audience',
      iCalUID: 'audience@google.com',
      summary: 'Audience TJ',
      start: { dateTime: local(monday, '10:00') },
      end: { dateTime: local(monday, '11:00') },
    });
    google.putEvent('camille.martin@gmail.com', {
      id: 'dispo',
      summary: 'Disponible',
      transparency: 'transparent',
      start: { dateTime: local(monday, '09:00') },
      end: { dateTime: local(monday, '10:00') },
    });
    google.putEvent('camille.martin@gmail.com', {
      id: 'conges',
      summary: 'Congés',
      start: { date: DateTime.fromISO(monday).plus({ days: 1 }).toISODate()! },
      end: { date: DateTime.fromISO(monday).plus({ days: 2 }).toISODate()! },
    });

    const landed = await connect(pro);
    expect(landed.searchParams.get('calendrier')).toBe('connecte');
    expect(landed.searchParams.get('message')).toBe(
      'Compte camille.martin@gmail.com connecté. Choisissez les calendriers à synchroniser.',
    );
    const [connection] = (
      await http().get(`/api/v1/users/${pro.id}/calendar-connections`).set(bearer(pro.token)).expect(200)
    ).body;
    expect(connection).toMatchObject({
      provider: 'google',
      accountLabel: 'camille.martin@gmail.com',
      status: 'active',
    });
    expect(connection.calendars.map((c: { displayName: string }) => c.displayName)).toEqual([
      'Camille Martin',
      'Famille',
    ]);
    // Tokens sealed at rest, never in clear.
    const { rows } = await poolOf(app).query(
      'SELECT credentials_ciphertext FROM calendar_connections WHERE id = $1',
      [connection.id],
    );
    expect(rows[0].credentials_ciphertext).not.toMatch(/rt-|at-/);
    expect((await storedTokens(connection.id)).refreshToken).toMatch(/^rt-/);

    const calendarId = connection.calendars.find(
      (c: { displayName: string }) => c.displayName === 'Camille Martin',
    ).id;
    await http()
      .patch(`/api/v1/users/${pro.id}/calendar-connections/${connection.id}/calendars/${calendarId}`)
      .set(bearer(pro.token))
      .send({ useForBusy: true })
      .expect(200);
    const sync = () => app.get(CalendarSyncService).syncCalendar(calendarId);
    await expect(sync()).resolves.toBe('synced');
    // 10:00 is taken by the hearing; the transparent 09:00 event does not block.
    expect(await startsOn(monday)).toEqual([local(monday, '09:00'), local(monday, '11:00')]);

    // Incremental: the hearing moves to 11:00, and a new event takes 09:00 (the listing pages 2 by 2).
    google.putEvent('camille.martin@gmail.com', {
      id: 'audience',
      iCalUID: 'audience@google.com',
      start: { dateTime: local(monday, '11:00') },
      end: { dateTime: local(monday, '12:00') },
    });
    google.putEvent('camille.martin@gmail.com', {
      id: 'rdv-medecin',
      start: { dateTime: local(monday, '09:00') },
      end: { dateTime: local(monday, '10:00') },
    });
    await expect(sync()).resolves.toBe('synced');
    expect(await startsOn(monday)).toEqual([local(monday, '10:00')]);

    // The hearing is cancelled; the sync token expired meanwhile: Google answers 410, a full resync follows.
    google.removeEvent('camille.martin@gmail.com', 'audience');
    google.expireSyncTokens();
    await expect(sync()).resolves.toBe('synced');
    expect(await startsOn(monday)).toEqual([local(monday, '10:00'), local(monday, '11:00')]);
  });

  it('opens a watch channel on sync; a notification posted by Google queues a sync, a forged one is refused', async () => {
    const [connection] = (
      await http().get(`/api/v1/users/${pro.id}/calendar-connections`).set(bearer(pro.token)).expect(200)
    ).body;
    const calendarId = connection.calendars.find(
      (c: { displayName: string }) => c.displayName === 'Camille Martin',
    ).id;
    // The channel was opened by the first sync, once (the next syncs found it alive).
    expect(google.channels.map((c) => c.calendarId)).toEqual(['camille.martin@gmail.com']);
    expect(google.channels[0]!.id).toMatch(new RegExp(`^${calendarId}_`));
    const queued = async () =>
      (
        await poolOf(app).query(
          `SELECT count(*)::int AS n FROM outbox WHERE queue = 'calendar-sync' AND payload->>'calendarId' = $1`,
          [calendarId],
        )
      ).rows[0].n as number;
    // The changes of the test before were pushed too, each answered 204.
    expect(new Set(await google.flushNotifications())).toEqual(new Set([204]));
    const before = await queued();
    google.putEvent('camille.martin@gmail.com', {
      id: 'nouvelle-audience',
      start: { dateTime: local(monday, '09:00') },
      end: { dateTime: local(monday, '10:00') },
    });
    expect(await google.flushNotifications()).toEqual([204]);
    expect(await queued()).toBe(before + 1);

    const forged = await http()
      .post('/api/v1/calendar-sync/google/notifications')
      .set({
        'x-goog-channel-id': google.channels[0]!.id,
        'x-goog-channel-token': 'devine',
        'x-goog-resource-state': 'exists',
      })
      .expect(403);
    expect(forged.body.message).toBe('Canal de notification inconnu.');
    expect(await queued()).toBe(before + 1);

    // A day before the channel ends its renewal mark expires: the next sync opens a new channel.
    const ttl = await app.get<Redis>(REDIS).pttl(`calendar-sync:google-watch:${calendarId}`);
    expect(ttl).toBeGreaterThan(5 * 24 * 3600_000);
    await app.get<Redis>(REDIS).del(`calendar-sync:google-watch:${calendarId}`);
    await app.get(CalendarSyncService).syncCalendar(calendarId);
    expect(google.channels).toHaveLength(2);
  });

  it('writes an appointment idempotently, moves it, deletes it, and checks busy times live', async () => {
    const [connection] = (
      await http().get(`/api/v1/users/${pro.id}/calendar-connections`).set(bearer(pro.token)).expect(200)
    ).body;
    const adapter = app
      .get(CalendarProviders)
      .google(await storedTokens(connection.id), { refreshed: (stale, refresh) => refresh(stale) });
    const ref = { externalId: 'camille.martin@gmail.com' };
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
    const ours = google.events('camille.martin@gmail.com').filter((e) => e.iCalUID === 'rdv-42@app.test');
    expect(ours).toHaveLength(1);
    expect(ours[0]).toMatchObject({ summary: 'RDV Jean Dupont - Consultation' });

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
    expect(
      google.events('camille.martin@gmail.com').find((e) => e.iCalUID === 'rdv-42@app.test')?.start,
    ).toEqual({
      dateTime: new Date(local(monday, '11:00')).toISOString(),
    });
    await adapter.deleteEvent(ref, first);
    // Already gone counts as deleted.
    await adapter.deleteEvent(ref, first);
    expect(google.events('camille.martin@gmail.com').filter((e) => e.iCalUID === 'rdv-42@app.test')).toEqual(
      [],
    );
  });

  it('refreshes an expired token once under the lock, saves the rotated refresh token, and marks invalid_grant', async () => {
    const [connection] = (
      await http().get(`/api/v1/users/${pro.id}/calendar-connections`).set(bearer(pro.token)).expect(200)
    ).body;
    const calendarId = connection.calendars.find(
      (c: { displayName: string }) => c.displayName === 'Camille Martin',
    ).id;
    const before = await storedTokens(connection.id);
    google.expireAccessTokens();
    await poolOf(app).query(
      'UPDATE calendar_connections SET credentials_ciphertext = $2, credentials_key_id = $3 WHERE id = $1',
      [
        connection.id,
        ...Object.values(
          app.get(CredentialCipher).seal({ ...before, expiresAt: Date.now() - 1000 }, connection.id),
        ),
      ],
    );
    const refreshes = google.refreshCount;
    // Two workers at once: one refresh (a second one would present the rotated-out token and be refused).
    const outcomes = await Promise.all([
      app.get(CalendarSyncService).syncCalendar(calendarId),
      app.get(CalendarSyncService).syncCalendar(calendarId),
    ]);
    expect(outcomes.every((o) => o === 'synced' || o === 'unchanged')).toBe(true);
    expect(google.refreshCount).toBe(refreshes + 1);
    const after = await storedTokens(connection.id);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(google.validRefreshTokens()).toContain(after.refreshToken);

    // The lawyer revokes our access at Google: the next refresh gets invalid_grant.
    google.revoke();
    google.expireAccessTokens();
    await poolOf(app).query(
      'UPDATE calendar_connections SET credentials_ciphertext = $2, credentials_key_id = $3 WHERE id = $1',
      [
        connection.id,
        ...Object.values(
          app.get(CredentialCipher).seal({ ...after, expiresAt: Date.now() - 1000 }, connection.id),
        ),
      ],
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
