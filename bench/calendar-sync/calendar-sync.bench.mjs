// Benchmark of calendar synchronisation, on the running demo (`npm run demo`: API + worker on
// http://localhost:3000, the demo lawyer connected to the demo Radicale on http://127.0.0.1:5232).
//
// 1. Change to slot gone: N times, an event is PUT into the demo lawyer's CalDAV calendar over a free slot (as any
//    CalDAV client would), then the public slots API is polled every 250 ms until that slot is no longer offered.
//    The figure is what a visitor sees: from the lawyer's change to the slot leaving the booking engine (periodic
//    sync every minute + sync + cache write). The events are deleted afterwards.
// 2. Booking latency with the live busy check: the demo client books --bookings free slots (each cancelled at once)
//    of the demo lawyer (CalDAV, polled: asked live at each booking), of a professional whose calendar pushes
//    (Google / Microsoft fake with a proven channel: the cache is trusted) when the demo has one, and of a
//    professional with no calendar (the baseline); p50 / p95 of each.
// 3. Slot query with 2,000 cached busy ranges: the slots API for one week of the demo lawyer, 200 sequential
//    requests, with the lawyer's cache as synced (a handful of ranges) and with 2,000 more ranges inserted into
//    `external_busy_times` over the next 60 days (removed afterwards). The slot query is one SQL statement
//    (`AvailabilityRepository.slotContexts`, joined with the busy ranges through their GiST index) whatever the
//    count; the figures show what the ranges cost it.
//
// Run with the demo up:  node bench/calendar-sync/calendar-sync.bench.mjs [--write] [--rounds=N] [--bookings=N]
// (`--write` replaces bench/reports/calendar-sync.md.)
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile, round } from '../lib/stats.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const require = createRequire(join(root, 'backend/package.json'));
const { Client } = require('pg');

const BASE = process.env.BENCH_BASE_URL ?? 'http://localhost:3000';
const CALDAV = process.env.BENCH_CALDAV_URL ?? 'http://127.0.0.1:5232';
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/rdv';
const ROUNDS = Number(process.argv.find((a) => a.startsWith('--rounds='))?.split('=')[1] ?? 5);
const BOOKINGS = Number(process.argv.find((a) => a.startsWith('--bookings='))?.split('=')[1] ?? 20);
const COLLECTION = `${CALDAV}/avocat.demo/cabinet/`;
const caldavAuth = `Basic ${Buffer.from('avocat.demo:DemoCaldav2026!').toString('base64')}`;
const step = (label) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${label}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function json(path, init) {
  const response = await fetch(`${BASE}/api/v1${path}`, init);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
}

const day = (offsetDays) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );

/**
 * A push calendar for the booking figures: another demo professional connects the demo's simulated Google (its
 * consent page played over HTTP, as a browser would), and an event put into it makes Google's fake notify us, which
 * proves the channel. The professional is borrowed: the demo lawyer's password hash for the time of the run, the
 * connection removed and the hash given back afterwards. Null when the demo runs no Google fake.
 */
