import { Injectable } from '@nestjs/common';
import { sql, type SQL } from 'drizzle-orm';
import { InjectDb } from '../../database/database.module';
import type { Database, DbOrTx } from '../../database/database.types';

type Row = Record<string, unknown>;

/**
 * The SQL of the GDPR rights of an attendee. It reads and anonymises across tables on purpose: an
 * export or an erasure must see every row about the person, in one place that a new table can be
 * added to (the export test lists the tables it expects).
 */
@Injectable()
export class PrivacyRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  private async rows(query: SQL, db: DbOrTx = this.db): Promise<Row[]> {
    const { rows } = await db.execute<{ row: Row }>(query);
    return rows.map((r) => r.row);
  }

  async contact(
    attendeeId: string,
  ): Promise<{ email: string; phone: string | null; firstName: string | null } | undefined> {
    const { rows } = await this.db.execute<{
      email: string;
      phone: string | null;
      first_name: string | null;
    }>(sql`SELECT email, phone, first_name FROM attendees WHERE id = ${attendeeId}`);
    return rows[0]
      ? { email: rows[0].email, phone: rows[0].phone, firstName: rows[0].first_name }
      : undefined;
  }

  /** Every row about the attendee, table by table; secrets (password and code hashes) and the lawyer's notes left out. */
  async export(attendeeId: string, email: string, phone: string | null): Promise<Record<string, Row[]>> {
    const id = attendeeId;
    const recipients = phone ? [email, phone] : [email];
    const mine = sql`SELECT id FROM appointments WHERE attendee_id = ${id}`;
    const folders = sql`SELECT id FROM client_folders WHERE attendee_id = ${id}`;
    const [
      attendees,
      appointments,
      appointmentDetails,
      availabilityRequests,
      eventResponses,
      reviews,
      clientFolders,
      folderDocuments,
      folderMessages,
      folderDocumentAudit,
      phoneVerifications,
      notificationDeliveries,
      passwordResetTokens,
      sessionRevocations,
    ] = await Promise.all([
      this.rows(sql`SELECT to_jsonb(t) - 'password_hash' AS row FROM attendees t WHERE id = ${id}`),
      this.rows(
        sql`SELECT to_jsonb(t) AS row FROM appointments t WHERE attendee_id = ${id} ORDER BY starts_at`,
      ),
      this.rows(sql`SELECT to_jsonb(t) AS row FROM appointment_details t WHERE appointment_id IN (${mine})`),
      this.rows(
        sql`SELECT to_jsonb(t) AS row FROM availability_requests t WHERE appointment_id IN (${mine})`,
      ),
      this.rows(sql`SELECT to_jsonb(t) AS row FROM event_responses t WHERE appointment_id IN (${mine})`),
      this.rows(sql`SELECT to_jsonb(t) AS row FROM reviews t WHERE attendee_id = ${id}`),
      this.rows(sql`SELECT to_jsonb(t) - 'notes' AS row FROM client_folders t WHERE attendee_id = ${id}`),
      this.rows(
        sql`SELECT to_jsonb(t) - 'storage_name' AS row FROM folder_documents t WHERE folder_id IN (${folders})`,
      ),
      this.rows(
        sql`SELECT to_jsonb(t) AS row FROM folder_messages t WHERE folder_id IN (${folders}) ORDER BY created_at`,
      ),
      this.rows(
        sql`SELECT to_jsonb(t) AS row FROM folder_document_audit t WHERE folder_id IN (${folders}) ORDER BY id`,
      ),
      this.rows(
        sql`SELECT to_jsonb(t) - 'code_hash' AS row FROM phone_verifications t WHERE account_kind = 'attendee' AND account_id = ${id}`,
      ),
      this.rows(
        sql`SELECT to_jsonb(t) AS row FROM notification_deliveries t WHERE recipient IN (${sql.join(
          recipients.map((r) => sql`${r}`),
          sql`, `,
        )})`,
      ),
      this.rows(
        sql`SELECT to_jsonb(t) - 'token_hash' AS row FROM password_reset_tokens t WHERE account_kind = 'attendee' AND account_id = ${id}`,
      ),
      this.rows(
        sql`SELECT to_jsonb(t) AS row FROM session_revocations t WHERE account_kind = 'attendee' AND account_id = ${id}`,
      ),
    ]);
    return {
      attendees,
      appointments,
      appointment_details: appointmentDetails,
      availability_requests: availabilityRequests,
      event_responses: eventResponses,
      reviews,
      client_folders: clientFolders,
      folder_documents: folderDocuments,
      folder_messages: folderMessages,
      folder_document_audit: folderDocumentAudit,
      phone_verifications: phoneVerifications,
      notification_deliveries: notificationDeliveries,
      password_reset_tokens: passwordResetTokens,
      session_revocations: sessionRevocations,
    };
  }

  /**
   * Erases the attendee inside `tx`: what they wrote goes, their appointments stay for the
   * professional's records without anything that names them, their folders (documents, messages)
   * go with the account row. Returns nothing: the caller removes the stored files after commit.
   */
  async erase(tx: DbOrTx, attendeeId: string, email: string, phone: string | null): Promise<void> {
    const id = attendeeId;
    const mine = sql`SELECT id FROM appointments WHERE attendee_id = ${id}`;
    await tx.execute(sql`DELETE FROM event_responses WHERE appointment_id IN (${mine})`);
    await tx.execute(
      sql`UPDATE appointment_details SET cancellation_reason = NULL WHERE appointment_id IN (${mine}) AND cancelled_by = 'attendee'`,
    );
    // Titles written for calendars name the client ("Rendez-vous avec ..."): back to the motive's title.
    await tx.execute(sql`
      UPDATE appointments a SET notes = NULL, attendees_count = 1,
             title = coalesce((SELECT m.title FROM motives m WHERE m.id = a.motive_id), 'Rendez-vous')
       WHERE a.attendee_id = ${id}`);
    await tx.execute(sql`UPDATE reviews SET author_name = NULL WHERE attendee_id = ${id}`);
    await tx.execute(
      sql`DELETE FROM phone_verifications WHERE account_kind = 'attendee' AND account_id = ${id}`,
    );
    await tx.execute(
      sql`DELETE FROM password_reset_tokens WHERE account_kind = 'attendee' AND account_id = ${id}`,
    );
    const recipients = phone ? [email, phone] : [email];
    await tx.execute(
      sql`DELETE FROM notification_deliveries WHERE recipient IN (${sql.join(
        recipients.map((r) => sql`${r}`),
        sql`, `,
      )})`,
    );
    // appointments.attendee_id and reviews.attendee_id become NULL; client folders go (ON DELETE CASCADE).
    await tx.execute(sql`DELETE FROM attendees WHERE id = ${id}`);
  }

  /** Once the confirmation is sent, the outbox row of the deletion mail forgets the address. */
  async scrubDeletionMailJob(db: DbOrTx, email: string): Promise<void> {
    await db.execute(
      sql`UPDATE outbox SET payload = '{"erased": true}'::jsonb WHERE job_name = 'privacy.account-deleted' AND payload->>'email' = ${email}`,
    );
  }
}
