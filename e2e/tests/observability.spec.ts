import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO } from './demo-accounts';
import { parisDay } from './paris-time';

// A real scrape: Debian's Prometheus (scripts/lib.sh installs it) scrapes the stack's side metrics ports (API,
// worker, gateway: scripts/start-stack.sh, base+62..64) every second, with the alert rules of deploy/monitoring
// loaded; a client books; the series are read back through Prometheus's HTTP API, and the dashboard's queries
// are evaluated there too.

const BASE = Number(process.env.E2E_PORT_BASE ?? 3100);
const TARGETS = { 'rdv-api': BASE + 62, 'rdv-worker': BASE + 63, 'rdv-web': BASE + 64 };
const PROMETHEUS = `http://127.0.0.1:${BASE + 65}`;
const ROOT = path.resolve(__dirname, '../..');

let prometheus: ChildProcess | undefined;
let dir: string;

// The OTLP receiver the stack's processes export their traces to (scripts/start-stack.sh: OTLP JSON over HTTP to
// base+66): a loopback stand-in for a collector, keeping every span it is sent.
interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  start: number;
  end: number;
  attributes: Record<string, unknown>;
}
const spans: ReceivedSpan[] = [];
let receiver: Server;
type OtlpValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean };
type OtlpAttribute = { key: string; value: OtlpValue };
const valueOf = (value: OtlpValue) => value.stringValue ?? value.intValue ?? value.boolValue;

test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const payload = JSON.parse(body || '{}') as {
        resourceSpans?: Array<{
          resource: { attributes: OtlpAttribute[] };
          scopeSpans: Array<{ spans: Array<Record<string, unknown> & { attributes?: OtlpAttribute[] }> }>;
        }>;
      };
      for (const resource of payload.resourceSpans ?? []) {
        const service = String(
          valueOf(resource.resource.attributes.find((a) => a.key === 'service.name')?.value ?? {}) ?? '?',
        );
        for (const scope of resource.scopeSpans)
          for (const span of scope.spans)
            spans.push({
              service,
              traceId: String(span.traceId),
              spanId: String(span.spanId),
              parentSpanId: (span.parentSpanId as string) || undefined,
              name: String(span.name),
              kind: Number(span.kind),
              start: Number(span.startTimeUnixNano) / 1e6,
              end: Number(span.endTimeUnixNano) / 1e6,
              attributes: Object.fromEntries((span.attributes ?? []).map((a) => [a.key, valueOf(a.value)])),
            });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(BASE + 66, '127.0.0.1', resolve));

  dir = mkdtempSync(path.join(tmpdir(), 'rdv-prometheus-'));
  const config = [
    'global: { scrape_interval: 1s, evaluation_interval: 1s }',
    `rule_files: ['${path.join(ROOT, 'deploy/monitoring/alerts.yml')}']`,
    'scrape_configs:',
    ...Object.entries(TARGETS).map(
      ([job, port]) => `  - { job_name: ${job}, static_configs: [{ targets: ['127.0.0.1:${port}'] }] }`,
    ),
  ].join('\n');
  writeFileSync(path.join(dir, 'prometheus.yml'), config);
  prometheus = spawn(
    'prometheus',
    [
      `--config.file=${path.join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${BASE + 65}`,
    ],
    { stdio: 'ignore' },
  );
  await expect
    .poll(async () => (await fetch(`${PROMETHEUS}/-/ready`).catch(() => undefined))?.status, {
      timeout: 30_000,
    })
    .toBe(200);
});

test.afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
  prometheus?.kill('SIGTERM');
  if (prometheus && prometheus.exitCode === null)
    await new Promise((resolve) => prometheus!.once('exit', resolve));
  rmSync(dir, { recursive: true, force: true });
});

type Sample = { metric: Record<string, string>; value: [number, string] };
async function query(expr: string): Promise<Sample[]> {
  const answer = await fetch(`${PROMETHEUS}/api/v1/query?query=${encodeURIComponent(expr)}`);
  const body = (await answer.json()) as { status: string; error?: string; data: { result: Sample[] } };
  if (body.status !== 'success') throw new Error(`${expr}: ${body.error}`);
  return body.data.result;
}
const scalar = async (expr: string) => {
  const [first] = await query(expr);
  return first ? Number(first.value[1]) : undefined;
};

