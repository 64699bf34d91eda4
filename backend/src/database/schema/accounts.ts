import { sql } from 'drizzle-orm';
import { boolean, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Back-office administrators. `email` is stored lower-case. */
export const admins = pgTable('admins', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Clients who book appointments. `email` is stored lower-case. */
export const attendees = pgTable(
  'attendees',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    civility: text('civility'),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** A client booking for their company: its name and SIRET go on the fee note, sent as Factur-X. */
    companyName: text('company_name'),
    companySiret: text('company_siret'),
    birthdate: date('birthdate'),
    /** E.164 */
    phone: text('phone'),
    /** FR | BE | CH */
    phoneCountryCode: text('phone_country_code'),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    cguAcceptedAt: timestamp('cgu_accepted_at', { withTimezone: true }),
    /** The address the client asked to sign in with, until they open the link mailed to it. */
    pendingEmail: text('pending_email'),
    /** False once an administrator deactivated the account (no sign-in). An erased account has no row at all. */
    isActive: boolean('is_active').notNull().default(true),
    privacyAcceptedAt: timestamp('privacy_accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The console's client list, newest first by default: its pages read this index, not the whole table.
    index('attendees_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    // The console's text search (`q`, any part of the address, names or phone): trigrams of the four columns
    // joined by chr(31) (ATTENDEE_SEARCH_TEXT in accounts.repository.ts, the same expression), so `ILIKE '%martin%'`
    // reads this index instead of every client.
    // Written through (fastupdate off): with GIN's pending list, the client rows changed since the last vacuum
    // (2,400 in the scale bench, 323 pending pages) made the index look dearer than reading every client, so the
    // search's capped count read the whole table (5,000 professionals: 1.0 -> 21.7 ms; 80,000: 3.8 -> 50.8 ms).
    // A client row's write updates the index at once instead: clients are written far less often than searched.
    index('attendees_search_trgm_idx')
      .using(
        'gin',
        sql`(${t.email} || chr(31) || coalesce(${t.lastName}, '') || chr(31) || coalesce(${t.firstName}, '') || chr(31) || coalesce(${t.phone}, '')) gin_trgm_ops`,
      )
      .with({ fastupdate: false }),
  ],
);
