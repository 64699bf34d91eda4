import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback fake of Google's OAuth token endpoint and of the Calendar API v3 (the parts we call), for the
 * real `google-auth-library` + `@googleapis/calendar` SDKs. It checks PKCE (S256), access tokens, rotates
 * refresh tokens on demand, answers `invalid_grant` for revoked ones, pages events (2 per page) and hands
 * out sync tokens it can expire (410). Its consent page (GET /auth) is labelled as a simulation: the demo
 * and the e2e stack run it (scripts/google-fake.mjs, through Node's type stripping: erasable TypeScript
 * only), and a control API (/_fake/events) lets a visitor or a journey put events in the account.
 */
export interface FakeGoogleEvent {
  id: string;
  iCalUID?: string;
  status?: 'confirmed' | 'cancelled';
  summary?: string;
  transparency?: 'opaque' | 'transparent';
  start: { dateTime?: string; date?: string };
  end: { dateTime?: string; date?: string };
  /** Google Meet: set by the fake when an insert asks for one (conferenceDataVersion=1) */
  hangoutLink?: string;
  conferenceData?: {
    createRequest?: {
      requestId: string;
      conferenceSolutionKey?: { type: string };
      status?: { statusCode: string };
    };
    conferenceSolution?: { key: { type: string }; name: string };
    conferenceId?: string;
    entryPoints?: Array<{ entryPointType: string; uri: string; label?: string }>;
  };
}

/** A Meet code (abc-defg-hij) derived from the request id: the same request gives the same meeting. */
function meetCode(requestId: string): string {
  const letters = [...createHash('sha256').update(requestId).digest()]
    .slice(0, 10)
    .map((byte) => String.fromCharCode(97 + (byte % 26)))
    .join('');
  return `${letters.slice(0, 3)}-${letters.slice(3, 7)}-${letters.slice(7)}`;
}

export interface GoogleFake {
  url: string;
  endpoints: { apiRootUrl: string; authBaseUrl: string; tokenUrl: string };
  /** Plays the consent page: the redirect the browser would follow (our callback with code and state). */
  consent(authorizationUrl: string): string;
  /** Events of a calendar, as Google stores them (a change bumps the sequence seen by sync tokens). */
  putEvent(calendarId: string, event: FakeGoogleEvent): void;
  removeEvent(calendarId: string, eventId: string): void;
  events(calendarId: string): FakeGoogleEvent[];
  /** Expire every sync token handed out so far: the next incremental list answers 410. */
  expireSyncTokens(): void;
  /** Make every access token expire now (the next call needs a refresh). */
  expireAccessTokens(): void;
  /** Revoke the account's grant: refreshes answer invalid_grant, access tokens 401. */
  revoke(): void;
  rotateRefreshTokens: boolean;
  refreshCount: number;
  /** The refresh tokens still valid (the rotated-out ones are not). */
  validRefreshTokens(): string[];
  /** Watch channels opened (events.watch), and the notifications posted to them (answers of our receiver). */
  channels: { calendarId: string; id: string; token: string; address: string }[];
  /** Waits for the notifications posted so far; returns their HTTP statuses. */
  flushNotifications(): Promise<number[]>;
  stop(): Promise<void>;
}

interface StoredEvent extends FakeGoogleEvent {
  seq: number;
  calendarId: string;
}

