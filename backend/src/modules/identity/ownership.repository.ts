import { sql } from 'drizzle-orm';
import type { Database } from '../../database/database.types';
import { isUuid } from '@rdv/sectors';

/** Resources a professional owns through a `user_id` column, known to the API by their own id. */
export const OWNED_RESOURCES = {
  appointment: { table: sql.raw('appointments') },
  calendar: { table: sql.raw('calendars') },
} as const;
export type OwnedResource = keyof typeof OWNED_RESOURCES;

/** Who owns a resource (plain class, built from the global database, like the guards). */
export class OwnershipRepository {
  constructor(private readonly db: Database) {}

  /** The owning professional's id, or undefined when there is no such resource (or the id is malformed). */
  async ownerOf(resource: OwnedResource, id: string): Promise<string | undefined> {
    if (!isUuid(id)) return undefined;
    const { rows } = await this.db.execute<{ user_id: string }>(
      sql`SELECT user_id FROM ${OWNED_RESOURCES[resource].table} WHERE id = ${id}`,
    );
    return rows[0]?.user_id;
  }
}
