import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './directory';
import { folderDocuments } from './client-folders';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const FEE_NOTE_VAT_REGIMES = ['franchise', 'vat'] as const;
export type FeeNoteVatRegime = (typeof FEE_NOTE_VAT_REGIMES)[number];

/**
 * What a professional's fee notes say about VAT. No row: the franchise ("TVA non applicable, art. 293 B du
 * CGI"), the case of most young practices; `vat` needs the intra-community VAT number printed on each note.
 */
export const feeNoteSettings = pgTable(
  'fee_note_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    vatRegime: text('vat_regime', { enum: FEE_NOTE_VAT_REGIMES }).notNull().default('franchise'),
    vatNumber: text('vat_number'),
    /** Percent; 20 is the French standard rate that legal services bear. */
    vatRate: smallint('vat_rate').notNull().default(20),
    /** The practice's SIRET printed on the notes (the office's registration number otherwise). */
    siret: text('siret'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('fee_note_settings_regime', sql`${t.vatRegime} IN ('franchise', 'vat')`),
    check('fee_note_settings_vat_number', sql`${t.vatRegime} = 'franchise' OR ${t.vatNumber} IS NOT NULL`),
  ],
);

/** The next number of a professional's fee notes in a year, taken with the row locked FOR UPDATE. */
export const feeNoteCounters = pgTable(
  'fee_note_counters',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    year: smallint('year').notNull(),
    nextNumber: integer('next_number').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.userId, t.year] })],
);

/**
 * A professional's fee notes (notes d'honoraires) to their client and the credit notes (avoirs) of refunds,
 * one sequence per professional and year ("2026-0001"). Written once in the transaction of the capture or
 * refund, every mention frozen in `document`; a trigger refuses UPDATE and DELETE (kept ten years).
 */
export const feeNotes = pgTable(
  'fee_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** No foreign key: the note outlives the appointment (an erased client's appointment goes, the note stays). */
    appointmentId: uuid('appointment_id').notNull(),
    kind: text('kind', { enum: ['fee_note', 'credit_note'] }).notNull(),
    year: smallint('year').notNull(),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull(),
    /** The fee note a credit note refers to. */
    creditedFeeNoteId: uuid('credited_fee_note_id'),
    issuedOn: date('issued_on').notNull(),
    totalHt: integer('total_ht').notNull(),
    vatRate: smallint('vat_rate').notNull(),
    totalVat: integer('total_vat').notNull(),
    totalTtc: integer('total_ttc').notNull(),
    document: jsonb('document').notNull(),
    pdf: bytea('pdf').notNull(),
    /** Factur-X XML, embedded in the PDF too: only when the client is a business. */
    facturxXml: text('facturx_xml'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('fee_notes_user_sequence').on(t.userId, t.year, t.sequence),
    unique('fee_notes_user_number').on(t.userId, t.number),
    uniqueIndex('fee_notes_one_per_appointment')
      .on(t.appointmentId)
      .where(sql`${t.kind} = 'fee_note'`),
    index('fee_notes_user_idx').on(t.userId, t.createdAt),
    check('fee_notes_kind', sql`${t.kind} IN ('fee_note', 'credit_note')`),
    check('fee_notes_totals', sql`${t.totalTtc} = ${t.totalHt} + ${t.totalVat}`),
  ],
);

/**
 * What became of an issued note (the note itself never changes): the copy filed in the client folder and the
 * mail to the client, each done once by the delivery job.
 */
export const feeNoteDeliveries = pgTable('fee_note_deliveries', {
  feeNoteId: uuid('fee_note_id')
    .primaryKey()
    .references(() => feeNotes.id, { onDelete: 'restrict' }),
  folderDocumentId: uuid('folder_document_id').references(() => folderDocuments.id, {
    onDelete: 'set null',
  }),
  mailedAt: timestamp('mailed_at', { withTimezone: true }),
});
