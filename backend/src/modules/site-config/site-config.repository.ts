import { Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { InjectDb } from '../../database/database.module';
import type { Database, DbOrTx } from '../../database/database.types';
import { siteConfig } from '../../database/schema';

/** SQL of the key / value site configuration. */
@Injectable()
export class SiteConfigRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async all(db: DbOrTx = this.db): Promise<Record<string, unknown>> {
    const rows = await db.select().from(siteConfig);
    return Object.fromEntries(rows.map((row) => [row.key, row.value]));
  }

  /** Locks the rows so two saves are applied one after the other (the audit's before is exact). */
  async lockAll(db: DbOrTx): Promise<Record<string, unknown>> {
    const rows = await db.select().from(siteConfig).for('update');
    return Object.fromEntries(rows.map((row) => [row.key, row.value]));
  }

  async upsert(db: DbOrTx, key: string, value: unknown): Promise<void> {
    await db
      .insert(siteConfig)
      .values({ key, value })
      .onConflictDoUpdate({ target: siteConfig.key, set: { value: sql`excluded.value` } });
  }
}
