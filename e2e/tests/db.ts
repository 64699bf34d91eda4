import pg from 'pg';

/** The e2e stack's database (scripts/start-stack.sh with STACK=e2e), for fixtures a journey needs. */
export const E2E_DATABASE_URL =
  process.env.E2E_DATABASE_URL ??
  `postgres://postgres@127.0.0.1:5432/${(process.env.E2E_PORT_BASE ?? '3100') === '3100' ? 'rdv_e2e' : `rdv_e2e_${process.env.E2E_PORT_BASE}`}`;

export async function withDb<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: E2E_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Puts `count` active professionals with one speciality in a city (idempotent per prefix), so
 * that the listing of that city has several pages. Returns nothing: journeys read through the UI.
 */
export async function ensureProfessionalsInCity(
  cityUri: string,
  specialitySlug: string,
  count: number,
  prefix: string,
) {
  await withDb(async (db) => {
    const city = await db.query('SELECT id FROM cities WHERE city_uri = $1', [cityUri]);
    const speciality = await db.query('SELECT id FROM specialities WHERE slug = $1', [specialitySlug]);
    for (let i = 1; i <= count; i++) {
      const uri = `${prefix}-${String(i).padStart(2, '0')}`;
      const inserted = await db.query(
        `INSERT INTO users (username, email, first_name, last_name, user_uri, city_id, accepts_online_booking, is_demo, password_hash)
         VALUES ($1, $2, $3, $4, $1, $5, false, true, '!no-sign-in')
         ON CONFLICT (user_uri) DO UPDATE SET city_id = EXCLUDED.city_id
         RETURNING id`,
        [uri, `${uri}@e2e.test`, 'Test', `Pagination ${String(i).padStart(2, '0')}`, city.rows[0].id],
      );
      await db.query(
        'INSERT INTO user_specialities (user_id, speciality_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
        [inserted.rows[0].id, speciality.rows[0].id],
      );
    }
  });
}

export interface FreshProfessional {
  id: string;
  username: string;
  email: string;
  password: string;
  userUri: string;
  firstName: string;
  lastName: string;
}

/**
 * A professional who takes online booking but has no agenda at all (no calendar, no motive, no hours), in
 * Paris with one speciality, signing in with the demo professional's password (its hash is copied). A new
 * one per call, so the slots a journey sees are only the ones it creates.
 */
export async function createProfessionalWithoutAgenda(
  prefix: string,
  password: string,
  demoUsername: string,
): Promise<FreshProfessional> {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const username = `${prefix}-${suffix}`;
  const professional = {
    username,
    email: `${username}@e2e.test`,
    password,
    userUri: username,
    firstName: 'Agathe',
    lastName: `Horaires ${suffix.toUpperCase()}`,
  };
  return withDb(async (db) => {
    const demo = await db.query('SELECT password_hash FROM users WHERE username = $1', [demoUsername]);
    const city = await db.query("SELECT id FROM cities WHERE city_uri = 'paris'");
    const speciality = await db.query(
      "SELECT id FROM specialities WHERE slug = 'droit-des-associations-et-des-fondations'",
    );
    const inserted = await db.query(
      `INSERT INTO users (username, email, password_hash, civility, first_name, last_name, user_uri, city_id,
                          accepts_online_booking, is_demo)
       VALUES ($1, $2, $3, 'Mme', $4, $5, $6, $7, true, true)
       RETURNING id`,
      [
        professional.username,
        professional.email,
        demo.rows[0].password_hash,
        professional.firstName,
        professional.lastName,
        professional.userUri,
        city.rows[0].id,
      ],
    );
    const id: string = inserted.rows[0].id;
    await db.query('INSERT INTO user_specialities (user_id, speciality_id) VALUES ($1, $2)', [
      id,
      speciality.rows[0].id,
    ]);
    return { id, ...professional };
  });
}

/**
 * The API caps SMS sends per visitor address (10 an hour) and every journey runs from this machine's
 * address: sends made for earlier journeys' attendees (all `@e2e.test`) are moved out of the hour, so the
 * journeys can run again on a stack that is kept up. Each journey stands for a new visitor.
 */
export async function forgetEarlierJourneysSmsSends() {
  await withDb((db) =>
    db.query(
      `UPDATE phone_verifications SET created_at = created_at - interval '2 hours',
                                      expires_at = expires_at - interval '2 hours'
        WHERE account_kind = 'attendee'
          AND account_id IN (SELECT id FROM attendees WHERE email LIKE '%@e2e.test')
          AND created_at > now() - interval '2 hours'`,
    ),
  );
}

export interface FreshAdmin {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/**
 * An administrator of its own, signing in with the demo admin's password (its hash is copied), so that a
 * journey can change its password without touching the demo admin other journeys sign in with. A new one
 * per call; remove it with `deleteAdmin`.
 */
export async function createAdmin(prefix: string, password: string, demoEmail: string): Promise<FreshAdmin> {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const admin = {
    email: `${prefix}-${suffix}@e2e.test`.toLowerCase(),
    password,
    firstName: 'Rémi',
    lastName: `Reset ${suffix.toUpperCase()}`,
  };
  return withDb(async (db) => {
    const demo = await db.query('SELECT password_hash FROM admins WHERE email = $1', [demoEmail]);
    const inserted = await db.query(
      `INSERT INTO admins (email, password_hash, first_name, last_name) VALUES ($1, $2, $3, $4) RETURNING id`,
      [admin.email, demo.rows[0].password_hash, admin.firstName, admin.lastName],
    );
    return { id: inserted.rows[0].id as string, ...admin };
  });
}

/** Removes an administrator `createAdmin` made, with its reset links and session revocation. */
export async function deleteAdmin(id: string) {
  await withDb(async (db) => {
    await db.query("DELETE FROM password_reset_tokens WHERE account_kind = 'admin' AND account_id = $1", [
      id,
    ]);
    await db.query("DELETE FROM session_revocations WHERE account_kind = 'admin' AND account_id = $1", [id]);
    await db.query("DELETE FROM second_factors WHERE account_kind = 'admin' AND account_id = $1", [id]);
    await db.query("DELETE FROM recovery_codes WHERE account_kind = 'admin' AND account_id = $1", [id]);
    await db.query('DELETE FROM admins WHERE id = $1', [id]);
  });
}
