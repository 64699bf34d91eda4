// The whole market on one machine: a deterministic data set the size of the French legal market (80,000
// professionals by default, or 5,000 / 20,000 for the growth curve), in a database of its own.
//
// What it makes, for P professionals (the other counts scale with P from the 80,000 figures):
//  - the reference seed (departments, every commune with its population and coordinates, specialities, site
//    configuration, guide articles) as `npm run seed` loads it, on freshly applied migrations;
//  - P professionals over the real communes, each placed with a probability proportional to the commune's
//    population, grouped per commune into offices of 1 to 30 (most of them small), 1-3 specialities each,
//    85 % taking online booking with a calendar, 3 motives and weekly hours (a quarter open on Saturday mornings);
//  - 3.75 P clients (300,000), 25 P appointments (2,000,000) over three years (30 months past, 6 months to
//    come: past ones confirmed, cancelled or refused, coming ones confirmed or pending), each with its booking
//    details, booked 1-45 days before it starts (coming ones beyond that: over the last four months), so a day
//    of the market has a few thousand new bookings; a client's share of the appointments is skewed (a few
//    clients have many);
//  - 2.5 P cached external busy ranges (200,000) over the next 8 weeks of the professionals with a connected
//    calendar, P / 4 active earlier-slot alerts (20,000), 6.25 P phone reveals (500,000) over the past year,
//    2 P console audit entries, and one console administrator.
//
// Deterministic: the professionals' placement, names and offices come from a seeded PRNG (mulberry32) in this
// process; the bulk rows are made in PostgreSQL from generate_series and hashint8() of their ordinal, never
// random(). Only the generated UUIDs and the dates (relative to today) differ between runs.
// Rows go in as multi-row INSERT ... SELECT FROM json_to_recordset (professionals, offices) or INSERT ... SELECT
// (everything else); then VACUUM ANALYZE.
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { admin } from './directory-seed.mjs';
import { benchDatabaseUrl } from './database.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const backend = join(root, 'backend');
const require = createRequire(join(backend, 'package.json'));

/** The market at 80,000 professionals, as the issue of the whole bar sets it; smaller sizes scale every count. */
const FULL = {
  professionals: 80_000,
  clients: 300_000,
  appointments: 2_000_000,
  busyRanges: 200_000,
  alerts: 20_000,
  phoneReveals: 500_000,
  auditEntries: 160_000,
};

/** Row counts for `professionals` (the other tables in proportion to the full market). */
export function marketPlan(professionals) {
  const scale = professionals / FULL.professionals;
  return Object.fromEntries(
    Object.entries(FULL).map(([key, n]) => [
      key,
      key === 'professionals' ? professionals : Math.max(1, Math.round(n * scale)),
    ]),
  );
}

export const marketDatabaseName = (professionals) => `rdv_bench_scale_${professionals}`;
const MARKET_ADMIN_EMAIL = 'console@bench.rdv-avocat.fr';
const DOMAIN = 'bench.rdv-avocat.fr';

/** mulberry32, as backend/src/database/seed/random.ts. */
function prng(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

async function inChunks(db, rows, size, statement) {
  for (let i = 0; i < rows.length; i += size)
    await db.query(statement, [JSON.stringify(rows.slice(i, i + size))]);
}

/** Applies the migrations the data set does not have yet (a data set made before a new index gets it). */
export async function migrateMarket(databaseUrl) {
  require(join(backend, 'test/support/swc-register.js'));
  const { runMigrations } = require(join(backend, 'src/database/migrate.ts'));
  await runMigrations(databaseUrl);
}

/**
 * Drops and recreates `databaseName`, applies the migrations, the reference seed and the market of
 * `professionals`; resolves with the row counts and what the scenarios need (biggest city, a speciality,
 * the busiest client, a bookable professional).
 */
export async function seedMarket({
  professionals,
  databaseName = marketDatabaseName(professionals),
  step = console.log,
}) {
  // The backend's TypeScript sources (migrations, reference seed, names) run through its swc hook.
  require(join(backend, 'test/support/swc-register.js'));
  const { Client } = require('pg');
  const plan = marketPlan(professionals);
  const databaseUrl = benchDatabaseUrl(databaseName);
  const t0 = performance.now();
  const lap = (label) => step(`${label} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  await admin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${databaseName}`);
  const { runMigrations } = require(join(backend, 'src/database/migrate.ts'));
  await runMigrations(databaseUrl);
  const { createDb, createPool } = require(join(backend, 'src/database/database.module.ts'));
  const { seed } = require(join(backend, 'src/database/seed/index.ts'));
  const pool = createPool(databaseUrl, 2);
  try {
    await seed(createDb(pool), { sector: 'lawyer', demo: false });
  } finally {
    await pool.end();
  }
  lap(`${databaseName}: migrations and reference seed`);

  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    // Bulk load: this session's commits need not wait for the WAL flush.
    await db.query('SET synchronous_commit = off');
    await professionalsAndOffices(db, plan, lap);
    await agendas(db, lap);
    await clientsAndAppointments(db, plan, lap);
    await calendarsAlertsCalls(db, plan, lap);
    // As autovacuum leaves a table that stopped changing: statistics and the visibility map (index-only scans).
    await db.query('VACUUM ANALYZE');
    lap('VACUUM ANALYZE');
    return { databaseUrl, databaseName, plan, counts: await countRows(db), ...(await landmarks(db)) };
  } finally {
    await db.end();
  }
}

