import { sql } from 'drizzle-orm';
import type { Database } from '../database.types';
import { UNUSABLE_PASSWORD_HASH } from '../../modules/identity/password-hasher';
import { FEMALE_FIRST_NAMES, LAST_NAMES, MALE_FIRST_NAMES, STREETS } from './french-names';
import { Random } from './random';

export const BENCH_EMAIL_DOMAIN = 'bench.rdv-avocat.fr';

/**
 * `count` benchmark professionals (default 5,000) and one office per ~4 of them, spread over real
 * cities weighted by population (the 2,000 most populated communes). Deterministic and idempotent
 * (upserts on username / ext_id). Requires the reference seed (cities with population, specialities).
 */
export async function seedBench(
  db: Database,
  count = 5_000,
): Promise<{ professionals: number; teams: number }> {
  const random = new Random(5_000_2026);
  const cityRows = (
    await db.execute(sql`SELECT id, name, city_uri, population, postal_codes[1] AS postal_code FROM cities
      WHERE population IS NOT NULL ORDER BY population DESC, insee_code LIMIT 2000`)
  ).rows as Array<{
    id: number;
    name: string;
    city_uri: string;
    population: number;
    postal_code: string | null;
  }>;
  const specialityIds = (
    (await db.execute(sql`SELECT id FROM specialities ORDER BY position, id`)).rows as Array<{ id: number }>
  ).map((r) => r.id);
  if (cityRows.length === 0 || specialityIds.length === 0)
    throw new Error('seedBench: run the reference seed first (cities and specialities)');

  const cumulative: number[] = [];
  let total = 0;
  for (const city of cityRows) cumulative.push((total += city.population));
  const pickCity = () => {
    const target = random.next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < target) lo = mid + 1;
      else hi = mid;
    }
    return cityRows[lo];
  };

  const teamCount = Math.ceil(count / 4);
  const teamsPlan = Array.from({ length: teamCount }, (_, i) => {
    const city = pickCity();
    const last = random.pick(LAST_NAMES);
    return {
      team_uri: `bench-cabinet-${i + 1}`,
      name: `Cabinet ${last} ${i + 1}`,
      ext_id: `B${String(i + 1).padStart(6, '0')}`,
      presentation: `Cabinet ${last}, ${city.name}.`,
      street: `${random.int(1, 120)} ${random.pick(STREETS)}`,
      postal_code: city.postal_code,
      city_id: city.id,
    };
  });
  const teamIds = (
    await db.execute(sql`
      INSERT INTO teams (team_uri, name, ext_id, presentation, street, postal_code, city_id, is_demo)
      SELECT team_uri, name, ext_id, presentation, street, postal_code, city_id, true
      FROM json_to_recordset(${JSON.stringify(teamsPlan)}::json)
        AS x(team_uri text, name text, ext_id text, presentation text, street text, postal_code text, city_id int)
      ON CONFLICT (ext_id) DO UPDATE SET name = excluded.name, city_id = excluded.city_id, updated_at = now()
      RETURNING id, city_id`)
  ).rows as Array<{ id: string; city_id: number }>;
  const teamsByCity = new Map<number, string[]>();
  for (const team of teamIds)
    teamsByCity.set(team.city_id, [...(teamsByCity.get(team.city_id) ?? []), team.id]);

  const usersPlan = Array.from({ length: count }, (_, i) => {
    const female = random.chance(0.55);
    const first = random.pick(female ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    const city = pickCity();
    const cityTeams = teamsByCity.get(city.id);
    const n = i + 1;
    return {
      username: `bench.${n}`,
      email: `bench.${n}@${BENCH_EMAIL_DOMAIN}`,
      civility: female ? 'Mme' : 'M.',
      first_name: first,
      last_name: last,
      user_uri: `bench-${n}`,
      telephone: `+3319900${String(n % 10_000).padStart(4, '0')}`,
      city_id: city.id,
      team_id: cityTeams && random.chance(0.6) ? random.pick(cityTeams) : null,
      presentation_title: `Avocat${female ? 'e' : ''} à ${city.name}`,
      presentation: `${first} ${last} vous reçoit à ${city.name}.`,
      accepts_online_booking: !random.chance(0.15),
      visio_enabled: random.chance(0.6),
      phone_enabled: random.chance(0.5),
      specialities: random.sample(specialityIds, random.int(1, 3)),
    };
  });

  await db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO users (username, email, civility, first_name, last_name, user_uri, telephone, city_id, team_id,
        presentation_title, presentation, accepts_online_booking, visio_enabled, phone_enabled, is_demo, password_hash)
      SELECT username, email, civility, first_name, last_name, user_uri, telephone, city_id, team_id,
        presentation_title, presentation, accepts_online_booking, visio_enabled, phone_enabled, true, ${UNUSABLE_PASSWORD_HASH}::text
      FROM json_to_recordset(${JSON.stringify(usersPlan)}::json) AS x(username text, email text, civility text,
        first_name text, last_name text, user_uri text, telephone text, city_id int, team_id uuid,
        presentation_title text, presentation text, accepts_online_booking boolean, visio_enabled boolean, phone_enabled boolean)
      ON CONFLICT (username) DO UPDATE SET city_id = excluded.city_id, team_id = excluded.team_id,
        first_name = excluded.first_name, last_name = excluded.last_name, updated_at = now()`);
    const links = usersPlan.flatMap((u) =>
      u.specialities.map((s) => ({ username: u.username, speciality_id: s })),
    );
    await tx.execute(
      sql`DELETE FROM user_specialities WHERE user_id IN (SELECT id FROM users WHERE email LIKE ${`%@${BENCH_EMAIL_DOMAIN}`})`,
    );
    await tx.execute(sql`
      INSERT INTO user_specialities (user_id, speciality_id)
      SELECT u.id, x.speciality_id FROM json_to_recordset(${JSON.stringify(links)}::json) AS x(username text, speciality_id int)
      JOIN users u ON u.username = x.username
      ON CONFLICT DO NOTHING`);
  });
  return { professionals: usersPlan.length, teams: teamIds.length };
}
