import { sql } from 'drizzle-orm';
import type { SectorKey } from '@rdv/sectors';
import type { Database } from '../database.types';

/** The demo's paid first consultation: 80 € TTC, free cancellation until 48 h before, then half refunded. */
const DEMO_PRICE_CENTS = 8000;
/** The demo lawyer's connected account at the simulated provider (scripts/stripe-fake-demo-seed.json). */
const DEMO_CONNECTED_ACCOUNT = 'acct_demo_avocat';

/**
 * Paid consultations in the demo: the demo professional's first motive is paid online at booking (and, for
 * lawyers, open to clients with full legal aid); next week's first confirmed meeting on it was paid and captured
 * at validation, and a pending request on it was booked under legal aid. The professional's connected account is
 * onboarded; the simulated provider starts knowing it, its payouts and the captured payment (same ids, in
 * scripts/stripe-fake-demo-seed.json), so refunding that meeting works as any other. Idempotent: rows are
 * upserted.
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
  await db.execute(sql`
    INSERT INTO payment_accounts (user_id, stripe_account_id, charges_enabled, payouts_enabled, details_submitted)
    VALUES (${paid.user_id}, ${DEMO_CONNECTED_ACCOUNT}, true, true, true)
    ON CONFLICT (user_id) DO UPDATE SET stripe_account_id = excluded.stripe_account_id, charges_enabled = true,
                                        payouts_enabled = true, details_submitted = true`);
  const rows: { ref: string; status: 'captured' | 'legal_aid' }[] = [
    { ref: 'DEMOWEEKNEXTRDVA', status: 'captured' },
    ...(sector === 'lawyer' ? [{ ref: 'DEMOWEEKNEXTRDVD', status: 'legal_aid' as const }] : []),
  ];
  let payments = 0;
  for (const row of rows) {
    const result = await db.execute(sql`
      INSERT INTO appointment_payments (appointment_id, user_id, status, amount_cents, cancellation_deadline_hours,
                                        late_cancellation_refund, legal_aid, payment_intent_id, authorized_at, captured_at,
                                        destination_account_id)
      SELECT a.id, a.user_id, ${row.status}, ${DEMO_PRICE_CENTS}, 48, 'half', ${row.status === 'legal_aid'},
             ${row.status === 'captured' ? `pi_demo_${row.ref.toLowerCase()}` : null},
             ${row.status === 'captured' ? sql`now() - interval '3 days'` : null},
             ${row.status === 'captured' ? sql`now() - interval '2 days'` : null},
             ${row.status === 'captured' ? DEMO_CONNECTED_ACCOUNT : null}
        FROM appointments a
       WHERE a.ref_appointment = ${row.ref} AND a.user_id = ${paid.user_id} AND a.motive_id = ${paid.id}
      ON CONFLICT (appointment_id) DO UPDATE SET status = excluded.status, legal_aid = excluded.legal_aid,
                                                 destination_account_id = excluded.destination_account_id`);
    payments += result.rowCount ?? 0;
  }
  return { payments };
}