/** The demo client books the demo lawyer through the gateway; returns the appointment's id. */
async function clientBooks(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/v1/auth/attendee/login', {
    data: { email: DEMO.attendee.email, password: DEMO.attendee.password },
  });
  expect(login.status()).toBe(200);
  const { token, attendee } = (await login.json()) as { token: string; attendee: { _id: string } };
  const lawyerId: string = (await (await request.get('/api/v1/professionals/camille-durand')).json())._id;
  const motives = (await (await request.get(`/api/v1/users/${lawyerId}/booking-motives`)).json()) as Array<{
    id: string;
    modes: string[];
    paymentRule: string;
  }>;
  // A free motive: a paid one waits for the client's payment before the lawyer can validate.
  const motive = motives.find((m) => m.paymentRule !== 'at_booking' && m.modes.includes('in_person'))!;
  for (let days = 20; days < 60; days++) {
    const day = parisDay(new Date(Date.now() + days * 86_400_000));
    const answer = await request.get(
      `/api/v1/users/${lawyerId}/slots?motiveId=${motive.id}&from=${day}&to=${day}`,
    );
    const { slots } = (await answer.json()) as { slots: Array<{ start: string }> };
    const start = slots[Math.floor(Math.random() * slots.length)]?.start;
    if (!start) continue;
    const booked = await request.post(`/api/v1/attendees/${attendee._id}/create-event`, {
      headers: { authorization: `Bearer ${token}` },
      data: { user_id: lawyerId, motive_id: motive.id, mode: 'in_person', start },
    });
    if (booked.status() === 201) return ((await booked.json()) as { _id: string })._id;
  }
  throw new Error('no free slot for the demo lawyer');
}

test('Prometheus scrapes the stack: a booking is counted once, its mail sent, the outbox lag back to zero', async ({
  request,
}) => {
  // Every target scraped without error.
  await expect
    .poll(async () => (await query('up{job=~"rdv-.*"} == 1')).map((s) => s.metric.job).sort(), {
      timeout: 15_000,
    })
    .toEqual(['rdv-api', 'rdv-web', 'rdv-worker']);
  const before = {
    created: (await scalar('sum(rdv_bookings_total{outcome="created"})')) ?? 0,
    mails: (await scalar('sum(rdv_mails_total{outcome="sent"})')) ?? 0,
  };

  await clientBooks(request);

  // One more booking counted, and its mails (client and lawyer) handed to SMTP by the worker.
  await expect
    .poll(async () => (await scalar('sum(rdv_bookings_total{outcome="created"})')) ?? 0, { timeout: 15_000 })
    .toBe(before.created + 1);
  await expect
    .poll(async () => (await scalar('sum(rdv_mails_total{outcome="sent"})')) ?? 0, { timeout: 30_000 })
    .toBeGreaterThan(before.mails);
  await expect.poll(() => scalar('max(rdv_outbox_oldest_unsent_age_seconds)'), { timeout: 15_000 }).toBe(0);
  expect(await scalar('sum(rdv_jobs_total{queue="notifications", outcome="completed"})')).toBeGreaterThan(0);
  // The booking request itself, under its route template: no id in any label.
  const routes = await query('sum by (route, status_code) (rdv_http_request_duration_seconds_count)');
  expect(routes.map((s) => `${s.metric.route} ${s.metric.status_code}`)).toContain(
    '/api/v1/attendees/:attendee_id/create-event 201',
  );
  for (const series of await query('{__name__=~"rdv_.*"}'))
    for (const value of Object.values(series.metric))
      expect(value, `label value of ${series.metric.__name__}`).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-|@/);

  // No scrape error on any target, and the alert rules loaded and evaluated.
  const targets = (await (await fetch(`${PROMETHEUS}/api/v1/targets`)).json()) as {
    data: { activeTargets: Array<{ health: string; lastError: string; labels: { job: string } }> };
  };
  expect(targets.data.activeTargets.map((t) => [t.labels.job, t.health, t.lastError])).toEqual(
    expect.arrayContaining([
      ['rdv-api', 'up', ''],
      ['rdv-worker', 'up', ''],
      ['rdv-web', 'up', ''],
    ]),
  );
  const rules = (await (await fetch(`${PROMETHEUS}/api/v1/rules`)).json()) as {
    data: { groups: Array<{ rules: Array<{ name: string; health: string; lastError?: string }> }> };
  };
  const loaded = rules.data.groups.flatMap((g) => g.rules);
  expect(loaded.length).toBeGreaterThan(10);
  expect(loaded.filter((r) => r.health === 'err').map((r) => `${r.name}: ${r.lastError}`)).toEqual([]);
  const firing = await query('ALERTS{alertstate="firing"}');
  expect(firing.map((s) => s.metric.alertname)).not.toContain('RdvOutboxLag');

  // Every dashboard panel's query runs; the ones about this booking's path have data.
  const dashboard = JSON.parse(readFileSync(path.join(ROOT, 'deploy/monitoring/dashboard.json'), 'utf8')) as {
    panels: Array<{ title: string; targets: Array<{ expr: string }> }>;
  };
  const empty: string[] = [];
  for (const panel of dashboard.panels)
    for (const target of panel.targets) if (!(await query(target.expr)).length) empty.push(panel.title);
  for (const title of [
    'API requests per second by route',
    'Gateway requests per second by area',
    'Outbox: oldest unsent row',
    'Queue depth',
    'Database pool',
    'Event-loop lag p99',
    'Heap used',
    'Targets up',
  ])
    expect(empty, `panel "${title}" has data`).not.toContain(title);
});