async function professionalsAndOffices(db, plan, lap) {
  const { FEMALE_FIRST_NAMES, LAST_NAMES, MALE_FIRST_NAMES, STREETS } = require(
    join(backend, 'src/database/seed/french-names.ts'),
  );
  const { UNUSABLE_PASSWORD_HASH } = require(join(backend, 'src/modules/identity/password-hasher.ts'));
  const random = prng(80_000_2026);
  const pick = (items) => items[Math.floor(random() * items.length)];
  const { rows: cities } = await db.query(
    `SELECT id, name, postal_codes[1] AS postal_code, population FROM cities WHERE population > 0 ORDER BY insee_code`,
  );
  const cumulative = [];
  let total = 0;
  for (const city of cities) cumulative.push((total += city.population));
  const pickCity = () => {
    const target = random() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const perCity = new Map();
  for (let n = 1; n <= plan.professionals; n++) {
    const city = pickCity();
    perCity.set(city, [...(perCity.get(city) ?? []), n]);
  }
  // Offices per commune: sizes 1-30, most of them small (1 + 29 r^3: half have 1-4 professionals).
  const teams = [];
  const users = [];
  for (const [index, members] of [...perCity.entries()].sort((a, b) => a[0] - b[0])) {
    const city = cities[index];
    for (let i = 0; i < members.length;) {
      const size = Math.min(members.length - i, 1 + Math.floor(29 * random() ** 3));
      const team = teams.length + 1;
      const last = pick(LAST_NAMES);
      teams.push({
        ext_id: `S${String(team).padStart(6, '0')}`,
        team_uri: `scale-cabinet-${team}`,
        name: `Cabinet ${last} ${team}`,
        street: `${1 + Math.floor(random() * 120)} ${pick(STREETS)}`,
        postal_code: city.postal_code,
        city_id: city.id,
      });
      for (const n of members.slice(i, i + size)) {
        const female = random() < 0.55;
        users.push({
          n,
          civility: female ? 'Mme' : 'M.',
          first_name: pick(female ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES),
          last_name: pick(LAST_NAMES),
          city_id: city.id,
          team: teams.at(-1).ext_id,
          title: `Avocat${female ? 'e' : ''} à ${city.name}`,
          online: random() >= 0.15,
          visio: random() < 0.6,
          phone: random() < 0.5,
        });
      }
      i += size;
    }
  }
  await inChunks(
    db,
    teams,
    20_000,
    `INSERT INTO teams (ext_id, team_uri, name, street, postal_code, city_id)
     SELECT ext_id, team_uri, name, street, postal_code, city_id
     FROM json_to_recordset($1::json) AS x(ext_id text, team_uri text, name text, street text, postal_code text, city_id int)`,
  );
  await inChunks(
    db,
    users,
    20_000,
    `INSERT INTO users (username, email, civility, first_name, last_name, user_uri, telephone, city_id, team_id,
       presentation_title, presentation, accepts_online_booking, visio_enabled, phone_enabled, password_hash)
     SELECT 'scale.' || x.n, 'scale.' || x.n || '@${DOMAIN}', x.civility, x.first_name, x.last_name, 'scale-' || x.n,
       '+3319' || lpad((x.n % 10000000)::text, 7, '0'), x.city_id, t.id, x.title,
       x.first_name || ' ' || x.last_name || ' vous reçoit à son cabinet.', x.online, x.visio, x.phone,
       '${UNUSABLE_PASSWORD_HASH}'
     FROM json_to_recordset($1::json) AS x(n int, civility text, first_name text, last_name text, city_id int,
       team text, title text, online boolean, visio boolean, phone boolean)
     JOIN teams t ON t.ext_id = x.team`,
  );
  await db.query(
    `UPDATE users u SET latitude = c.latitude, longitude = c.longitude FROM cities c WHERE c.id = u.city_id`,
  );
  // 1-3 specialities each, spread over the 26 (hashint8 of the ordinal: the same on every run).
  await db.query(`
    INSERT INTO user_specialities (user_id, speciality_id)
    SELECT DISTINCT u.id, s.id
    FROM users u CROSS JOIN generate_series(1, 3) k
    JOIN (SELECT id, row_number() OVER (ORDER BY position, id) - 1 AS ord FROM specialities) s
      ON s.ord = abs(hashint8(split_part(u.username, '.', 2)::bigint * 7 + k)) % 26
    WHERE k <= 1 + abs(hashint8(split_part(u.username, '.', 2)::bigint)) % 3`);
  lap(`${users.length} professionals in ${teams.length} offices over ${perCity.size} communes`);
}

async function agendas(db, lap) {
  await db.query(
    `INSERT INTO calendars (user_id, name, is_default) SELECT id, 'Cabinet', true FROM users WHERE accepts_online_booking`,
  );
  await db.query(`
    INSERT INTO motives (user_id, title, duration_minutes, notice_minutes, not_after_months, position, visio_allowed, phone_allowed)
    SELECT c.user_id, m.title, m.duration, m.notice, 3, m.position, m.visio, m.phone
    FROM calendars c CROSS JOIN (VALUES ('Première consultation', 60, 1440, 0, false, false),
      ('Suivi de dossier', 30, 120, 1, true, true), ('Consultation en visio', 45, 60, 2, true, false))
      AS m(title, duration, notice, position, visio, phone)`);
  // Mon-Fri 09:00-12:30 and 14:00-19:00; a quarter of the agendas also open on Saturday 09:00-12:00.
  await db.query(`
    INSERT INTO weekly_availabilities (calendar_id, weekday, start_time, end_time)
    SELECT c.id, r.weekday, r.s, r.e FROM calendars c
    JOIN users u ON u.id = c.user_id
    CROSS JOIN (SELECT w AS weekday, '09:00'::time AS s, '12:30'::time AS e, false AS saturday FROM generate_series(1, 5) w
                UNION ALL SELECT w, '14:00'::time, '19:00'::time, false FROM generate_series(1, 5) w
                UNION ALL SELECT 6, '09:00'::time, '12:00'::time, true) r
    WHERE NOT r.saturday OR abs(hashint8(split_part(u.username, '.', 2)::bigint + 11)) % 4 = 0`);
  lap('calendars, motives and weekly hours');
}

async function clientsAndAppointments(db, plan, lap) {
  const { UNUSABLE_PASSWORD_HASH } = require(join(backend, 'src/modules/identity/password-hasher.ts'));
  const { FEMALE_FIRST_NAMES, LAST_NAMES } = require(join(backend, 'src/database/seed/french-names.ts'));
  await db.query(
    `INSERT INTO attendees (email, first_name, last_name, phone, phone_country_code, password_hash, created_at)
     SELECT 'client.' || g || '@${DOMAIN}', ($2::text[])[1 + abs(hashint8(g)) % cardinality($2::text[])],
       ($3::text[])[1 + abs(hashint8(g + 1)) % cardinality($3::text[])], '06' || lpad((g % 100000000)::text, 8, '0'), '+33',
       '${UNUSABLE_PASSWORD_HASH}', now() - (g % 1000) * interval '1 day'
     FROM generate_series(1, $1::int) g`,
    [plan.clients, FEMALE_FIRST_NAMES, LAST_NAMES],
  );
  lap(`${plan.clients} clients`);
  // Ordinals of the clients and agendas, to pick them by arithmetic.
  await db.query(`CREATE TEMP TABLE client_ord AS
    SELECT id, split_part(split_part(email, '@', 1), '.', 2)::int AS ord FROM attendees WHERE email LIKE 'client.%'`);
  await db.query('CREATE UNIQUE INDEX ON client_ord (ord)');
  await db.query(`CREATE TEMP TABLE agenda_ord AS
    SELECT c.id AS calendar_id, c.user_id, (row_number() OVER (ORDER BY c.user_id))::int AS ord,
      (SELECT array_agg(m.id ORDER BY m.position) FROM motives m WHERE m.user_id = c.user_id) AS motives
    FROM calendars c`);
  await db.query('CREATE UNIQUE INDEX ON agenda_ord (ord)');
  const { rows } = await db.query('SELECT count(*)::int AS n FROM agenda_ord');
  const agendaCount = rows[0].n;
  // k-th appointment of an agenda falls in the k-th of `perAgenda` equal windows of the three years (30 months
  // past, 6 to come), on a weekday at 09:00-17:00 (a weekend day moves to Monday, still inside the window): windows never share a day, so no two overlap (exclusion constraint).
  const perAgenda = Math.ceil(plan.appointments / agendaCount);
  const spanDays = 3 * 365;
  const stride = spanDays / perAgenda;
  const restore = await withoutSecondaryIndexes(db, 'appointments');
  await db.query(
    `INSERT INTO appointments (ref_appointment, user_id, calendar_id, motive_id, attendee_id, mode, status, starts_at, ends_at, created_at, updated_at, review_invited_at)
     SELECT 'S' || s.id, s.user_id, s.calendar_id, s.motive_id, c.id, s.mode, s.status, s.starts_at,
       s.starts_at + s.minutes * interval '1 minute', s.created_at,
       -- last changed when validated, cancelled or refused (as appointment_details below), not when generated
       least(now(), CASE s.status WHEN 'confirmed' THEN s.created_at + interval '2 hours'
         WHEN 'cancelled' THEN s.created_at + (least(now(), s.starts_at) - s.created_at) / 2
         WHEN 'refused' THEN s.created_at + interval '1 day' ELSE s.created_at END),
       CASE WHEN s.status = 'confirmed' AND s.starts_at < now() - interval '3 days' THEN s.starts_at + interval '1 day' END
     FROM (SELECT *,
       -- Booked 1-45 days ahead (u^2: most of them within two weeks), at any time of the day before. A coming
       -- appointment whose booking day would still be ahead was booked in the last four months instead: a day
       -- of the market then has a few thousand new bookings, as a real one, not the whole future "created today".
       CASE WHEN starts_at - lead <= now() - interval '3 hours' THEN starts_at - lead
            ELSE now() - interval '3 hours' - (h2 / 10000000 % 120) * interval '1 day' - (h2 / 10000 % 840) * interval '1 minute' END AS created_at
       FROM (SELECT *, (1 + floor(44 * power((h2 % 10000) / 10000.0, 2))) * interval '1 day' + (h2 / 10000 % 600) * interval '1 minute' AS lead FROM (
       SELECT a.ord::bigint * 1000 + k AS id, a.user_id, a.calendar_id, a.motives[1 + h % 3] AS motive_id,
         abs(hashint8(a.ord::bigint * 1000 + k + 13)) AS h2,
         CASE WHEN h % 10 = 0 THEN 'visio' WHEN h % 10 = 1 THEN 'phone' ELSE 'in_person' END AS mode,
         (ARRAY[60, 30, 45])[1 + h % 3] AS minutes,
         start AS starts_at,
         CASE WHEN start < now() THEN (CASE WHEN h % 100 < 80 THEN 'confirmed' WHEN h % 100 < 92 THEN 'cancelled' ELSE 'refused' END)
              ELSE (CASE WHEN h % 100 < 75 THEN 'confirmed' WHEN h % 100 < 95 THEN 'pending' ELSE 'cancelled' END) END AS status,
         -- skewed: client ord = clients * u^1.3 (u uniform), the first clients book more
         1 + floor($4::int * power((abs(hashint8(a.ord::bigint * 1000 + k + 7)) % 1000000) / 1000000.0, 1.3))::int AS client
       FROM agenda_ord a CROSS JOIN generate_series(0, $1::int - 1) k
       CROSS JOIN LATERAL (SELECT abs(hashint8(a.ord::bigint * 1000 + k)) AS h) hh
       CROSS JOIN LATERAL (
         SELECT date_trunc('day', now() - interval '30 months') + floor(k * $2::float8 + (h % greatest(1, floor($2::float8)::int - 3))) * interval '1 day'
           + (9 + h % 8) * interval '1 hour' AS day_start) d
       CROSS JOIN LATERAL (SELECT d.day_start + CASE extract(isodow FROM d.day_start) WHEN 6 THEN interval '2 days' WHEN 7 THEN interval '1 day' ELSE interval '0' END AS start) st
       WHERE a.ord <= $3::int OR k < $1::int - 1
     ) s0) s1) s JOIN client_ord c ON c.ord = s.client`,
    // The last window is used by only as many agendas as the total asks for.
    [perAgenda, stride, plan.appointments - (perAgenda - 1) * agendaCount, plan.clients],
  );
  await db.query(`
    INSERT INTO appointment_details (appointment_id, created_by, validated_at, cancelled_by, cancelled_at, refusal_reason)
    SELECT id, 'attendee', CASE WHEN status = 'confirmed' THEN created_at + interval '2 hours' END,
      CASE WHEN status = 'cancelled' THEN 'attendee' END, CASE WHEN status = 'cancelled' THEN updated_at END,
      CASE WHEN status = 'refused' THEN 'Indisponible' END
    FROM appointments`);
  await restore();
  lap(`${plan.appointments} appointments with their booking details`);
}

/**
 * Drops the secondary indexes and the exclusion constraint of `table` and turns off this session's foreign-key
 * triggers (the rows are consistent by construction) for a bulk load; resolves with the function that puts them
 * back: one sorted build per index instead of an insertion per row, and the exclusion constraint checked on the
 * whole table when it is re-created (an overlap would fail the generation).
 */
async function withoutSecondaryIndexes(db, table) {
  const { rows: constraints } = await db.query(
    `SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = $1::regclass AND contype = 'x'`,
    [table],
  );
  const { rows: indexes } = await db.query(
    `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS def FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
     WHERE x.indrelid = $1::regclass AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.oid)`,
    [table],
  );
  for (const c of constraints) await db.query(`ALTER TABLE ${table} DROP CONSTRAINT ${c.conname}`);
  for (const i of indexes) await db.query(`DROP INDEX ${i.name}`);
  await db.query('SET session_replication_role = replica');
  return async () => {
    await db.query('SET session_replication_role = DEFAULT');
    for (const i of indexes) await db.query(i.def);
    for (const c of constraints) await db.query(`ALTER TABLE ${table} ADD CONSTRAINT ${c.conname} ${c.def}`);
  };
}

async function calendarsAlertsCalls(db, plan, lap) {
  // Connected calendars: 30 % of the agendas; their cached busy ranges over the next 8 weeks, 1-2 hours each.
  const { rows } = await db.query(
    `SELECT count(*)::int AS n FROM agenda_ord WHERE abs(hashint8(ord::bigint + 3)) % 10 < 3`,
  );
  const perConnected = Math.ceil(plan.busyRanges / rows[0].n);
  await db.query(
    `INSERT INTO external_busy_times (user_id, calendar_id, source, external_id, starts_at, ends_at, title)
     SELECT user_id, calendar_id, 'google', 'evt-' || ord || '-' || k, start, start + (1 + h % 2) * interval '1 hour', 'Occupé'
     FROM (SELECT a.user_id, a.calendar_id, a.ord, k, abs(hashint8(a.ord::bigint * 100 + k)) AS h,
             date_trunc('day', now()) + floor(k * 56.0 / $1::int) * interval '1 day' + (8 + abs(hashint8(a.ord::bigint * 100 + k)) % 10) * interval '1 hour' AS start,
             row_number() OVER (ORDER BY a.ord, k) AS n
           FROM agenda_ord a CROSS JOIN generate_series(0, $1::int - 1) k
           WHERE abs(hashint8(a.ord::bigint + 3)) % 10 < 3) x
     WHERE n <= $2::int`,
    [perConnected, plan.busyRanges],
  );
  lap(`${plan.busyRanges} cached external busy ranges`);
  // Active earlier-slot alerts: a confirmed wish for a slot before 1-8 weeks from now.
  await db.query(
    `INSERT INTO slot_alerts (user_id, motive_id, email, attendee_id, before, expires_at, confirmed_at)
     SELECT a.user_id, a.motives[1 + g % 3], c.email, c.id, now() + (7 + g % 50) * interval '1 day',
       now() + interval '60 days', now() - interval '1 day'
     FROM generate_series(1, $1::int) g
     JOIN agenda_ord a ON a.ord = 1 + abs(hashint8(g::bigint + 5)) % (SELECT count(*) FROM agenda_ord)
     JOIN client_ord o ON o.ord = 1 + (g * 7919) % $2::int
     JOIN attendees c ON c.id = o.id
     ON CONFLICT DO NOTHING`,
    [plan.alerts, plan.clients],
  );
  // A market in its steady state: the alert scan's sweep has been running (each alert checked within the last
  // 17 hours) and has consumed the change marks that loading the weekly hours left (slot_availability_changes).
  await db.query(
    `UPDATE slot_alerts SET last_checked_at = now() - (abs(hashint8(hashtext(id::text)::bigint)) % 1020) * interval '1 minute'`,
  );
  await db.query('TRUNCATE slot_availability_changes');
  await db.query(
    `CREATE TEMP TABLE phone_ord AS SELECT id, (row_number() OVER (ORDER BY id))::int AS ord FROM users WHERE phone_enabled`,
  );
  await db.query(
    `INSERT INTO calls (user_id, ip_hash, created_at)
     SELECT p.id, md5(g::text), now() - (abs(hashint8(g::bigint)) % 525600) * interval '1 minute'
     FROM generate_series(1, $1::int) g
     JOIN phone_ord p ON p.ord = 1 + abs(hashint8(g::bigint + 9)) % (SELECT count(*) FROM phone_ord)`,
    [plan.phoneReveals],
  );
  const email = MARKET_ADMIN_EMAIL;
  const { rows: admins } = await db.query(
    `INSERT INTO admins (email, password_hash, first_name, last_name) VALUES ($1, '!no-sign-in', 'Console', 'Bench') RETURNING id`,
    [email],
  );
  await db.query(
    `INSERT INTO admin_audit_log (admin_id, admin_email, action, resource, resource_id, after, created_at)
     SELECT $2::uuid, $3, (ARRAY['update', 'create', 'delete'])[1 + g % 3], (ARRAY['users', 'clients', 'appointments', 'reviews'])[1 + g % 4],
       g::text, jsonb_build_object('n', g), now() - (($1::int - g) * interval '3 minutes')
     FROM generate_series(1, $1::int) g`,
    [plan.auditEntries, admins[0].id, email],
  );
  lap(`${plan.alerts} slot alerts, ${plan.phoneReveals} phone reveals, ${plan.auditEntries} audit entries`);
}

async function countRows(db) {
  const { rows } = await db.query(`SELECT
    (SELECT count(*) FROM users)::int AS professionals, (SELECT count(*) FROM teams)::int AS offices,
    (SELECT count(*) FROM attendees)::int AS clients, (SELECT count(*) FROM appointments)::int AS appointments,
    (SELECT count(*) FROM external_busy_times)::int AS "busyRanges", (SELECT count(*) FROM slot_alerts WHERE cancelled_at IS NULL)::int AS alerts,
    (SELECT count(*) FROM calls)::int AS "phoneReveals", (SELECT count(*) FROM admin_audit_log)::int AS "auditEntries",
    (SELECT max(n) FROM (SELECT count(*) AS n FROM users GROUP BY team_id) t)::int AS "largestOffice"`);
  return rows[0];
}

/** What the scenarios address: the biggest city and its first speciality, a professional there, the busiest client. */
export async function landmarks(db) {
  const { rows: city } = await db.query(`
    SELECT c.id, c.city_uri, count(*)::int AS n FROM users u JOIN cities c ON c.id = u.city_id
    GROUP BY c.id ORDER BY n DESC, c.id LIMIT 1`);
  const { rows: speciality } = await db.query(
    `SELECT s.slug FROM user_specialities us JOIN users u ON u.id = us.user_id JOIN specialities s ON s.id = us.speciality_id
     WHERE u.city_id = $1 GROUP BY s.slug ORDER BY count(*) DESC, s.slug LIMIT 1`,
    [city[0].id],
  );
  const { rows: pro } = await db.query(
    `SELECT u.id, u.user_uri, t.team_uri, m.id AS motive_id FROM users u JOIN teams t ON t.id = u.team_id
     JOIN motives m ON m.user_id = u.id AND m.position = 1
     WHERE u.city_id = $1 AND u.accepts_online_booking ORDER BY u.username LIMIT 1`,
    [city[0].id],
  );
  const { rows: client } = await db.query(
    `SELECT attendee_id AS id, count(*)::int AS n FROM appointments WHERE attendee_id IS NOT NULL
     GROUP BY attendee_id ORDER BY n DESC, attendee_id LIMIT 1`,
  );
  const { rows: adminRow } = await db.query('SELECT id FROM admins WHERE email = $1', [MARKET_ADMIN_EMAIL]);
  return {
    city: city[0],
    speciality: speciality[0]?.slug,
    professional: pro[0],
    busiestClient: client[0],
    adminId: adminRow[0]?.id,
  };
}
