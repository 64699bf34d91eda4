import { randomBytes, randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import { hashPassword } from '../../src/modules/identity/password-hasher';
import {
  createAttendee,
  createProfessional,
  SmtpReceiver,
  type TestAttendee,
  type TestProfessional,
} from '../support/fixtures';
import { ProductProcess, REPO_ROOT } from './processes';
import { PORT_BASE, type RedisProcess, startRedis, waitFor } from './servers';

/**
 * Replicas on one machine: 2 API processes and 2 workers (the built entries, as in production) behind the
 * gateway (API_URL with both APIs: round robin among the ready ones), on one PostgreSQL and one Redis.
 * Bookings are sent at a steady rate through the gateway, each with its Idempotency-Key; a client whose
 * request fails (the API it reached was killed) retries with the same key.
 *
 * Figures of each run are written to var/scale/replicas-figures.json (bench/reports/scale-replicas.md
 * records those of a reference run).
 */
const WEB = PORT_BASE + 20;
const API_A = PORT_BASE + 21;
const API_B = PORT_BASE + 22;
const REDIS = PORT_BASE + 25;
const DRAIN_SECONDS = 3;
const PASSWORD = 'Un-mot-de-passe-solide-2026';

interface Outcome {
  attendee: TestAttendee;
  of: TestProfessional;
  slot: string;
  /** Answers 409 AGENDA_BUSY retried. */
  busy: number;
  startedAt: number;
  key: string;
  attempts: number;
  /** Statuses / errors of the failed attempts. */
  failures: string[];
  status?: number;
  body?: { id_event?: string; refAppointment?: string };
  phase: 'kill' | 'rolling';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Replicas on one machine: 2 APIs and 2 workers behind the gateway', () => {
  let dir: string;
  let redis: RedisProcess;
  let smtp: SmtpReceiver;
  let pool: Pool;
  let apiA: ProductProcess;
  let apiB: ProductProcess;
  let worker1: ProductProcess;
  let worker2: ProductProcess;
  let gateway: ProductProcess;
  /** Several professionals, as in the directory: bookings spread over their agendas. */
  let pros: TestProfessional[];
  let pro: TestProfessional;
  const gatewayUrl = `http://127.0.0.1:${WEB}`;
  const figures: Record<string, unknown> = {};

  beforeAll(async () => {
    for (const built of ['backend/dist/src/main.js', 'public-ui/build/server/index.js'])
      if (!existsSync(path.join(REPO_ROOT, built)))
        throw new Error(`${built} is missing: build first (npx nx run-many -t build)`);
    dir = mkdtempSync(path.join(tmpdir(), 'rdv-scale-replicas-'));
    mkdirSync(path.join(dir, 'logs'));
    redis = await startRedis(REDIS);
    smtp = new SmtpReceiver();
    await smtp.start();
    pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 4 });
    const backendEnv = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DATABASE_URL: process.env.DATABASE_URL!,
      REDIS_URL: `redis://127.0.0.1:${REDIS}`,
      QUEUE_PREFIX: `rdv-scale-${randomBytes(4).toString('hex')}`,
      JWT_SECRET: process.env.JWT_SECRET!,
      CALENDAR_ENCRYPTION_KEYS: `scale1:${randomBytes(32).toString('base64')}`,
      PUBLIC_URL: gatewayUrl,
      SMTP_URL: smtp.url,
      SMS_PROVIDER: 'log',
      ANTIVIRUS: 'none',
      MEDIA_DIR: path.join(dir, 'media'),
      DOCUMENTS_DIR: path.join(dir, 'documents'),
      TRUSTED_PROXIES: '127.0.0.1,::1',
      SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
      // Both workers scan for due reminders at the same instants, every 5 s here.
      REMINDER_SCAN_CRON: '*/5 * * * * *',
      // A delivery whose worker was killed mid-send is retried after this lease.
      NOTIFICATION_LEASE_SECONDS: '5',
    };
    const logs = path.join(dir, 'logs');
    apiA = new ProductProcess(
      'api-a',
      'backend/dist/src/main.js',
      { ...backendEnv, PORT: String(API_A) },
      logs,
      `http://127.0.0.1:${API_A}/api/v1/health/ready`,
    );
    apiB = new ProductProcess(
      'api-b',
      'backend/dist/src/main.js',
      { ...backendEnv, PORT: String(API_B) },
      logs,
      `http://127.0.0.1:${API_B}/api/v1/health/ready`,
    );
    worker1 = new ProductProcess('worker-1', 'backend/dist/src/main.worker.js', backendEnv, logs);
    worker2 = new ProductProcess('worker-2', 'backend/dist/src/main.worker.js', backendEnv, logs);
    gateway = new ProductProcess(
      'gateway',
      'public-ui/server/index.js',
      {
        NODE_ENV: 'production',
        SECTOR: 'lawyer',
        WEB_PORT: String(WEB),
        PUBLIC_URL: gatewayUrl,
        API_URL: `http://127.0.0.1:${API_A},http://127.0.0.1:${API_B}`,
      },
      logs,
      `${gatewayUrl}/api/v1/health/ready`,
    );
    await Promise.all([apiA.start(), apiB.start(), worker1.start(), worker2.start()]);
    await gateway.start();
    pros = [];
    for (let i = 0; i < 4; i++) pros.push(await createProfessional(pool));
    pro = pros[0];
  }, 180_000);

  afterAll(async () => {
    writeFileSync(path.join(dir, 'figures.json'), JSON.stringify(figures, null, 2));
    mkdirSync(path.join(REPO_ROOT, 'var/scale'), { recursive: true });
    writeFileSync(
      path.join(REPO_ROOT, 'var/scale/replicas-figures.json'),
      `${JSON.stringify(figures, null, 2)}\n`,
    );
    for (const process of [gateway, apiA, apiB, worker1, worker2]) await process?.close();
    // The processes' logs stay in var/scale/logs for a look after a failure.
    rmSync(path.join(REPO_ROOT, 'var/scale/logs'), { recursive: true, force: true });
    cpSync(path.join(dir, 'logs'), path.join(REPO_ROOT, 'var/scale/logs'), { recursive: true });
    await pool?.end();
    await smtp?.stop();
    await redis?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  const api = (port: number, p: string, init: RequestInit = {}) =>
    fetch(`http://127.0.0.1:${port}${p}`, { ...init, signal: AbortSignal.timeout(10_000) });
  const viaGateway = (p: string, init: RequestInit = {}) => api(WEB, p, init);

  /** Free slot starts of `pro` on the day `daysAhead` from now, asked through the gateway. */
  const freeSlots = async (daysAhead: number, of: TestProfessional = pro): Promise<string[]> => {
    const day = new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
    const res = await viaGateway(
      `/api/v1/users/${of.id}/slots?motiveId=${of.motiveId}&from=${day}&to=${day}`,
    );
    expect(res.status).toBe(200);
    return ((await res.json()) as { slots: { start: string }[] }).slots.map((s) => s.start);
  };

  /**
   * A client books `slot`, retrying with the same Idempotency-Key after a network error or a 5xx, and after
   * 409 AGENDA_BUSY (the API's "many bookings at once, try again in a moment": never recorded for the key).
   */
  const book = async (
    attendee: TestAttendee,
    { of, slot }: { of: TestProfessional; slot: string },
    phase: Outcome['phase'],
  ): Promise<Outcome> => {
    const outcome: Outcome = {
      attendee,
      of,
      slot,
      key: randomUUID(),
      attempts: 0,
      failures: [],
      busy: 0,
      phase,
      startedAt: Date.now(),
    };
    while (outcome.attempts < 30) {
      outcome.attempts += 1;
      try {
        const res = await viaGateway(`/api/v1/attendees/${attendee.id}/create-event`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${attendee.token}`,
            'content-type': 'application/json',
            'idempotency-key': outcome.key,
          },
          body: JSON.stringify({ user_id: of.id, motive_id: of.motiveId, mode: 'in_person', start: slot }),
        });
        const body = (await res.json().catch(() => ({}))) as Outcome['body'] & { code?: string };
        if (res.status === 409 && body.code === 'AGENDA_BUSY') {
          outcome.busy += 1;
          await sleep(200);
          continue;
        }
        if (res.status < 500) {
          outcome.status = res.status;
          outcome.body = body;
          return outcome;
        }
        outcome.failures.push(String(res.status));
      } catch (error) {
        outcome.failures.push(
          (error as Error).cause
            ? String((error as { cause: Error }).cause.message)
            : (error as Error).message,
        );
      }
      await sleep(300);
    }
    return outcome;
  };

  /** Sends one booking every `intervalMs` (new client, next slot) until `until()` and at least `min` were sent. */
  const steadyLoad = async (
    phase: Outcome['phase'],
    slots: { of: TestProfessional; slot: string }[],
    min: number,
    intervalMs: number,
    until: () => boolean,
    during: (sent: number, inFlight: () => number) => void = () => undefined,
  ): Promise<Outcome[]> => {
    const pending: Promise<Outcome>[] = [];
    let done = 0;
    const inFlight = () => pending.length - done;
    for (let sent = 0; (sent < min || !until()) && slots.length > 0; sent++) {
      const attendee = await createAttendee(pool);
      pending.push(book(attendee, slots.shift()!, phase).finally(() => (done += 1)));
      during(sent, inFlight);
      await sleep(intervalMs);
    }
    return Promise.all(pending);
  };

  const mailsTo = (attendee: TestAttendee, subject: RegExp) =>
    smtp.to(attendee.email).filter((m) => subject.test(m.subject ?? ''));
  /**
   * The distinct messages among `mails`, by Message-ID. A worker killed after the SMTP server accepted a mail and
   * before it recorded the delivery sends it again once its lease runs out: the same message under the same
   * Message-ID (derived from the delivery's key), which a mailbox files once. Another mail for the same thing (a
   * second reminder claim, a second acknowledgment) has another key, so another Message-ID, and still counts.
   */
  const distinct = (mails: Array<{ messageId?: string }>) => new Set(mails.map((m) => m.messageId)).size;

  it('a session works on either replica, and a logout on one is refused on the other', async () => {
    const client = await createAttendee(pool);
    await pool.query(`UPDATE attendees SET password_hash = $2 WHERE id = $1`, [
      client.id,
      await hashPassword(PASSWORD),
    ]);
    const login = await viaGateway('/api/v1/auth/attendee/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: client.email, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const auth = { headers: { authorization: `Bearer ${token}` } };
    expect((await api(API_A, '/api/v1/auth/attendee/check-logged', auth)).status).toBe(200);
    expect((await api(API_B, '/api/v1/auth/attendee/check-logged', auth)).status).toBe(200);
    expect((await api(API_A, '/api/v1/auth/attendee/logout', auth)).status).toBe(200);
    expect((await api(API_B, '/api/v1/auth/attendee/check-logged', auth)).status).toBe(401);
  });

  it('login throttling holds across replicas: the sixth failure is refused whichever API answers', async () => {
    const attempts = async (ports: number[], forwardedFor?: string) => {
      const email = `nobody-${randomBytes(4).toString('hex')}@example.test`;
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await api(ports[i % ports.length], '/api/v1/auth/attendee/login', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
          },
          body: JSON.stringify({ email, password: `guess-${i}` }),
        });
        statuses.push(res.status);
      }
      return statuses;
    };
    // Straight to each API in turn (as a load balancer would, the client address forwarded)...
    expect(await attempts([API_A, API_B], '10.99.0.8')).toEqual([404, 404, 404, 404, 404, 429]);
    // ...and through the gateway, whose round robin alternates them.
    expect(await attempts([WEB])).toEqual([404, 404, 404, 404, 404, 429]);
  });

  it('bookings at a steady rate, one API and one worker SIGKILLed midway then restarted, then a rolling restart: nothing lost, every mail once, each reminder once', async () => {
    // Due reminders: confirmed appointments within the next 24 hours, scanned by both workers every 5 s.
    const soon = [...(await freeSlots(0)), ...(await freeSlots(1))].filter(
      (start) => new Date(start).getTime() < Date.now() + 20 * 3600_000,
    );
    const reminded: Outcome[] = [];
    for (const slot of soon.slice(0, 4)) {
      const outcome = await book(await createAttendee(pool), { of: pro, slot }, 'kill');
      expect(outcome.status).toBe(201);
      const validated = await viaGateway(`/api/v1/events/${outcome.body!.id_event}/validate`, {
        method: 'POST',
        headers: { authorization: `Bearer ${pro.token}` },
      });
      expect(validated.status).toBe(200);
      reminded.push(outcome);
    }
    expect(reminded.length).toBeGreaterThan(0);

    // Every professional's free slots, interleaved, so that consecutive bookings go to different agendas.
    const slots: { of: TestProfessional; slot: string }[] = [];
    for (let day = 3; slots.length < 900; day++) {
      const perPro = await Promise.all(
        pros.map(async (of) => (await freeSlots(day, of)).map((slot) => ({ of, slot }))),
      );
      for (let i = 0; i < Math.max(...perPro.map((list) => list.length)); i++)
        for (const list of perPro) if (list[i]) slots.push(list[i]);
    }

    // Phase 1: 60 bookings, one every 100 ms; after the 25th, API a and worker 1 are SIGKILLed, and restarted.
    let inFlightAtKill = 0;
    let killedAt = 0;
    let restarted: Promise<void> = Promise.resolve();
    const killPhase = await steadyLoad(
      'kill',
      slots,
      60,
      100,
      () => true,
      (sent, inFlight) => {
        if (sent !== 25) return;
        inFlightAtKill = inFlight();
        killedAt = Date.now();
        restarted = (async () => {
          await Promise.all([apiA.stop('SIGKILL'), worker1.stop('SIGKILL')]);
          await sleep(1_000);
          await Promise.all([apiA.start(), worker1.start()]);
        })();
      },
    );
    await restarted;

    // Phase 2: a rolling restart (SIGTERM, drain, start) of every API and worker, one at a time, under load.
    let rolled = false;
    const drainChecks: { readiness: number; served: number }[] = [];
    const rolling = (async () => {
      await sleep(500);
      for (const [process, port] of [
        [apiA, API_A],
        [apiB, API_B],
      ] as const) {
        process.signal('SIGTERM');
        // Draining: readiness says 503 at once, while the API still answers requests.
        let readiness = 0;
        await waitFor(
          'readiness to say draining',
          async () => {
            readiness = (await api(port, '/api/v1/health/ready')).status;
            return readiness === 503;
          },
          DRAIN_SECONDS * 1000,
          50,
        ).catch(() => undefined);
        drainChecks.push({ readiness, served: (await api(port, '/api/v1/health')).status });
        await process.waitForExit();
        await process.start();
      }
      for (const process of [worker1, worker2]) {
        await process.stop('SIGTERM');
        await process.start();
      }
      rolled = true;
    })();
    const rollingPhase = await steadyLoad('rolling', slots, 20, 100, () => rolled);
    await rolling;

    const all = [...killPhase, ...rollingPhase];
    const lost = all.filter((o) => o.status !== 201);
    // Attempts that failed (5xx, network), not the AGENDA_BUSY answers the client was asked to repeat.
    const retried = all.filter((o) => o.failures.length > 0);
    figures.requests = {
      sent: all.length,
      killPhase: killPhase.length,
      rollingPhase: rollingPhase.length,
      inFlightAtKill,
      failedStartedAfterKillMs: retried.map((o) => o.startedAt - killedAt),
      failedFirstAttempts: retried.length,
      retried: retried.length,
      retriedFailures: retried.map((o) => `${o.phase}: ${o.failures.join(', ')}`),
      lost: lost.length,
      rollingPhaseFailures: rollingPhase.filter((o) => o.failures.length > 0).length,
      agendaBusyRetries: all.reduce((n, o) => n + o.busy, 0),
    };
    expect(lost.map((o) => `${o.status} ${o.failures.join(',')}`)).toEqual([]);
    // Only requests that reached the API as it was killed failed: those in flight, and those sent to it in the
    // moment before the gateway set it aside (a dead keep-alive connection, a refused one): none started more
    // than 1.5 s after the kill.
    expect(retried.filter((o) => o.startedAt > killedAt + 1_500).map((o) => o.failures.join(','))).toEqual(
      [],
    );
    expect(rollingPhase.filter((o) => o.failures.length > 0).map((o) => o.failures.join(','))).toEqual([]);
    expect(drainChecks).toEqual([
      { readiness: 503, served: 200 },
      { readiness: 503, served: 200 },
    ]);

    // Each client has exactly one appointment, the one their answer named (a retry replayed the answer).
    const ids = all.map((o) => o.body!.id_event!);
    const rows = await pool.query<{ attendee_id: string; id: string }>(
      `SELECT attendee_id, id FROM appointments WHERE attendee_id = ANY($1)`,
      [all.map((o) => o.attendee.id)],
    );
    expect(rows.rows).toHaveLength(all.length);
    expect(new Set(rows.rows.map((r) => r.id))).toEqual(new Set(ids));

    // Every booking's mails exactly once: the client's acknowledgment and the professional's request.
    await smtp.waitFor(
      () => all.every((o) => mailsTo(o.attendee, /demande de rendez-vous/).length >= 1),
      90_000,
    );
    const proRequestMails = () =>
      pros.reduce(
        (n, of) => n + distinct(smtp.to(of.email).filter((m) => /^Nouvelle demande/.test(m.subject ?? ''))),
        0,
      );
    await smtp.waitFor(() => proRequestMails() >= all.length + reminded.length, 60_000);
    // Reminders: each due appointment's reminder once, though both workers scanned every 5 s throughout.
    await smtp.waitFor(() => reminded.every((o) => mailsTo(o.attendee, /^Rappel/).length >= 1), 60_000);
    await sleep(6_000); // another scan or two, and time for a duplicate to show
    expect(smtp.mails.filter((m) => !m.messageId).map((m) => m.subject)).toEqual([]);
    const clientDuplicates = all.reduce(
      (n, o) => n + distinct(mailsTo(o.attendee, /demande de rendez-vous/)) - 1,
      0,
    );
    const proRequests = proRequestMails();
    const reminderMails = reminded.reduce((n, o) => n + distinct(mailsTo(o.attendee, /^Rappel/)), 0);
    figures.mails = {
      total: smtp.mails.length,
      clientAcknowledgments: all.reduce(
        (n, o) => n + mailsTo(o.attendee, /demande de rendez-vous/).length,
        0,
      ),
      professionalRequests: proRequests,
      reminders: reminderMails,
      duplicates:
        clientDuplicates + (proRequests - all.length - reminded.length) + (reminderMails - reminded.length),
      resentCopies: smtp.mails.length - distinct(smtp.mails),
    };
    figures.processes = {
      apiStarts: apiA.starts + apiB.starts,
      workerStarts: worker1.starts + worker2.starts,
    };
    expect(clientDuplicates).toBe(0);
    expect(proRequests).toBe(all.length + reminded.length);
    expect(reminderMails).toBe(reminded.length);
    const claims = await pool.query(
      `SELECT count(*)::int AS n FROM appointment_reminders WHERE appointment_id = ANY($1)`,
      [reminded.map((o) => o.body!.id_event)],
    );
    expect(claims.rows[0].n).toBe(reminded.length);
  }, 300_000);
});
