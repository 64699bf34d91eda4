import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Single-use links mailed to an account: password reset (1 h) and the sign-up of a professional
 * created by an admin (7 days). Only the SHA-256 of the token is stored; the token itself exists
 * only in the mail. `accountKind` is admin | user | attendee, `accountId` the id in that table.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountKind: text('account_kind').notNull(),
    accountId: uuid('account_id').notNull(),
    /** password_reset | registration | email_change: a link is accepted only where it was meant for. */
    purpose: text('purpose').notNull().default('password_reset'),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('password_reset_tokens_account_idx').on(t.accountKind, t.accountId),
    check('password_reset_tokens_kind_check', sql`${t.accountKind} IN ('admin', 'user', 'attendee')`),
    check(
      'password_reset_tokens_purpose_check',
      sql`${t.purpose} IN ('password_reset', 'registration', 'email_change')`,
    ),
  ],
);

/**
 * One row per SMS code sent. Expiry, wrong-try limit and send caps (per phone, per IP) are
 * enforced from this table whatever the provider. `codeHash` is set only by the "log" provider
 * (Twilio Verify keeps its codes).
 */
export const phoneVerifications = pgTable(
  'phone_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountKind: text('account_kind').notNull(),
    accountId: uuid('account_id').notNull(),
    /** E.164 */
    phone: text('phone').notNull(),
    /** FR | BE | CH */
    phoneCountryCode: text('phone_country_code').notNull(),
    requesterIp: text('requester_ip').notNull(),
    provider: text('provider').notNull(),
    codeHash: text('code_hash'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
  },
  (t) => [
    index('phone_verifications_account_idx').on(t.accountKind, t.accountId, t.createdAt),
    index('phone_verifications_phone_idx').on(t.phone, t.createdAt),
    index('phone_verifications_ip_idx').on(t.requesterIp, t.createdAt),
    check('phone_verifications_kind_check', sql`${t.accountKind} IN ('admin', 'user', 'attendee')`),
  ],
);

/**
 * Access tokens (stateless JWTs) issued before `revokedBefore` are refused by the guards: set when a
 * password is reset and when a professional is deactivated. One row per account, upserted.
 */
export const sessionRevocations = pgTable(
  'session_revocations',
  {
    accountKind: text('account_kind').notNull(),
    accountId: uuid('account_id').notNull(),
    revokedBefore: timestamp('revoked_before', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountKind, t.accountId] }),
    check('session_revocations_kind_check', sql`${t.accountKind} IN ('admin', 'user', 'attendee')`),
  ],
);

/**
 * Single access tokens ended by a logout, by JWT id. A row is useless once the token has expired
 * (`expiresAt` = the token's `exp`), so expired rows are purged on the next logout.
 */
export const revokedAccessTokens = pgTable(
  'revoked_access_tokens',
  {
    jti: text('jti').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('revoked_access_tokens_expires_at_idx').on(t.expiresAt)],
);