async function connectSimulatedGoogle(db) {
  const borrowed = (
    await db.query(
      `SELECT u.id, u.email, u.password_hash FROM users u WHERE u.is_public AND u.accepts_online_booking
         AND u.username <> 'avocat.demo'
         AND NOT EXISTS (SELECT 1 FROM calendar_connections c WHERE c.user_id = u.id)
         AND EXISTS (SELECT 1 FROM motives m WHERE m.user_id = u.id)
       ORDER BY u.created_at DESC LIMIT 1`,
    )
  ).rows[0];
  if (!borrowed) return null;
  await db.query(
    `UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE username = 'avocat.demo') WHERE id = $1`,
    [borrowed.id],
  );
  const undo = async (connectionId, token) => {
    if (connectionId)
      await fetch(`${BASE}/api/v1/users/${borrowed.id}/calendar-connections/${connectionId}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
      });
    await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [
      borrowed.id,
      borrowed.password_hash,
    ]);
  };
  try {
    const session = await json('/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: borrowed.email, password: 'DemoAvocat2026!' }),
    });
    const auth = { authorization: `Bearer ${session.token}` };
    const started = await fetch(`${BASE}/api/v1/users/${borrowed.id}/calendar-connections/oauth/google`, {
      method: 'POST',
      headers: auth,
    });
    if (started.status !== 201) {
      await undo();
      return null;
    }
    const { authorizationUrl } = await started.json();
    // The consent page's form: its hidden fields, posted back as the "Autoriser" button does.
    const page = await (await fetch(authorizationUrl)).text();
    const form = new URLSearchParams(
      [...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map(([, name, value]) => [
        name,
        value.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code))),
      ]),
    );
    const consent = await fetch(new URL('/auth', authorizationUrl), {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    const callback = new URL(consent.headers.get('location'));
    await fetch(`${BASE}${callback.pathname}${callback.search}`, { redirect: 'manual' });
    const connections = await json(`/users/${borrowed.id}/calendar-connections`, { headers: auth });
    const connection = connections.find((c) => c.provider === 'google');
    if (!connection) {
      await undo();
      return null;
    }
    // An event far ahead: Google's fake notifies the channel the first sync opened, which proves it.
    await sleep(3_000);
    const googleUrl = new URL(authorizationUrl).origin;
    const far = new Date(Date.now() + 300 * 86_400_000).toISOString();
    await fetch(`${googleUrl}/_fake/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        id: `bench-${Date.now()}`,
        summary: 'Bench',
        start: { dateTime: far },
        end: { dateTime: far },
      }),
    });
    await sleep(3_000);
    step(`push calendar: ${borrowed.email} connected to the simulated Google`);
    return { userId: borrowed.id, undo: () => undo(connection.id, session.token) };
  } catch (error) {
    await undo();
    step(`push calendar not measured: ${error.message}`);
    return null;
  }
}

