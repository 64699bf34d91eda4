// The directory data set of the benchmarks: every department and current commune (@etalab/decoupage-administratif),
// 26 specialities and N professionals (5,000 by default) spread over the 300 most populated communes in proportion
// to their population (Paris gets ~690, Marseille ~250, Lyon ~150), 1 to 3 specialities each, 70 % taking online
// booking, one office per 3 professionals; each professional taking online booking gets a default calendar,
// 3 motives, weekly hours Mon-Fri 09:00-12:30 + 14:00-19:00 and 20 appointments over the next 20 days.
// Used by bench/directory/search.bench.mjs and bench/perf/run.mjs.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { slugify } from '@rdv/sectors';
import { BENCH_ADMIN_URL } from './database.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const backend = join(root, 'backend');
const require = createRequire(join(backend, 'package.json'));
// The seed runs the backend's TypeScript sources (migrations, the communes' coordinates).
require(join(backend, 'test/support/swc-register.js'));

/** Runs one statement on the admin connection (CREATE / DROP DATABASE). */
export async function admin(sql) {
  const { Client } = require('pg');
  const client = new Client({ connectionString: BENCH_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Creates the database of `databaseUrl` (dropped first if present), applies the committed migrations and
 * seeds the 5,000-professional directory; resolves with the biggest city, its specialities, a nearby empty
 * commune and ids for the SQL timings.
 */
export async function seedDirectory({
  databaseUrl,
  professionals: PROFESSIONALS = 5000,
  step = console.log,
}) {
  const { Client } = require('pg');
  const DB_NAME = new URL(databaseUrl).pathname.slice(1);
  step(`creating ${DB_NAME}`);
  await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${DB_NAME}`);
  const { runMigrations } = require(join(backend, 'src/database/migrate.ts'));
  await runMigrations(databaseUrl);
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  const t0 = performance.now();
  const etalab = dirname(require.resolve('@etalab/decoupage-administratif/package.json'));
  const departments = JSON.parse(readFileSync(join(etalab, 'data/departements.json'), 'utf8'));
  const communes = JSON.parse(readFileSync(join(etalab, 'data/communes.json'), 'utf8')).filter(
    (c) => c.type === 'commune-actuelle' && c.departement,
  );
  const slugCount = new Map();
  for (const c of communes) slugCount.set(slugify(c.nom), (slugCount.get(slugify(c.nom)) ?? 0) + 1);
  step(`seeding ${departments.length} departments and ${communes.length} communes`);
  await db.query(
    `INSERT INTO departments (code, name, region_code) SELECT code, nom, region FROM jsonb_to_recordset($1::jsonb) AS d(code text, nom text, region text)`,
    [JSON.stringify(departments)],
  );
  const cityRows = communes.map((c) => ({
    insee: c.code,
    name: c.nom,
    uri: slugCount.get(slugify(c.nom)) === 1 ? slugify(c.nom) : `${slugify(c.nom)}-${c.code.toLowerCase()}`,
    dep: c.departement,
    postal: c.codesPostaux ?? [],
    population: c.population ?? null,
  }));
  await db.query(
    `INSERT INTO cities (insee_code, name, city_uri, department_code, postal_codes, population)
     SELECT insee, name, uri, dep, ARRAY(SELECT jsonb_array_elements_text(postal)), population
     FROM jsonb_to_recordset($1::jsonb) AS c(insee text, name text, uri text, dep text, postal jsonb, population int)`,
    [JSON.stringify(cityRows)],
  );
  await db.query(
    `INSERT INTO specialities (slug, name, position) SELECT 'specialite-' || g, 'Spécialité ' || g, g FROM generate_series(1, 26) g`,
  );
  // Coordinates of every commune (GeoNames, as the product's seed does): the "nearby" search needs them.
  const { drizzle } = require('drizzle-orm/node-postgres');
  const { seedCityCoordinates } = require(join(backend, 'src/modules/geo/city-coordinates.seed.ts'));
  await seedCityCoordinates(drizzle(db));

  step(`seeding ${PROFESSIONALS} professionals`);
  const top = [...cityRows].sort((a, b) => (b.population ?? 0) - (a.population ?? 0)).slice(0, 300);
  const totalPopulation = top.reduce((sum, c) => sum + c.population, 0);
  const perCity = top.map((c) => ({
    insee: c.insee,
    uri: c.uri,
    n: Math.max(1, Math.round((PROFESSIONALS * c.population) / totalPopulation)),
  }));
  let assigned = perCity.reduce((sum, c) => sum + c.n, 0);
  for (let i = perCity.length - 1; assigned > PROFESSIONALS; i--) {
    if (perCity[i].n > 1) {
      perCity[i].n -= 1;
      assigned -= 1;
    }
  }
  perCity[0].n += PROFESSIONALS - assigned;
  const plan = perCity.flatMap((c) => Array.from({ length: c.n }, () => c.insee));
  await db.query(
    `INSERT INTO users (username, email, first_name, last_name, user_uri, city_id, accepts_online_booking, visio_enabled, phone_enabled, presentation_title, password_hash)
     SELECT 'bench-' || p.i, 'bench-' || p.i || '@example.test', 'Prénom' || p.i, 'Nom' || lpad((p.i * 7919 % 100000)::text, 5, '0'),
            'bench-' || p.i, c.id, p.i % 10 < 7, p.i % 3 = 0, p.i % 4 = 0, 'Avocat au barreau',
            -- Sign-up finished (users.is_public = is_active AND password_hash IS NOT NULL): listed. Not a usable hash.
            'bench-no-login'
     FROM jsonb_to_recordset($1::jsonb) AS p(i int, insee text) JOIN cities c ON c.insee_code = p.insee`,
    [JSON.stringify(plan.map((insee, i) => ({ i: i + 1, insee })))],
  );
  await db.query(`
    INSERT INTO user_specialities (user_id, speciality_id)
    SELECT DISTINCT u.id, 1 + ((substr(u.username, 7)::int * k * 31) % 26)
    FROM users u CROSS JOIN generate_series(1, 3) k
    WHERE k <= 1 + substr(u.username, 7)::int % 3`);
  await db.query(`
    INSERT INTO teams (team_uri, name, ext_id, city_id)
    SELECT 'cabinet-' || g, 'Cabinet ' || g, 'B' || g, NULL FROM generate_series(1, ${Math.ceil(PROFESSIONALS / 3)}) g`);
  await db.query(`
    WITH ranked AS (SELECT id, city_id, row_number() OVER (ORDER BY city_id, id) AS r FROM users)
    UPDATE users u SET team_id = t.id FROM ranked, teams t
    WHERE ranked.id = u.id AND t.team_uri = 'cabinet-' || ((ranked.r - 1) / 3 + 1)`);
  await db.query(`UPDATE teams t SET city_id = (SELECT min(city_id) FROM users u WHERE u.team_id = t.id)`);
  await db.query(
    `UPDATE users u SET latitude = c.latitude, longitude = c.longitude FROM cities c WHERE c.id = u.city_id`,
  );

  step(
    'seeding calendars, motives, weekly hours and appointments of the professionals taking online booking',
  );
  await db.query(
    `INSERT INTO calendars (user_id, name, is_default) SELECT id, 'Cabinet', true FROM users WHERE accepts_online_booking`,
  );
  await db.query(`
    INSERT INTO motives (user_id, title, duration_minutes, notice_minutes, not_after_months, position, visio_allowed)
    SELECT c.user_id, m.title, m.duration, m.notice, 3, m.position, m.visio
    FROM calendars c CROSS JOIN (VALUES ('Première consultation', 60, 1440, 0, false), ('Suivi', 30, 120, 1, true),
                                        ('Visio', 45, 60, 2, true)) AS m(title, duration, notice, position, visio)`);
  await db.query(`
    INSERT INTO weekly_availabilities (calendar_id, weekday, start_time, end_time)
    SELECT c.id, r.weekday, r.s, r.e FROM calendars c
    CROSS JOIN (SELECT w AS weekday, '09:00'::time AS s, '12:30'::time AS e FROM generate_series(1, 5) w
                UNION ALL SELECT w, '14:00'::time, '19:00'::time FROM generate_series(1, 5) w) r`);
  await db.query(`
    INSERT INTO appointments (ref_appointment, user_id, calendar_id, status, starts_at, ends_at)
    SELECT md5(random()::text || c.id::text || k), c.user_id, c.id, 'confirmed',
           date_trunc('day', now()) + (1 + k) * interval '1 day' + 9 * interval '1 hour',
           date_trunc('day', now()) + (1 + k) * interval '1 day' + 10 * interval '1 hour'
    FROM calendars c CROSS JOIN generate_series(0, 19) k`);
  await db.query('ANALYZE');
  const { rows: cities } = await db.query(`
    SELECT c.city_uri, count(*)::int AS n FROM users u JOIN cities c ON c.id = u.city_id GROUP BY c.city_uri ORDER BY n DESC LIMIT 3`);
  const { rows: specs } = await db.query(
    `
    SELECT s.slug, count(*)::int AS n FROM users u JOIN cities c ON c.id = u.city_id JOIN user_specialities us ON us.user_id = u.id
    JOIN specialities s ON s.id = us.speciality_id WHERE c.city_uri = $1 GROUP BY s.slug ORDER BY s.slug`,
    [cities[0].city_uri],
  );
  const ids = await db.query(
    'SELECT (SELECT id FROM cities WHERE city_uri = $1) AS city_id, (SELECT id FROM specialities WHERE slug = $2) AS speciality_id',
    [cities[0].city_uri, specs[0].slug],
  );
  // A commune with nobody registered, about 10 km from the biggest one: its page is all "nearby".
  const { rows: empty } = await db.query(
    `SELECT e.city_uri FROM cities e, cities b
     WHERE b.city_uri = $1 AND e.latitude IS NOT NULL AND NOT EXISTS (SELECT 1 FROM users u WHERE u.city_id = e.id)
     ORDER BY abs(6371 * 2 * asin(sqrt(power(sin(radians(e.latitude - b.latitude) / 2), 2)
       + cos(radians(b.latitude)) * cos(radians(e.latitude)) * power(sin(radians(e.longitude - b.longitude) / 2), 2))) - 10)
     LIMIT 1`,
    [cities[0].city_uri],
  );
  await db.end();
  step(
    `seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s; biggest cities: ${cities.map((c) => `${c.city_uri} (${c.n})`).join(', ')}`,
  );
  return {
    big: cities[0],
    specialities: specs,
    bigId: ids.rows[0].city_id,
    specialityId: ids.rows[0].speciality_id,
    empty: empty[0]?.city_uri,
  };
}
