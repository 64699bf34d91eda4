import { sql } from 'drizzle-orm';
import type { Database } from '../database.types';

export const DEMO_REFERRAL_CODE = 'DEMO-2026';

/**
 * /user/parrainage populated: the demo lawyer has a referral code, a colleague who subscribed through it,
 * one who signed up, and an invitation still waiting. Idempotent: a second run changes nothing.
 */
export async function seedDemoSponsorship(
  db: Database,
  professionalEmail: string,
): Promise<{ referrals: number }> {
  const { rows } = await db.execute<{ id: string }>(sql`
    UPDATE users SET referral_code = COALESCE(referral_code, ${DEMO_REFERRAL_CODE})
    WHERE email = ${professionalEmail} RETURNING id`);
  const sponsorId = rows[0]?.id;
  if (!sponsorId) return { referrals: 0 };
  // Two colleagues from other offices came by the link: the first one pays since last month.
  const referred = await db.execute(sql`
    WITH picked AS (
      SELECT id, row_number() OVER (ORDER BY last_name, id) AS n FROM users
      WHERE is_demo AND id <> ${sponsorId} AND referred_by IS NULL AND password_hash IS NOT NULL
        AND (team_id IS NULL OR team_id <> (SELECT team_id FROM users WHERE id = ${sponsorId}))
        AND NOT EXISTS (SELECT 1 FROM users r WHERE r.referred_by = ${sponsorId})
      ORDER BY last_name, id LIMIT 2)
    UPDATE users u SET referred_by = ${sponsorId},
      subscribed_at = CASE WHEN picked.n = 1 THEN date_trunc('day', now()) - interval '40 days' ELSE u.subscribed_at END
    FROM picked WHERE u.id = picked.id`);
  const invited = await db.execute(sql`
    INSERT INTO referral_invitations (sponsor_id, email, invited_at)
    VALUES (${sponsorId}, 'nouvelle.consoeur@demo.rdv-avocat.fr', now() - interval '3 days')
    ON CONFLICT (sponsor_id, email) DO NOTHING`);
  return { referrals: (referred.rowCount ?? 0) + (invited.rowCount ?? 0) };
}
