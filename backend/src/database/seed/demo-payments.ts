import { sql } from 'drizzle-orm';
import type { SectorKey } from '@rdv/sectors';
import type { Database } from '../database.types';

/** The demo's paid first consultation: 80 € TTC, free cancellation until 48 h before, then half refunded. */
const DEMO_PRICE_CENTS = 8000;

/**
 * Paid consultations in the demo: the demo professional's first motive is paid online at booking (and, for
 * lawyers, open to clients with full legal aid); next week's first confirmed meeting on it was paid and captured
 * at validation, and a pending request on it was booked under legal aid. The captured payment predates the
 * demo's simulated provider (its intent id is not known there): refunding that one meeting is not simulated,
 * every payment made in the demo is. Idempotent: payment rows are upserted by appointment.
 */
export async function seedDemoPayments(
  db: Database,
  professionalEmail: string,
  sector: SectorKey,
): Promise<{ payments: number }> {
  const motive = await db.execute<{ id: string; user_id: string }>(sql`
    UPDATE motives m SET price_cents = ${DEMO_PRICE_CENTS}, payment_rule = 'at_booking',
           cancellation_deadline_hours = 48, late_cancellation_refund = 'half',
           accepts_legal_aid = ${sector === 'lawyer'}, updated_at = now()
      FROM users u
     WHERE u.id = m.user_id AND u.email = ${professionalEmail}
       AND m.id = (SELECT id FROM motives WHERE user_id = u.id ORDER BY position, created_at LIMIT 1)
    RETURNING m.id, m.user_id`);
  const paid = motive.rows[0];
  if (!paid) return { payments: 0 };
  const rows: { ref: string; status: 'captured' | 'legal_aid' }[] = [
    { ref: 'DEMOWEEKNEXTRDVA', status: 'captured' },
    ...(sector === 'lawyer' ? [{ ref: 'DEMOWEEKNEXTRDVD', status: 'legal_aid' as const }] : []),
  ];
  let payments = 0;
  for (const row of rows) {
    const result = await db.execute(sql`
      INSERT INTO appointment_payments (appointment_id, user_id, status, amount_cents, cancellation_deadline_hours,
                                        late_cancellation_refund, legal_aid, payment_intent_id, authorized_at, captured_at)
      SELECT a.id, a.user_id, ${row.status}, ${DEMO_PRICE_CENTS}, 48, 'half', ${row.status === 'legal_aid'},
             ${row.status === 'captured' ? `pi_demo_${row.ref.toLowerCase()}` : null},
             ${row.status === 'captured' ? sql`now() - interval '3 days'` : null},
             ${row.status === 'captured' ? sql`now() - interval '2 days'` : null}
        FROM appointments a
       WHERE a.ref_appointment = ${row.ref} AND a.user_id = ${paid.user_id} AND a.motive_id = ${paid.id}
      ON CONFLICT (appointment_id) DO UPDATE SET status = excluded.status, legal_aid = excluded.legal_aid`);
    payments += result.rowCount ?? 0;
  }
  return { payments };
}
