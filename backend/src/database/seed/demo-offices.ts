import { sql } from 'drizzle-orm';
import type { Database } from '../database.types';

/**
 * "Mon cabinet" populated: every demo office has a manager (the demo lawyer manages theirs, the
 * others their first member by name), and a colleague of the demo lawyer's city who has no office
 * waits for the demo lawyer to accept their request to join. Idempotent: a second run changes nothing.
 */
export async function seedDemoOffices(
  db: Database,
  professionalEmail: string,
): Promise<{ managed: number; joinRequests: number }> {
  const managed = await db.execute(sql`
    UPDATE teams t SET manager_id = COALESCE(
        (SELECT u.id FROM users u WHERE u.team_id = t.id AND u.email = ${professionalEmail}),
        (SELECT u.id FROM users u WHERE u.team_id = t.id ORDER BY u.last_name, u.first_name, u.id LIMIT 1))
      WHERE t.manager_id IS NULL
        AND EXISTS (SELECT 1 FROM users u WHERE u.team_id = t.id AND u.is_demo)`);
  const requested = await db.execute(sql`
    WITH demo AS (SELECT id, team_id, city_id FROM users WHERE email = ${professionalEmail} AND team_id IS NOT NULL)
    UPDATE users u SET requested_team_id = demo.team_id, team_requested_at = now() - interval '1 day'
      FROM demo
      WHERE u.id = (
        SELECT c.id FROM users c
          WHERE c.is_demo AND c.team_id IS NULL AND c.requested_team_id IS NULL AND c.id <> demo.id
          ORDER BY (c.city_id = demo.city_id) DESC, c.last_name, c.id LIMIT 1)
        AND NOT EXISTS (SELECT 1 FROM users w WHERE w.requested_team_id = demo.team_id)`);
  return { managed: managed.rowCount ?? 0, joinRequests: requested.rowCount ?? 0 };
}
