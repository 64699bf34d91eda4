import { createHash, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * A loopback fake of the Microsoft identity platform (v2.0 authorize + token endpoints, for the real
 * `@azure/msal-node`) and of Microsoft Graph v1.0 (the calendar calls we make), served over https with a
 * throwaway self-signed certificate: MSAL refuses any http authority. It checks PKCE (S256) and the client
 * secret, rotates refresh tokens on every refresh, answers invalid_grant (AADSTS700082) once revoked, pages
 * calendarView and delta 2 by 2, hands out delta tokens it can expire (410), validates subscriptions through
 * the receiver's validationToken handshake and posts change notifications, and can answer 429 + Retry-After.
 *
 * Written in erasable TypeScript only (no enums, no parameter properties): the e2e stack runs it directly
 * with Node's type stripping (scripts/microsoft-fake.mjs), the backend tests import it.
 */
export interface FakeGraphEvent {
  id: string;
  subject?: string;
  showAs?: 'free' | 'tentative' | 'busy' | 'oof' | 'workingElsewhere' | 'unknown';
  isAllDay?: boolean;
  isCancelled?: boolean;
  type?: string;
  start: { dateTime: string; timeZone: string };
  end: { dateTime: string; timeZone: string };
  iCalUId?: string;
  transactionId?: string | null;
  location?: { displayName?: string };
  body?: { contentType?: string; content?: string };
  /** Teams: asked with isOnlineMeeting + onlineMeetingProvider 'teamsForBusiness' at creation */
  isOnlineMeeting?: boolean;
  onlineMeetingProvider?: string;
  onlineMeeting?: { joinUrl: string } | null;
}

interface StoredEvent extends FakeGraphEvent {
  calendarId: string;
  seq: number;
  removed: boolean;
}

export interface FakeSubscription {
  id: string;
  calendarId: string;
  notificationUrl: string;
  clientState: string;
  expirationDateTime: string;
}

export interface MicrosoftFakeOptions {
  /** the signed-in account's address (preferred_username of its id token) */
  account: string;
  calendars: { id: string; name: string; hexColor?: string }[];
  /** the registered app; the token endpoint checks both */
  clientId: string;
  clientSecret: string;
  /** directory for the throwaway certificate (cert.pem, key.pem); created when missing */
  certDir: string;
  port?: number;
  /**
   * Also serve the consent page over plain http on this port (the demo: a browser would warn about the
   * throwaway certificate); the API is told through MICROSOFT_CALENDAR_CONSENT_URL.
   */
  consentPort?: number;
}

export interface MicrosoftFake {
  url: string;
  /** the certificate to trust (NODE_EXTRA_CA_CERTS, or tls.setDefaultCACertificates) */
  certPath: string;
  certPem: string;
  /** MICROSOFT_CALENDAR_AUTHORITY_URL and MICROSOFT_GRAPH_URL for the API under test */
  endpoints: { authorityUrl: string; graphUrl: string };
  /** Plays the consent page: the redirect the browser would follow (our callback with code and state). */
  consent(authorizationUrl: string): string;
  /** The tenant of each authorization request so far (common / consumers). */
  authorizeTenants: string[];
  putEvent(calendarId: string, event: FakeGraphEvent): void;
  removeEvent(calendarId: string, eventId: string): void;
  events(calendarId: string): FakeGraphEvent[];
  /** Forget every delta token handed out: the next incremental round answers 410 SyncStateNotFound. */
  expireDeltaTokens(): void;
  /** Access tokens handed out from now on live this many seconds (MSAL refreshes those within 5 minutes of their end). */
  accessTokenSeconds: number;
  /** Access tokens handed out so far stop working (401) before their end; refresh tokens still do. */
  invalidateAccessTokens(): void;
  /** Revoke the grant: refreshes answer invalid_grant (AADSTS700082), access tokens 401. */
  revoke(): void;
  refreshCount: number;
  validRefreshTokens(): string[];
  /** The next `count` Graph requests answer 429 with `Retry-After: seconds`. */
  throttle(count: number, seconds: number): void;
  throttled: number;
  subscriptions: FakeSubscription[];
  /** Graph takes this long to create a subscription (a slow network widens races). */
  subscriptionDelayMs: number;
  /** Waits for the notifications posted so far; returns our receiver's HTTP statuses. */
  flushNotifications(): Promise<number[]>;
  stop(): Promise<void>;
}

/** A self-signed certificate for 127.0.0.1 / localhost, made once per directory with Debian's openssl. */
export function ensureCertificate(dir: string): { certPath: string; keyPath: string } {
  mkdirSync(dir, { recursive: true });
  const certPath = path.join(dir, 'cert.pem');
  const keyPath = path.join(dir, 'key.pem');
  try {
    readFileSync(certPath);
    readFileSync(keyPath);
  } catch {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-sha256',
        '-days',
        '7',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
        '-keyout',
        keyPath,
        '-out',
        certPath,
      ],
      { stdio: 'ignore' },
    );
  }
  return { certPath, keyPath };
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export async function startMicrosoftFake(options: MicrosoftFakeOptions): Promise<MicrosoftFake> {
  const { certPath, keyPath } = ensureCertificate(options.certDir);
  const codes = new Map<string, { challenge: string; redirectUri: string; tenant: string; scope: string }>();
  const accessTokens = new Map<string, number>();
  const refreshTokens = new Set<string>();
  const events = new Map<string, StoredEvent>();
  const deltaTokens = new Map<string, { seq: number; calendarId: string; from: string; to: string }>();
  const oid = '00000000-0000-0000-66f3-3332eca7ea81';
  const tid = '9188040d-6c67-4c5b-b112-36a304b66dad';
  let seq = 0;
  let revoked = false;
  let throttleLeft = 0;
  let throttleSeconds = 1;
  const deliveries: Promise<number>[] = [];

  const send = (
    res: ServerResponse,
    status: number,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(body === undefined ? '' : JSON.stringify(body));
  };
  const graphError = (res: ServerResponse, status: number, code: string, message: string) =>
    send(res, status, { error: { code, message } });
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const issueAccess = () => {
    const token = `eyJ0eXAiOiJKV1QiLCJhbGciOiJub25lIn0.${b64url({ n: randomBytes(8).toString('hex') })}.`;
    accessTokens.set(token, Date.now() + fake.accessTokenSeconds * 1000);
    return token;
  };
  const issueRefresh = () => {
    const token = `M.R3_BAY.${randomBytes(12).toString('hex')}`;
    refreshTokens.add(token);
    return token;
  };
  const idToken = (tenant: string) =>
    [
      b64url({ typ: 'JWT', alg: 'none' }),
      b64url({
        aud: options.clientId,
        iss: `${fake.url}/${tid}/v2.0`,
        iat: Math.floor(Date.now() / 1000),
        nbf: Math.floor(Date.now() / 1000),
        exp: Math.floor(Date.now() / 1000) + 3600,
        name: options.account,
        oid,
        preferred_username: options.account,
        sub: `sub-${tenant}`,
        tid,
        ver: '2.0',
      }),
      '',
    ].join('.');

  const notify = (calendarId: string, changeType: string, eventId: string) => {
    for (const subscription of fake.subscriptions.filter((s) => s.calendarId === calendarId)) {
      deliveries.push(
        fetch(subscription.notificationUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            value: [
              {
                subscriptionId: subscription.id,
                subscriptionExpirationDateTime: subscription.expirationDateTime,
                changeType,
                resource: `Users/${oid}/Events/${eventId}`,
                resourceData: {
                  '@odata.type': '#Microsoft.Graph.Event',
                  '@odata.id': `Users/${oid}/Events/${eventId}`,
                  id: eventId,
                },
                clientState: subscription.clientState,
                tenantId: tid,
              },
            ],
          }),
        }).then(
          (r) => r.status,
          () => 0,
        ),
      );
    }
  };

  const publicEvent = (e: StoredEvent): FakeGraphEvent & { '@odata.etag': string } => {
    const { calendarId: _c, seq: s, removed: _r, ...event } = e;
    return { ...event, '@odata.etag': `W/"${s}"` };
  };

  const fake: MicrosoftFake = {
    url: '',
    certPath,
    certPem: readFileSync(certPath, 'utf8'),
    endpoints: { authorityUrl: '', graphUrl: '' },
    authorizeTenants: [],
    accessTokenSeconds: 3600,
    refreshCount: 0,
    throttled: 0,
    subscriptions: [],
    subscriptionDelayMs: 0,
    consent(authorizationUrl) {
      const url = new URL(authorizationUrl);
      const tenant = url.pathname.split('/')[1] ?? '';
      if (url.searchParams.get('code_challenge_method') !== 'S256') throw new Error('PKCE S256 expected');
      if (url.searchParams.get('client_id') !== options.clientId) throw new Error('unknown client');
      const scope = url.searchParams.get('scope') ?? '';
      if (!scope.split(' ').includes('offline_access')) throw new Error('offline_access expected');
      fake.authorizeTenants.push(tenant);
      const code = `M.C5_BAY.${randomBytes(12).toString('hex')}`;
      const redirectUri = url.searchParams.get('redirect_uri')!;
      codes.set(code, { challenge: url.searchParams.get('code_challenge')!, redirectUri, tenant, scope });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state')!);
      return back.toString();
    },
    putEvent(calendarId, event) {
      const key = `${calendarId}/${event.id}`;
      const existed = events.has(key) && !events.get(key)!.removed;
      events.set(key, {
        iCalUId: `040000008200E00074C5B7101A82E008${createHash('sha1').update(key).digest('hex')}`,
        showAs: 'busy',
        isAllDay: false,
        isCancelled: false,
        type: 'singleInstance',
        ...event,
        calendarId,
        seq: ++seq,
        removed: false,
      });
      notify(calendarId, existed ? 'updated' : 'created', event.id);
    },
    removeEvent(calendarId, eventId) {
      const stored = events.get(`${calendarId}/${eventId}`);
      if (stored) events.set(`${calendarId}/${eventId}`, { ...stored, removed: true, seq: ++seq });
      notify(calendarId, 'deleted', eventId);
    },
    events: (calendarId) =>
      [...events.values()].filter((e) => e.calendarId === calendarId && !e.removed).map(publicEvent),
    expireDeltaTokens: () => deltaTokens.clear(),
    invalidateAccessTokens: () => accessTokens.clear(),
    revoke: () => {
      revoked = true;
    },
    validRefreshTokens: () => [...refreshTokens],
    throttle: (count, seconds) => {
      throttleLeft = count;
      throttleSeconds = seconds;
    },
    flushNotifications: async () => {
      const statuses = await Promise.all(deliveries);
      deliveries.length = 0;
      return statuses;
    },
    stop: () =>
      new Promise((resolve) => {
        consentServer?.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  // ---- identity platform ------------------------------------------------------------------------------

  const consentPage = (res: ServerResponse, url: URL) => {
    const tenant = url.pathname.split('/')[1] ?? '';
    const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    const hidden = [...url.searchParams]
      .map(([k, v]) => `<input type="hidden" name="${escape(k)}" value="${escape(v)}">`)
      .join('');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      simulationPage(
        'Microsoft',
        `<p>Compte : <strong>${escape(options.account)}</strong> (${tenant === 'consumers' ? 'Outlook.com' : 'Office 365'})</p>` +
          `<p>Le site demande à lire vos calendriers et à y inscrire vos rendez-vous.</p>` +
          `<form method="post" action="/${escape(tenant)}/oauth2/v2.0/authorize">${hidden}` +
          `<button type="submit">Accepter</button></form>`,
      ),
    );
  };

  const handleToken = async (req: IncomingMessage, res: ServerResponse, tenant: string) => {
    const form = new URLSearchParams(await readBody(req));
    if (form.get('client_id') !== options.clientId || form.get('client_secret') !== options.clientSecret)
      return send(res, 401, {
        error: 'invalid_client',
        error_description: 'AADSTS7000215: Invalid client secret provided.',
      });
    const grant = form.get('grant_type');
    const scope = (form.get('scope') ?? '')
      .split(' ')
      .filter((s) => s && !['openid', 'profile', 'offline_access'].includes(s))
      .join(' ');
    const tokens = () => ({
      token_type: 'Bearer',
      scope,
      expires_in: fake.accessTokenSeconds,
      ext_expires_in: fake.accessTokenSeconds,
      access_token: issueAccess(),
      refresh_token: issueRefresh(),
      id_token: idToken(tenant),
      client_info: b64url({ uid: oid, utid: tid }),
    });
    if (grant === 'authorization_code') {
      const code = form.get('code') ?? '';
      const pending = codes.get(code);
      codes.delete(code);
      const verifier = form.get('code_verifier') ?? '';
      if (
        !pending ||
        pending.tenant !== tenant ||
        pending.redirectUri !== form.get('redirect_uri') ||
        createHash('sha256').update(verifier).digest('base64url') !== pending.challenge
      )
        return send(res, 400, {
          error: 'invalid_grant',
          error_description: 'AADSTS501481: The Code_Verifier does not match the code_challenge supplied.',
        });
      return send(res, 200, tokens());
    }
    if (grant === 'refresh_token') {
      const given = form.get('refresh_token') ?? '';
      if (revoked || !refreshTokens.has(given))
        return send(res, 400, {
          error: 'invalid_grant',
          error_description:
            'AADSTS700082: The refresh token has expired due to inactivity. The token was issued on 2026-08-01.',
          error_codes: [700082],
          suberror: 'bad_token',
        });
      fake.refreshCount++;
      // Microsoft rotates the refresh token on every use; the one presented stops working.
      refreshTokens.delete(given);
      return send(res, 200, tokens());
    }
    return send(res, 400, { error: 'unsupported_grant_type' });
  };

  // ---- Graph --------------------------------------------------------------------------------------------

  /** Graph's date-times (up to 7 decimals, zone apart) as instants; the fake stores them in UTC. */
  const instant = (dateTime: string) =>
    new Date(dateTime.replace(/(\.\d{3})\d+/, '$1') + (/(Z|[+-]\d\d:\d\d)$/i.test(dateTime) ? '' : 'Z'));
  const overlaps = (e: StoredEvent, from: string | null, to: string | null) =>
    (!to || instant(e.start.dateTime) < new Date(to)) && (!from || instant(e.end.dateTime) > new Date(from));

  const handleGraph = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (revoked || !token || (accessTokens.get(token) ?? 0) < Date.now())
      return graphError(
        res,
        401,
        'InvalidAuthenticationToken',
        'Access token has expired or is not yet valid.',
      );
    if (throttleLeft > 0) {
      throttleLeft--;
      fake.throttled++;
      return send(
        res,
        429,
        { error: { code: 'ApplicationThrottled', message: 'Too many requests' } },
        { 'retry-after': String(throttleSeconds) },
      );
    }
    const route = url.pathname.replace(/^\/v1\.0/, '');
    const method = req.method ?? 'GET';
    if (route === '/me/calendars' && method === 'GET')
      return send(res, 200, {
        // As in Outlook, the first calendar ("Calendrier") is the account's default one.
        value: options.calendars.map((c, i) => ({ ...c, canEdit: true, isDefaultCalendar: i === 0 })),
      });
    if (route === '/subscriptions' && method === 'POST') return createSubscription(req, res);
    const sub = /^\/subscriptions\/([^/]+)$/.exec(route);
    if (sub && method === 'DELETE') {
      const index = fake.subscriptions.findIndex((s) => s.id === decodeURIComponent(sub[1]!));
      if (index < 0) return graphError(res, 404, 'ResourceNotFound', 'The object was not found.');
      fake.subscriptions.splice(index, 1);
      res.writeHead(204).end();
      return;
    }
    if (sub && method === 'PATCH') {
      const found = fake.subscriptions.find((s) => s.id === decodeURIComponent(sub[1]!));
      if (!found) return graphError(res, 404, 'ResourceNotFound', 'The object was not found.');
      const body = JSON.parse(await readBody(req)) as { expirationDateTime: string };
      found.expirationDateTime = body.expirationDateTime;
      return send(res, 200, { ...found, resource: `/me/calendars/${found.calendarId}/events` });
    }
    const view = /^\/me\/calendars\/([^/]+)\/calendarView(\/delta)?$/.exec(route);
    if (view && method === 'GET') {
      const calendarId = decodeURIComponent(view[1]!);
      return view[2] ? delta(res, url, calendarId) : calendarView(res, url, calendarId);
    }
    const ev = /^\/me\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(route);
    if (!ev)
      return graphError(res, 404, 'ResourceNotFound', `Resource not found for the segment '${route}'.`);
    const calendarId = decodeURIComponent(ev[1]!);
    if (!options.calendars.some((c) => c.id === calendarId))
      return graphError(res, 404, 'ErrorItemNotFound', 'The specified object was not found in the store.');
    const eventId = ev[2] ? decodeURIComponent(ev[2]) : undefined;
    if (!eventId && method === 'POST') {
      const body = JSON.parse(await readBody(req)) as FakeGraphEvent;
      // transactionId: a retried create answers with the event made the first time.
      const same = body.transactionId
        ? [...events.values()].find((e) => !e.removed && e.transactionId === body.transactionId)
        : undefined;
      if (same) return send(res, 201, publicEvent(same));
      const id = `AAMkAD${randomBytes(12).toString('hex')}`;
      const meeting =
        body.isOnlineMeeting && body.onlineMeetingProvider === 'teamsForBusiness'
          ? {
              joinUrl: `https://teams.microsoft.com/l/meetup-join/19%3ameeting_${randomBytes(16).toString('hex')}%40thread.v2/0`,
            }
          : null;
      fake.putEvent(calendarId, { ...body, id, isOnlineMeeting: meeting !== null, onlineMeeting: meeting });
      return send(res, 201, publicEvent(events.get(`${calendarId}/${id}`)!));
    }
    const stored = eventId ? events.get(`${calendarId}/${eventId}`) : undefined;
    if (!stored || stored.removed)
      return graphError(res, 404, 'ErrorItemNotFound', 'The specified object was not found in the store.');
    if (method === 'PATCH') {
      const body = JSON.parse(await readBody(req)) as Partial<FakeGraphEvent>;
      const { transactionId: _t, ...changes } = body;
      fake.putEvent(calendarId, { ...stored, ...changes, id: stored.id });
      return send(res, 200, publicEvent(events.get(`${calendarId}/${stored.id}`)!));
    }
    if (method === 'DELETE') {
      fake.removeEvent(calendarId, stored.id);
      res.writeHead(204).end();
      return;
    }
    if (method === 'GET') return send(res, 200, publicEvent(stored));
    return graphError(res, 405, 'MethodNotAllowed', 'Method not allowed');
  };

  const page = (res: ServerResponse, url: URL, list: unknown[], last: Record<string, string>) => {
    const skip = Number(url.searchParams.get('$skip') ?? '0');
    const body: Record<string, unknown> = { value: list.slice(skip, skip + 2) };
    if (skip + 2 < list.length) {
      const next = new URL(url);
      next.searchParams.set('$skip', String(skip + 2));
      body['@odata.nextLink'] = next.toString();
    } else Object.assign(body, last);
    return send(res, 200, body);
  };

  const calendarView = (res: ServerResponse, url: URL, calendarId: string) => {
    const from = url.searchParams.get('startDateTime');
    const to = url.searchParams.get('endDateTime');
    if (!from || !to)
      return graphError(res, 400, 'ErrorInvalidParameter', 'startDateTime and endDateTime are required.');
    const list = [...events.values()]
      .filter((e) => e.calendarId === calendarId && !e.removed && overlaps(e, from, to))
      .sort((a, b) => a.seq - b.seq)
      .map(publicEvent);
    return page(res, url, list, {});
  };

  const delta = (res: ServerResponse, url: URL, calendarId: string) => {
    const deltaToken = url.searchParams.get('$deltatoken');
    let since = -1;
    let from = url.searchParams.get('startDateTime');
    let to = url.searchParams.get('endDateTime');
    if (deltaToken) {
      const known = deltaTokens.get(deltaToken);
      if (!known || known.calendarId !== calendarId)
        return graphError(res, 410, 'SyncStateNotFound', 'The sync state generation is not found.');
      ({ seq: since, from, to } = known);
    } else if (!from || !to)
      return graphError(res, 400, 'ErrorInvalidParameter', 'startDateTime and endDateTime are required.');
    const list = [...events.values()]
      .filter((e) => e.calendarId === calendarId && e.seq > since && overlaps(e, from, to))
      .filter((e) => deltaToken || !e.removed)
      .sort((a, b) => a.seq - b.seq)
      .map((e) => (e.removed ? { id: e.id, '@removed': { reason: 'deleted' } } : publicEvent(e)));
    const next = `dt-${randomBytes(8).toString('hex')}`;
    const deltaLink = new URL(
      `${fake.url}/v1.0/me/calendars/${encodeURIComponent(calendarId)}/calendarView/delta`,
    );
    deltaLink.searchParams.set('$deltatoken', next);
    const skip = Number(url.searchParams.get('$skip') ?? '0');
    if (skip + 2 >= list.length) deltaTokens.set(next, { seq, calendarId, from: from!, to: to! });
    return page(res, url, list, { '@odata.deltaLink': deltaLink.toString() });
  };

  const createSubscription = async (req: IncomingMessage, res: ServerResponse) => {
    const body = JSON.parse(await readBody(req)) as {
      changeType: string;
      notificationUrl: string;
      resource: string;
      expirationDateTime: string;
      clientState: string;
    };
    if (fake.subscriptionDelayMs > 0)
      await new Promise((resolve) => setTimeout(resolve, fake.subscriptionDelayMs));
    const calendarId = /^\/?me\/calendars\/([^/]+)\/events$/.exec(body.resource)?.[1];
    const maxEnd = Date.now() + 4230 * 60_000;
    if (!calendarId || Date.parse(body.expirationDateTime) > maxEnd)
      return graphError(
        res,
        400,
        'ExtensionError',
        'Subscription expiration can only be 4230 minutes in the future.',
      );
    // The validation handshake: Graph posts a token and expects it back, as text/plain, within 10 seconds.
    const validationToken = `Validation: Testing client application reachability for subscription Request-Id: ${randomBytes(8).toString('hex')}`;
    const target = new URL(body.notificationUrl);
    target.searchParams.set('validationToken', validationToken);
    const answer = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'text/plain; charset=utf-8' },
      signal: AbortSignal.timeout(10_000),
    }).catch(() => undefined);
    const text = answer ? await answer.text() : '';
    if (
      !answer ||
      answer.status !== 200 ||
      !(answer.headers.get('content-type') ?? '').startsWith('text/plain') ||
      text !== validationToken
    )
      return graphError(
        res,
        400,
        'ValidationError',
        'Subscription validation request failed. Response must exactly match validationToken query parameter.',
      );
    const subscription: FakeSubscription = {
      id: randomBytes(16)
        .toString('hex')
        .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5'),
      calendarId: decodeURIComponent(calendarId),
      notificationUrl: body.notificationUrl,
      clientState: body.clientState,
      expirationDateTime: body.expirationDateTime,
    };
    fake.subscriptions.push(subscription);
    return send(res, 201, { ...subscription, resource: body.resource, changeType: body.changeType });
  };

  // ---- a control API for the browser journeys (the test drives the account's calendar through it) -------

  const handleControl = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const calendarId = url.searchParams.get('calendar') ?? options.calendars[0]!.id;
    if (url.pathname === '/_fake/events' && req.method === 'GET')
      return send(res, 200, fake.events(calendarId));
    if (url.pathname === '/_fake/events' && req.method === 'POST') {
      fake.putEvent(calendarId, JSON.parse(await readBody(req)) as FakeGraphEvent);
      return send(res, 201, { ok: true });
    }
    if (url.pathname === '/_fake/subscriptions' && req.method === 'GET')
      return send(res, 200, fake.subscriptions);
    return send(res, 404, { error: 'not found' });
  };

  /** The consent page (GET) and its answer (POST: back to our callback with a code); null when not that. */
  const consentRoute = (req: IncomingMessage, res: ServerResponse, url: URL): Promise<unknown> | null => {
    const identity = /^\/([^/]+)\/oauth2\/v2\.0\/authorize$/.exec(url.pathname);
    if (identity && req.method === 'GET') return Promise.resolve(consentPage(res, url));
    if (identity && req.method === 'POST')
      return readBody(req).then((form) => {
        const back = fake.consent(`${fake.url}${url.pathname}?${form}`);
        res.writeHead(302, { location: back }).end();
      });
    return null;
  };

  const server: Server = createServer(
    { cert: readFileSync(certPath), key: readFileSync(keyPath) },
    (req, res) => {
      const url = new URL(req.url ?? '/', fake.url || 'https://127.0.0.1');
      const identity = /^\/([^/]+)\/oauth2\/v2\.0\/(authorize|token)$/.exec(url.pathname);
      let work: Promise<unknown>;
      const consent = consentRoute(req, res, url);
      if (identity && identity[2] === 'token' && req.method === 'POST')
        work = handleToken(req, res, identity[1]!);
      else if (consent) work = consent;
      else if (url.pathname.startsWith('/v1.0/')) work = handleGraph(req, res, url);
      else if (url.pathname.startsWith('/_fake/')) work = handleControl(req, res, url);
      else work = Promise.resolve(send(res, 404, { error: 'not found' }));
      work.catch((error: unknown) => {
        if (!res.headersSent) send(res, 500, { error: String(error) });
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const consentServer = options.consentPort
    ? createHttpServer((req, res) => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const work = consentRoute(req, res, url) ?? Promise.resolve(send(res, 404, { error: 'not found' }));
        work.catch((error: unknown) => {
          if (!res.headersSent) send(res, 500, { error: String(error) });
        });
      })
    : null;
  if (consentServer)
    await new Promise<void>((resolve) => consentServer.listen(options.consentPort, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  fake.url = `https://127.0.0.1:${port}`;
  fake.endpoints = { authorityUrl: fake.url, graphUrl: `${fake.url}/v1.0` };
  return fake;
}

/**
 * The consent page of a simulated provider (the loopback fakes of Google and Microsoft that the demo and the
 * e2e stack run): it says, before anything else, that it is a simulation and that nothing leaves the machine.
 * The same page in google-fake.ts and microsoft-fake.ts: the scripts run each file alone (type stripping).
 */
function simulationPage(provider: 'Google' | 'Microsoft', body: string): string {
  const notice = `Simulation — aucune donnée n'est envoyée à ${provider}`;
  return (
    `<!doctype html><html lang="fr"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${provider} (simulation)</title>` +
    `<style>body{font-family:system-ui,sans-serif;max-width:34rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}` +
    `[role=alert]{background:#fff4e5;border:2px solid #b26a00;border-radius:8px;padding:.75rem 1rem;font-weight:600}` +
    `button{font-size:1rem;padding:.6rem 1.4rem;border-radius:6px;border:0;background:#1a56db;color:#fff;cursor:pointer}</style>` +
    `</head><body><p role="alert">${notice}</p>` +
    `<h1>Autoriser l'accès à votre calendrier ${provider}</h1>` +
    `<p>Cette page imite celle de ${provider} pour la démonstration : le compte ci-dessous est fictif, ` +
    `ses événements vivent sur ce serveur de démonstration.</p>${body}</body></html>`
  );
}
