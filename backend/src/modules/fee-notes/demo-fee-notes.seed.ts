import { sql } from 'drizzle-orm';
import type { Database } from '../../database/database.types';
import { OutboxRepository, OutboxService } from '../outbox';
import { FeeNoteIssuer } from './fee-note-issuer';
import { FeeNotesRepository } from './fee-notes.repository';

/**
 * The demo professional's fee notes: each captured payment of theirs without one gets it, issued as the capture
 * would have (numbered in their sequence, its delivery queued: the demo worker mails it to the demo client and
 * files it in their folder). The demo lawyer prints a SIRET; VAT stays the default franchise. Idempotent.
 */
export async function seedDemoFeeNotes(db: Database, professionalEmail: string): Promise<{ issued: number }> {
  const captured = await db.execute<{ appointment_id: string; user_id: string; amount_cents: number }>(sql`
    SELECT p.appointment_id, p.user_id, p.amount_cents - p.refunded_cents AS amount_cents
      FROM appointment_payments p JOIN users u ON u.id = p.user_id
     WHERE u.email = ${professionalEmail} AND p.status IN ('captured', 'partially_refunded')
       AND NOT EXISTS (SELECT 1 FROM fee_notes f WHERE f.appointment_id = p.appointment_id AND f.kind = 'fee_note')
     ORDER BY p.captured_at`);
  const issuer = new FeeNoteIssuer(new FeeNotesRepository(db), new OutboxService(new OutboxRepository()));
  let issued = 0;
  for (const row of captured.rows) {
    await db.execute(sql`
      INSERT INTO fee_note_settings (user_id, siret) VALUES (${row.user_id}, '85234567800014')
      ON CONFLICT (user_id) DO NOTHING`);
    await db.transaction(async (tx) => {
      if (await issuer.feeNote(tx, row.appointment_id, Number(row.amount_cents))) issued += 1;
    });
  }
  return { issued };
}
