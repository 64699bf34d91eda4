import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Second factors of professionals and administrators: authenticator apps (TOTP) and passkeys (WebAuthn).
 * A TOTP secret is sealed with the key ring of calendar credentials (`secretCiphertext` + `secretKeyId`,
 * bound to the row id): a copy of the database alone does not give the codes. A passkey keeps only its
 * public key (nothing secret) and its signature counter. A TOTP row is usable once `confirmedAt` is set
 * (the owner typed a first code from the app); unconfirmed rows are replaced by the next enrolment.
 */
export const secondFactors = pgTable(
  'second_factors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountKind: text('account_kind').notNull(),
    accountId: uuid('account_id').notNull(),
    /** totp | passkey */
    type: text('type').notNull(),
    label: text('label').notNull(),
    secretCiphertext: text('secret_ciphertext'),
    secretKeyId: text('secret_key_id'),
    /** Passkey: credential id (base64url), public key (base64url COSE), signature counter, transports. */
    credentialId: text('credential_id'),
    publicKey: text('public_key'),
    signCount: integer('sign_count').notNull().default(0),
    transports: text('transports').array(),
    /** TOTP: time step of the last accepted code, so a code is accepted once. */
    lastTimeStep: integer('last_time_step'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    index('second_factors_account_idx').on(t.accountKind, t.accountId),
    uniqueIndex('second_factors_credential_id_idx').on(t.credentialId),
    check('second_factors_kind_check', sql`${t.accountKind} IN ('admin', 'user')`),
    check('second_factors_type_check', sql`${t.type} IN ('totp', 'passkey')`),
  ],
);

/**
 * Single-use recovery codes, shown once when the first factor is enrolled. Only a SHA-256 of each
 * code is kept (the codes are 50 random bits, not passwords: a plain hash is enough).
 */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountKind: text('account_kind').notNull(),
    accountId: uuid('account_id').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('recovery_codes_account_idx').on(t.accountKind, t.accountId),
    check('recovery_codes_kind_check', sql`${t.accountKind} IN ('admin', 'user')`),
  ],
);
