import { sql } from 'drizzle-orm';
import type { SectorKey } from '@rdv/sectors';
import type { FileStorage } from '../../common/file-storage';
import type { Database } from '../../database/database.types';
import { agreementPdf } from './agreement-pdf';
import { newAgreementName } from './agreement-storage';
import { fillAgreement, MODEL_TERMS, sha256 } from './agreement-text';

/**
 * The demo lawyer's paid motive gets the shipped model as its fee agreement terms, and next week's paid,
 * validated meeting (DEMOWEEKNEXTRDVA) the agreement its client accepted, with its PDF when the storage is
 * given. Idempotent: a motive with terms and an appointment with evidence are left alone (evidence never changes).
 */
export async function seedDemoFeeAgreement(
  db: Database,
  professionalEmail: string,
  sector: SectorKey,
  storage: FileStorage | undefined,
): Promise<{ terms: boolean; agreements: number }> {
  if (sector !== 'lawyer') return { terms: false, agreements: 0 };
  const motive = await db.execute<{ id: string; user_id: string; title: string; price_cents: number }>(sql`
    SELECT m.id, m.user_id, m.title, m.price_cents FROM motives m JOIN users u ON u.id = m.user_id
     WHERE u.email = ${professionalEmail} AND m.payment_rule = 'at_booking'
     ORDER BY m.position, m.created_at LIMIT 1`);
  const paid = motive.rows[0];
  if (!paid) return { terms: false, agreements: 0 };
  const hash = sha256(MODEL_TERMS);
  const terms = await db.execute(sql`
    INSERT INTO motive_agreement_versions (motive_id, user_id, terms, hash)
    SELECT ${paid.id}, ${paid.user_id}, ${MODEL_TERMS}, ${hash}
     WHERE NOT EXISTS (SELECT 1 FROM motive_agreement_versions WHERE motive_id = ${paid.id})`);
  const version = await db.execute<{ id: string; terms: string; hash: string }>(sql`
    SELECT id, terms, hash FROM motive_agreement_versions WHERE motive_id = ${paid.id} AND terms IS NOT NULL
     ORDER BY created_at DESC LIMIT 1`);
  const current = version.rows[0];
  const appointment = await db.execute<{
    id: string;
    ref_appointment: string;
    attendee_id: string;
    starts_at: Date;
    client: string;
    pro: string;
  }>(sql`
    SELECT a.id, a.ref_appointment, a.attendee_id, a.starts_at,
           trim(coalesce(at.first_name, '') || ' ' || coalesce(at.last_name, '')) AS client,
           'Maître ' || u.first_name || ' ' || u.last_name AS pro
      FROM appointments a JOIN attendees at ON at.id = a.attendee_id JOIN users u ON u.id = a.user_id
     WHERE a.ref_appointment = 'DEMOWEEKNEXTRDVA' AND a.motive_id = ${paid.id}
       AND NOT EXISTS (SELECT 1 FROM fee_agreements f WHERE f.appointment_id = a.id)`);
  const row = appointment.rows[0];
  if (!row || !current || !storage) return { terms: (terms.rowCount ?? 0) > 0, agreements: 0 };
  const acceptedAt = new Date(Date.now() - 3 * 86_400_000);
  const filledText = fillAgreement(current.terms, {
    professional: row.pro,
    client: row.client,
    service: paid.title,
    priceCents: paid.price_cents,
    startsAt: new Date(row.starts_at),
  });
  const filledHash = sha256(filledText);
  // A documentation address (RFC 5737): the demo's client never connected from anywhere.
  const clientIp = '192.0.2.10';
  const pdf = await agreementPdf(filledText, {
    acceptedAt,
    clientIp,
    versionHash: current.hash,
    filledHash,
    refAppointment: row.ref_appointment,
  });
  const name = newAgreementName();
  await storage.put(name, pdf);
  await db.execute(sql`
    INSERT INTO fee_agreements (appointment_id, ref_appointment, user_id, attendee_id, motive_id, version_id,
                                version_hash, filled_text, filled_hash, price_cents, accepted_at, client_ip,
                                pdf_storage_name, pdf_sha256)
    VALUES (${row.id}, ${row.ref_appointment}, ${paid.user_id}, ${row.attendee_id}, ${paid.id}, ${current.id},
            ${current.hash}, ${filledText}, ${filledHash}, ${paid.price_cents}, ${acceptedAt}, ${clientIp},
            ${name}, ${sha256(pdf)})`);
  return { terms: (terms.rowCount ?? 0) > 0, agreements: 1 };
}