test('the worker and the gateway answer their health checks; the gateway logs JSON with the request id', async ({
  request,
}) => {
  const worker = await fetch(`http://127.0.0.1:${TARGETS['rdv-worker']}/health/ready`);
  expect(worker.status).toBe(200);
  const ready = (await worker.json()) as { status: string; checks: Record<string, { status: string }> };
  expect(ready).toMatchObject({
    status: 'ok',
    checks: { queues: { status: 'up' }, relay: { status: 'up' } },
  });
  expect((await fetch(`http://127.0.0.1:${TARGETS['rdv-worker']}/health`)).status).toBe(200);
  const gateway = await request.get('/healthz');
  expect(gateway.status()).toBe(200);
  // /metrics is not served on the public port.
  expect((await request.get('/metrics')).status()).toBe(404);
  expect((await request.get('/api/v1/metrics')).status()).toBe(404);

  const id = `e2e-observability-${Date.now()}`;
  const answer = await request.get('/api/v1/health', { headers: { 'x-request-id': id } });
  expect(answer.headers()['x-request-id']).toBe(id);
  const log = path.join(ROOT, 'var/logs/e2e/web.log');
  await expect
    .poll(() =>
      readFileSync(log, 'utf8')
        .split('\n')
        .filter((line) => line.includes(id))
        .map(
          (line) => JSON.parse(line) as { reqId: string; req: { path: string }; res: { statusCode: number } },
        )
        .map((entry) => `${entry.reqId} ${entry.req.path} ${entry.res.statusCode}`),
    )
    .toEqual([`${id} /api/v1/health 200`]);
});

test('one booking is one trace: gateway, API, PostgreSQL, the outbox row, the worker job, the SMTP send', async ({
  request,
}) => {
  // This test's booking, not the one an earlier test of this file made (its trace is in `spans` too).
  const bookedFrom = Date.now();
  await clientBooks(request);
  let trace: ReceivedSpan[] = [];
  await expect
    .poll(
      () => {
        const booking = spans.find(
          (span) =>
            span.service === 'rdv-web' &&
            span.start >= bookedFrom &&
            Object.values(span.attributes).some((value) => String(value).includes('/create-event')),
        );
        trace = booking ? spans.filter((span) => span.traceId === booking.traceId) : [];
        // Each process exports its spans in its own batches, and a span when it ends: the SMTP send arrives before
        // the worker's job span around it, the worker's spans before the API's. Wait for the whole tree.
        const ids = new Set(trace.map((span) => span.spanId));
        return (
          trace.some((span) => span.name === 'smtp send') &&
          trace.some((span) => span.service === 'rdv-worker' && span.name.startsWith('notifications ')) &&
          ['rdv-api', 'rdv-web', 'rdv-worker'].every((service) =>
            trace.some((span) => span.service === service),
          ) &&
          trace.every((span) => !span.parentSpanId || ids.has(span.parentSpanId))
        );
      },
      { timeout: 30_000 },
    )
    .toBe(true);

  // The trace as a tree, kept for the record (var/traces/booking-trace.txt).
  const t0 = Math.min(...trace.map((span) => span.start));
  const lines: string[] = [];
  const walk = (parent: string | undefined, depth: number) => {
    for (const span of trace
      .filter((candidate) => candidate.parentSpanId === parent || (!parent && !candidate.parentSpanId))
      .sort((a, b) => a.start - b.start)) {
      const detail =
        span.attributes['db.query.text'] ??
        span.attributes['db.statement'] ??
        span.attributes['url.path'] ??
        span.attributes['http.target'] ??
        '';
      lines.push(
        `${'  '.repeat(depth)}${span.service} ${span.name} +${(span.start - t0).toFixed(1)} ms ${(span.end - span.start).toFixed(1)} ms ${String(detail).slice(0, 70)}`,
      );
      walk(span.spanId, depth + 1);
    }
  };
  walk(undefined, 0);
  mkdirSync(path.join(ROOT, 'var/traces'), { recursive: true });
  writeFileSync(
    path.join(ROOT, 'var/traces/booking-trace.txt'),
    `trace ${trace[0].traceId}\n${lines.join('\n')}\n`,
  );

  const services = new Set(trace.map((span) => span.service));
  expect([...services].sort()).toEqual(['rdv-api', 'rdv-web', 'rdv-worker']);
  expect(
    trace.some(
      (span) =>
        span.service === 'rdv-api' &&
        (span.attributes['db.system.name'] ?? span.attributes['db.system']) === 'postgresql',
    ),
  ).toBe(true);
  expect(trace.some((span) => span.service === 'rdv-worker' && span.name.startsWith('notifications '))).toBe(
    true,
  );
  // Every span but the root has its parent in the trace: nothing was cut on the way.
  const ids = new Set(trace.map((span) => span.spanId));
  expect(
    trace.filter((span) => span.parentSpanId && !ids.has(span.parentSpanId)).map((span) => span.name),
  ).toEqual([]);
  // No personal data in the spans: no e-mail address in any attribute.
  for (const span of trace) expect(JSON.stringify(span.attributes)).not.toMatch(/@[a-z0-9-]+\.[a-z]/i);
});