export async function startGoogleFake(options: {
  account: string;
  calendars: { id: string; summary: string; backgroundColor?: string }[];
  /** 0 or absent: any free port */
  port?: number;
}): Promise<GoogleFake> {
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  const accessTokens = new Map<string, number>();
  const refreshTokens = new Set<string>();
  const events = new Map<string, StoredEvent>();
  let seq = 0;
  let tokenEpoch = 0;
  let revoked = false;
  const syncTokens = new Map<string, { seq: number; epoch: number; calendarId: string }>();

  const issueAccess = () => {
    const token = `at-${randomBytes(8).toString('hex')}`;
    accessTokens.set(token, Date.now() + 3600_000);
    return token;
  };
  const issueRefresh = () => {
    const token = `rt-${randomBytes(8).toString('hex')}`;
    refreshTokens.add(token);
    return token;
  };

  const send = (res: ServerResponse, status: number, body?: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body === undefined ? '' : JSON.stringify(body));
  };
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };

  const deliveries: Promise<number>[] = [];
  let messageNumber = 0;
  const notify = (calendarId: string) => {
    for (const channel of fake.channels.filter((c) => c.calendarId === calendarId)) {
      deliveries.push(
        fetch(channel.address, {
          method: 'POST',
          headers: {
            'x-goog-channel-id': channel.id,
            'x-goog-channel-token': channel.token,
            'x-goog-resource-state': 'exists',
            'x-goog-message-number': String(++messageNumber),
          },
        }).then((r) => r.status),
      );
    }
  };

  const fake: GoogleFake = {
    url: '',
    endpoints: { apiRootUrl: '', authBaseUrl: '', tokenUrl: '' },
    rotateRefreshTokens: true,
    refreshCount: 0,
    consent(authorizationUrl) {
      const url = new URL(authorizationUrl);
      if (url.searchParams.get('code_challenge_method') !== 'S256') throw new Error('PKCE S256 expected');
      if (url.searchParams.get('access_type') !== 'offline') throw new Error('offline access expected');
      const code = `code-${randomBytes(8).toString('hex')}`;
      const redirectUri = url.searchParams.get('redirect_uri')!;
      codes.set(code, { challenge: url.searchParams.get('code_challenge')!, redirectUri });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state')!);
      return back.toString();
    },
    putEvent(calendarId, event) {
      events.set(`${calendarId}/${event.id}`, { ...event, calendarId, seq: ++seq });
      notify(calendarId);
    },
    removeEvent(calendarId, eventId) {
      const stored = events.get(`${calendarId}/${eventId}`);
      if (stored) events.set(`${calendarId}/${eventId}`, { ...stored, status: 'cancelled', seq: ++seq });
      notify(calendarId);
    },
    channels: [],
    flushNotifications: async () => {
      const statuses = await Promise.all(deliveries);
      deliveries.length = 0;
      return statuses;
    },
    events: (calendarId) =>
      [...events.values()].filter((e) => e.calendarId === calendarId && e.status !== 'cancelled'),
    expireSyncTokens: () => void tokenEpoch++,
    expireAccessTokens: () => {
      for (const token of accessTokens.keys()) accessTokens.set(token, 0);
    },
    revoke: () => {
      revoked = true;
    },
    validRefreshTokens: () => [...refreshTokens],
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const handleToken = async (req: IncomingMessage, res: ServerResponse) => {
    const form = new URLSearchParams(await readBody(req));
    const grant = form.get('grant_type');
    if (grant === 'authorization_code') {
      const pending = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      if (
        !pending ||
        pending.redirectUri !== form.get('redirect_uri') ||
        createHash('sha256').update(verifier).digest('base64url') !== pending.challenge
      )
        return send(res, 400, { error: 'invalid_grant', error_description: 'Bad code or verifier' });
      return send(res, 200, {
        access_token: issueAccess(),
        refresh_token: issueRefresh(),
        expires_in: 3599,
        token_type: 'Bearer',
        scope: 'https://www.googleapis.com/auth/calendar',
      });
    }
    if (grant === 'refresh_token') {
      const given = form.get('refresh_token') ?? '';
      if (revoked || !refreshTokens.has(given))
        return send(res, 400, {
          error: 'invalid_grant',
          error_description: 'Token has been expired or revoked.',
        });
      fake.refreshCount++;
      const body: Record<string, unknown> = {
        access_token: issueAccess(),
        expires_in: 3599,
        token_type: 'Bearer',
      };
      if (fake.rotateRefreshTokens) {
        refreshTokens.delete(given);
        body.refresh_token = issueRefresh();
      }
      return send(res, 200, body);
    }
    return send(res, 400, { error: 'unsupported_grant_type' });
  };

  const handleApi = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (revoked || !token || (accessTokens.get(token) ?? 0) < Date.now())
      return send(res, 401, { error: { code: 401, message: 'Invalid Credentials' } });
    const path = url.pathname.replace(/^\/calendar\/v3/, '');
    if (path === '/users/me/calendarList' && req.method === 'GET')
      return send(res, 200, {
        // As at Google, the account's own calendar (its id is the account's address) is the primary one.
        items: options.calendars.map((c) => ({
          ...c,
          accessRole: 'owner',
          primary: c.id === options.account,
        })),
      });
    if (path === '/users/me/calendarList/primary')
      return send(res, 200, { id: options.account, summary: options.account, primary: true });
    const match = /^\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(path);
    if (!match) return send(res, 404, { error: { code: 404, message: 'Not Found' } });
    const calendarId = decodeURIComponent(match[1]!);
    const eventId = match[2] ? decodeURIComponent(match[2]) : undefined;
    if (req.method === 'GET' && !eventId) return listEvents(res, url, calendarId);
    if (req.method === 'POST' && eventId === 'watch') {
      const body = JSON.parse(await readBody(req)) as {
        id: string;
        token: string;
        address: string;
        type: string;
      };
      if (body.type !== 'web_hook' || !/^[A-Za-z0-9\-_+/=]+$/.test(body.id))
        return send(res, 400, { error: { code: 400, message: 'Invalid channel' } });
      fake.channels.push({ calendarId, id: body.id, token: body.token, address: body.address });
      return send(res, 200, {
        kind: 'api#channel',
        id: body.id,
        resourceId: `res-${calendarId}`,
        expiration: String(Date.now() + 7 * 24 * 3600_000),
      });
    }
    if (req.method === 'POST' && !eventId) {
      const body = JSON.parse(await readBody(req)) as FakeGoogleEvent;
      const key = `${calendarId}/${body.id}`;
      if (events.has(key) && events.get(key)!.status !== 'cancelled')
        return send(res, 409, { error: { code: 409, message: 'The requested identifier already exists.' } });
      const created: FakeGoogleEvent = { ...body, status: 'confirmed' };
      // As at Google: conferenceData is only read with conferenceDataVersion=1, and the request makes a Meet.
      const asked = body.conferenceData?.createRequest;
      if (url.searchParams.get('conferenceDataVersion') === '1' && asked) {
        if (asked.conferenceSolutionKey?.type !== 'hangoutsMeet')
          return send(res, 400, { error: { code: 400, message: 'Invalid conference type value.' } });
        const code = meetCode(asked.requestId);
        created.hangoutLink = `https://meet.google.com/${code}`;
        created.conferenceData = {
          createRequest: { ...asked, status: { statusCode: 'success' } },
          conferenceSolution: { key: { type: 'hangoutsMeet' }, name: 'Google Meet' },
          conferenceId: code,
          entryPoints: [
            { entryPointType: 'video', uri: created.hangoutLink, label: `meet.google.com/${code}` },
          ],
        };
      } else delete created.conferenceData;
      fake.putEvent(calendarId, created);
      return send(res, 200, { ...created, etag: `"${seq}"` });
    }
    const stored = eventId ? events.get(`${calendarId}/${eventId}`) : undefined;
    if (!stored || stored.status === 'cancelled')
      return send(res, stored ? 410 : 404, { error: { code: 404, message: 'Not Found' } });
    if (req.method === 'PUT') {
      const body = JSON.parse(await readBody(req)) as FakeGoogleEvent;
      fake.putEvent(calendarId, { ...stored, ...body, id: stored.id });
      return send(res, 200, { ...stored, ...body, id: stored.id, etag: `"${seq}"` });
    }
    if (req.method === 'DELETE') {
      fake.removeEvent(calendarId, stored.id);
      res.writeHead(204).end();
      return;
    }
    return send(res, 405, { error: { code: 405, message: 'Method not allowed' } });
  };

  const listEvents = (res: ServerResponse, url: URL, calendarId: string) => {
    const syncToken = url.searchParams.get('syncToken');
    let since = -1;
    if (syncToken) {
      const known = syncTokens.get(syncToken);
      if (!known || known.epoch !== tokenEpoch || known.calendarId !== calendarId)
        return send(res, 410, {
          error: { code: 410, message: 'Sync token is no longer valid, a full sync is required.' },
        });
      since = known.seq;
    }
    const timeMin = url.searchParams.get('timeMin');
    const timeMax = url.searchParams.get('timeMax');
    const list = [...events.values()]
      .filter((e) => e.calendarId === calendarId && e.seq > since)
      .filter((e) =>
        syncToken || url.searchParams.get('showDeleted') === 'true' ? true : e.status !== 'cancelled',
      )
      .filter((e) => {
        if (syncToken) return true;
        const start = e.start.dateTime ?? e.start.date!;
        const end = e.end.dateTime ?? e.end.date!;
        return (
          (!timeMax || new Date(start) < new Date(timeMax)) && (!timeMin || new Date(end) > new Date(timeMin))
        );
      })
      .sort((a, b) => a.seq - b.seq);
    const offset = Number(url.searchParams.get('pageToken') ?? '0');
    const page = list.slice(offset, offset + 2);
    const body: Record<string, unknown> = {
      items: page.map(({ calendarId: _c, seq: _s, ...event }) => event),
    };
    if (offset + 2 < list.length) body.nextPageToken = String(offset + 2);
    else {
      const next = `sync-${randomBytes(6).toString('hex')}`;
      syncTokens.set(next, { seq, epoch: tokenEpoch, calendarId });
      body.nextSyncToken = next;
    }
    return send(res, 200, body);
  };

  // ---- the consent page a browser sees (the demo, the journeys): a simulation, said so --------------------

  const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const consentPage = (res: ServerResponse, url: URL) => {
    const hidden = [...url.searchParams]
      .map(([k, v]) => `<input type="hidden" name="${escape(k)}" value="${escape(v)}">`)
      .join('');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      simulationPage(
        'Google',
        `<p>Compte : <strong>${escape(options.account)}</strong></p>` +
          `<p>Le site demande à lire vos agendas Google et à y inscrire vos rendez-vous.</p>` +
          `<form method="post" action="/auth">${hidden}<button type="submit">Autoriser</button></form>`,
      ),
    );
  };

  const handleControl = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const calendarId = url.searchParams.get('calendar') ?? options.account;
    if (url.pathname === '/_fake/events' && req.method === 'GET')
      return send(res, 200, fake.events(calendarId));
    if (url.pathname === '/_fake/events' && req.method === 'POST') {
      fake.putEvent(calendarId, JSON.parse(await readBody(req)) as FakeGoogleEvent);
      return send(res, 201, { ok: true });
    }
    if (url.pathname === '/_fake/channels' && req.method === 'GET') return send(res, 200, fake.channels);
    return send(res, 404, { error: 'not found' });
  };

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const work =
      url.pathname === '/token' && req.method === 'POST'
        ? handleToken(req, res)
        : url.pathname.startsWith('/calendar/v3/')
          ? handleApi(req, res, url)
          : url.pathname === '/auth' && req.method === 'GET'
            ? Promise.resolve(consentPage(res, url))
            : url.pathname === '/auth' && req.method === 'POST'
              ? readBody(req).then((form) => {
                  const back = fake.consent(`${fake.url}/auth?${form}`);
                  res.writeHead(302, { location: back }).end();
                })
              : url.pathname.startsWith('/_fake/')
                ? handleControl(req, res, url)
                : Promise.resolve(send(res, 404, { error: 'not found' }));
    work.catch((error: unknown) => send(res, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  fake.url = `http://127.0.0.1:${port}`;
  fake.endpoints = {
    apiRootUrl: `${fake.url}/`,
    authBaseUrl: `${fake.url}/auth`,
    tokenUrl: `${fake.url}/token`,
  };
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