async function main() {
  const login = await json('/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'avocat.demo', password: 'DemoAvocat2026!' }),
  });
  const userId = login.user._id;
  const [motive] = await json(`/users/${userId}/booking-motives`);
  const slotsOf = async (from, to) =>
    (await json(`/users/${userId}/slots?motiveId=${motive.id}&from=${from}&to=${to}`)).slots;

  // ---- 1. change to slot gone -------------------------------------------------------------------------------
  // Slots of one day that do not overlap (an event over one must not also take the next round's).
  const apart = (slots) =>
    slots.reduce((kept, slot) => {
      const last = kept[kept.length - 1];
      if (!last || new Date(slot.start) >= new Date(new Date(last.end).getTime() + 30 * 60_000))
        kept.push(slot);
      return kept;
    }, []);
  let free = [];
  for (let i = 2; i < 30 && free.length < ROUNDS; i++)
    free = free.concat(apart(await slotsOf(day(i), day(i))));
  if (free.length < ROUNDS) throw new Error('not enough free slots in the next 4 weeks');
  const stamp = (d) => d.toISOString().replace(/[-:]/g, '').slice(0, 15) + 'Z';
  const delays = [];
  for (let round_ = 0; round_ < ROUNDS; round_++) {
    const slot = free[round_];
    const start = new Date(slot.start);
    // A lawyer's change comes at any moment of the sync minute: without this pause every round would start right
    // after the previous round's sync, that is, always a whole minute before the next one.
    await sleep(Math.random() * 60_000);
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//bench//FR',
      'BEGIN:VEVENT',
      `UID:bench-${round_}-${Date.now()}@rdv-avocat.localhost`,
      `DTSTAMP:${stamp(new Date())}`,
      `DTSTART:${stamp(start)}`,
      `DTEND:${stamp(new Date(slot.end))}`,
      'SUMMARY:Bench',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    const t0 = performance.now();
    const put = await fetch(`${COLLECTION}bench-${round_}.ics`, {
      method: 'PUT',
      headers: { authorization: caldavAuth, 'content-type': 'text/calendar; charset=utf-8' },
      body: ics,
    });
    if (put.status >= 300) throw new Error(`PUT: ${put.status}`);
    const theDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(start);
    for (;;) {
      const offered = (await slotsOf(theDay, theDay)).some((s) => s.start === slot.start);
      if (!offered) break;
      if (performance.now() - t0 > 180_000) throw new Error('slot still offered after 3 minutes');
      await sleep(250);
    }
    const seconds = (performance.now() - t0) / 1000;
    delays.push(seconds);
    step(`round ${round_ + 1}: slot gone after ${round(seconds)} s`);
  }
  for (let i = 0; i < ROUNDS; i++)
    await fetch(`${COLLECTION}bench-${i}.ics`, { method: 'DELETE', headers: { authorization: caldavAuth } });

  // ---- 2. booking latency with the live busy check --------------------------------------------------------------
  // The demo client books N free slots of the demo lawyer, whose CalDAV calendar is polled (so every booking asks
  // Radicale live for its range), then of a professional with no connected calendar (no live call: the baseline),
  // then, when the demo has one, of a professional whose calendar pushes (Google fake, channel proven: the cache is
  // trusted). Each booking is cancelled and deleted right away, so the slot stays free and the agenda as it was.
  const db = new Client({ connectionString: DATABASE_URL });
  await db.connect();
  const client = await json('/auth/attendee/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'client@demo.rdv-avocat.fr', password: 'DemoClient2026!' }),
  });
  const bookingLatencies = async (professionalId) => {
    const [proMotive] = await json(`/users/${professionalId}/booking-motives`);
    let offered = [];
    for (let i = 14; i < 60 && offered.length < BOOKINGS; i++)
      offered = offered.concat(
        (await json(`/users/${professionalId}/slots?motiveId=${proMotive.id}&from=${day(i)}&to=${day(i)}`))
          .slots,
      );
    const times = [];
    for (const slot of offered.slice(0, BOOKINGS)) {
      const t = performance.now();
      const response = await fetch(`${BASE}/api/v1/attendees/${client.attendee._id}/create-event`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${client.token}`,
          'idempotency-key': `bench-${randomUUID()}`,
        },
        body: JSON.stringify({
          user_id: professionalId,
          motive_id: proMotive.id,
          mode: proMotive.modes[0],
          start: slot.start,
        }),
      });
      const elapsed = performance.now() - t;
      const body = await response.json();
      if (response.status !== 201)
        throw new Error(`booking ${slot.start}: ${response.status} ${JSON.stringify(body)}`);
      times.push(elapsed);
      await fetch(`${BASE}/api/v1/appointments/${body.refAppointment}/cancel`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${client.token}` },
        body: JSON.stringify({ reason: 'bench' }),
      });
      // Cancelled, then gone: the demo client's list stays the shop window it was.
      await db.query('DELETE FROM appointments WHERE ref_appointment = $1', [body.refAppointment]);
    }
    return { n: times.length, p50: percentile(times, 50), p95: percentile(times, 95) };
  };
  const withoutCalendar = (
    await db.query(
      `SELECT u.id FROM users u WHERE u.is_public AND u.accepts_online_booking
         AND NOT EXISTS (SELECT 1 FROM calendar_connections c WHERE c.user_id = u.id)
         AND EXISTS (SELECT 1 FROM motives m WHERE m.user_id = u.id)
       ORDER BY u.created_at LIMIT 1`,
    )
  ).rows[0]?.id;
  const latency = { caldav: await bookingLatencies(userId) };
  step(`booking with the CalDAV live check: p50 ${round(latency.caldav.p50)} ms`);
  if (withoutCalendar) {
    latency.none = await bookingLatencies(withoutCalendar);
    step(`booking, no calendar: p50 ${round(latency.none.p50)} ms`);
  }
  const pushed = await connectSimulatedGoogle(db);
  if (pushed) {
    try {
      latency.push = await bookingLatencies(pushed.userId);
      step(`booking with a proven Google channel: p50 ${round(latency.push.p50)} ms`);
    } finally {
      await pushed.undo();
    }
  }

  // ---- 3. slot query with 2,000 cached busy ranges ----------------------------------------------------------
  const measure = async (label) => {
    const times = [];
    for (let i = 0; i < 200; i++) {
      const t = performance.now();
      await slotsOf(day(1), day(7));
      times.push(performance.now() - t);
    }
    const busy = await db.query('SELECT count(*)::int AS n FROM external_busy_times WHERE user_id = $1', [
      userId,
    ]);
    step(`${label}: ${busy.rows[0].n} cached ranges, p50 ${round(percentile(times, 50))} ms`);
    return {
      ranges: busy.rows[0].n,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      p99: percentile(times, 99),
    };
  };
  const before = await measure('as synced');
  await db.query(
    `INSERT INTO external_busy_times (user_id, source, starts_at, ends_at, event_key)
     SELECT $1, 'bench', now() + (g * interval '43 minutes'), now() + (g * interval '43 minutes') + interval '20 minutes', 'bench-' || g
     FROM generate_series(1, 2000) g`,
    [userId],
  );
  let after;
  try {
    after = await measure('with 2,000 more');
  } finally {
    await db.query(`DELETE FROM external_busy_times WHERE user_id = $1 AND source = 'bench'`, [userId]);
    await db.end();
  }

  const fmt = (v) => round(v, 1);
  const report = `# Calendar synchronisation benchmark

Date: ${new Date().toISOString()} · machine: ${cpus().length} cores, load average ${loadavg()
    .map((v) => v.toFixed(2))
    .join(' / ')} · method: \`node bench/calendar-sync/calendar-sync.bench.mjs --write\` on the running demo
(API + worker + the demo Radicale, \`npm run demo\`), client on the same machine.

## From a change in the lawyer's calendar to the slot leaving the booking engine
${ROUNDS} events PUT into the demo lawyer's CalDAV calendar (Radicale) over free slots, the public slots API polled
every 250 ms. The worker syncs busy calendars every minute (CalDAV has no push), so the figure is spread over
0-60 s plus the sync itself (each round waits a random 0-60 s before its change, as real changes do).

| rounds | min | p50 | max |
|---|---|---|---|
| ${ROUNDS} | ${fmt(Math.min(...delays))} s | ${fmt(percentile(delays, 50))} s | ${fmt(Math.max(...delays))} s |

Each round: ${delays.map((d) => `${fmt(d)} s`).join(', ')}. A calendar that changed lately is polled every 15 s
for 10 minutes, then back to the minute. A visitor booking that very slot before the sync is refused all the same:
every booking asks a polled calendar live for its range (below).

## Booking latency with the live busy check
\`POST /api/v1/attendees/{id}/create-event\` by the demo client, ${BOOKINGS} free slots in turn (each cancelled and
deleted at once), sequential, through the gateway. CalDAV is polled, so each booking asks Radicale for the booked range
(3 s at most) before taking the agenda lock; a calendar whose push channel is proven is trusted as cached. Each row
is another professional (agendas, motives and appointments differ), so rows compare loosely; the load is above.

| professional's calendar | bookings | p50 | p95 |
|---|---|---|---|
| CalDAV (Radicale), asked live | ${latency.caldav.n} | ${fmt(latency.caldav.p50)} ms | ${fmt(latency.caldav.p95)} ms |
${latency.push ? `| push (Google or Microsoft, channel proven), cache trusted | ${latency.push.n} | ${fmt(latency.push.p50)} ms | ${fmt(latency.push.p95)} ms |\n` : '| push provider | not measured: no push-connected professional in this database | | |\n'}${latency.none ? `| none connected (baseline) | ${latency.none.n} | ${fmt(latency.none.p50)} ms | ${fmt(latency.none.p95)} ms |\n` : ''}
## Slot query with 2,000 cached busy ranges
\`GET /api/v1/users/{id}/slots\` over 7 days for the demo lawyer, 200 sequential requests through the gateway. The
slot query is one SQL statement whatever the number of ranges (\`AvailabilityRepository.slotContexts\`: busy ranges
read through their GiST index in the same statement as the agenda).

| cached ranges of the lawyer | p50 | p95 | p99 |
|---|---|---|---|
| ${before.ranges} (as synced) | ${fmt(before.p50)} ms | ${fmt(before.p95)} ms | ${fmt(before.p99)} ms |
| ${after.ranges} | ${fmt(after.p50)} ms | ${fmt(after.p95)} ms | ${fmt(after.p99)} ms |
`;
  console.log(report);
  if (process.argv.includes('--write')) writeFileSync(join(root, 'bench/reports/calendar-sync.md'), report);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
