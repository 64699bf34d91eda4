import { Injectable } from '@nestjs/common';
import { sql, type SQL } from 'drizzle-orm';
import { InjectDb } from '../../database/database.module';
import type { Database, DbOrTx } from '../../database/database.types';
import { CLIENT_TABLES, type DataSubject } from './personal-data.registry';

type Row = Record<string, unknown>;

/**
 * The SQL of the GDPR rights of an attendee. It reads and anonymises across tables on purpose: an
 * export or an erasure must see every row about the person. The statements come from the registry of
 * personal data (personal-data.registry.ts), which a test holds against the migrated schema.
 */
@Injectable()
export class PrivacyRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  private async rows(query: SQL, db: DbOrTx = this.db): Promise<Row[]> {
    const { rows } = await db.execute<{ row: Row }>(query);
    return rows.map((r) => r.row);
  }

  /** The client with every value that names them, or undefined when there is no such account. */
  async subject(
    attendeeId: string,
  ): Promise<{ subject: DataSubject; email: string; firstName: string | null } | undefined> {
    const { rows } = await this.db.execute<{
      email: string;
      pending_email: string | null;
      phone: string | null;
      first_name: string | null;
      last_name: string | null;
      birthdate: string | null;
    }>(
      sql`SELECT email, pending_email, phone, first_name, last_name, birthdate::text AS birthdate FROM attendees WHERE id = ${attendeeId}`,
    );
    const row = rows[0];
    if (!row) return undefined;
    const names = [row.first_name, row.last_name, row.birthdate].filter(
      (value): value is string => !!value && value.trim() !== '',
    );
    const fullName =
      row.first_name?.trim() && row.last_name?.trim() ? `${row.first_name} ${row.last_name}` : null;
    return {
      email: row.email,
      firstName: row.first_name,
      subject: {
        attendeeId,
        emails: [row.email, ...(row.pending_email ? [row.pending_email] : [])],
        phones: row.phone ? [row.phone] : [],
        names,
        fullName,
      },
    };
  }

  /** Every row about the client, table by table, as the registry says (secrets and the professionals' notes left out). */
  async export(subject: DataSubject): Promise<Record<string, Row[]>> {
    const entries = CLIENT_TABLES.flatMap((entry) =>
      typeof entry.export === 'function' ? [{ table: entry.table, query: entry.export(subject) }] : [],
    );
    const rows = await Promise.all(entries.map((entry) => this.rows(entry.query)));
    return Object.fromEntries(entries.map((entry, i) => [entry.table, rows[i]]));
  }

  /**
   * Erases the client inside `tx`, table by table in the registry's order: what they wrote goes, their
   * appointments stay for the professional's records without anything that names them, the audit log keeps
   * who did what and when without their values. The caller removes the stored files after commit.
   */
  async erase(tx: DbOrTx, subject: DataSubject): Promise<void> {
    for (const entry of CLIENT_TABLES)
      for (const statement of entry.erase(subject)) await tx.execute(statement);
  }

  /** Once the confirmation is sent, the outbox row of the deletion mail forgets the address. */
  async scrubDeletionMailJob(db: DbOrTx, email: string): Promise<void> {
    await db.execute(
      sql`UPDATE outbox SET payload = '{"erased": true}'::jsonb WHERE job_name = 'privacy.account-deleted' AND payload->>'email' = ${email}`,
    );
  }
}
