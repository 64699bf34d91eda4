import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { motives } from './availability';
import { users } from './directory';

/**
 * The fee agreement terms (convention d'honoraires) a lawyer writes for a paid motive, one row per version:
 * editing the terms adds a row, never changes one. The latest row is the motive's current terms; `terms`
 * null means the professional removed them. `hash` is the SHA-256 of `terms` (hex), the version's name in
 * the evidence of an acceptance.
 */
export const motiveAgreementVersions = pgTable(
  'motive_agreement_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    motiveId: uuid('motive_id')
      .notNull()
      .references(() => motives.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    terms: text('terms'),
    hash: text('hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('motive_agreement_versions_motive_idx').on(t.motiveId, t.createdAt),
    check('motive_agreement_versions_hash', sql`(${t.terms} IS NULL) = (${t.hash} IS NULL)`),
  ],
);

/**
 * The evidence of a client's acceptance of a fee agreement at booking: the version accepted (its hash), the
 * text as filled for this appointment, when, by which account, from which address, and the PDF made of it.
 * Written once; a trigger refuses any UPDATE or DELETE (migration), so no foreign key that could cascade:
 * the evidence outlives the appointment and the accounts, as the law of evidence asks.
 */
export const feeAgreements = pgTable(
  'fee_agreements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id').notNull().unique(),
    refAppointment: text('ref_appointment').notNull(),
    userId: uuid('user_id').notNull(),
    attendeeId: uuid('attendee_id').notNull(),
    motiveId: uuid('motive_id').notNull(),
    versionId: uuid('version_id').notNull(),
    /** SHA-256 (hex) of the motive's terms as accepted: the version. */
    versionHash: text('version_hash').notNull(),
    /** The agreement as the client read it: the terms filled with both parties, the service and the fee. */
    filledText: text('filled_text').notNull(),
    /** SHA-256 (hex) of `filled_text`. */
    filledHash: text('filled_hash').notNull(),
    priceCents: integer('price_cents').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
    clientIp: text('client_ip').notNull(),
    /** The PDF in the documents storage (DocumentStorage's names) and its SHA-256. */
    pdfStorageName: text('pdf_storage_name').notNull(),
    pdfSha256: text('pdf_sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('fee_agreements_user_idx').on(t.userId, t.acceptedAt),
    index('fee_agreements_attendee_idx').on(t.attendeeId),
  ],
);
