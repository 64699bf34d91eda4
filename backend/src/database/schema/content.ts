import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './directory';

/** Guide articles ("posts" in the admin). A null `publishedAt` is a draft; a future one is scheduled. */
export const posts = pgTable(
  'posts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    excerpt: text('excerpt'),
    /** HTML (sanitised by the admin editor) or Markdown. */
    content: text('content').notNull(),
    author: text('author'),
    seoDescription: text('seo_description'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('posts_published_at_idx')
      .on(t.publishedAt.desc())
      .where(sql`${t.publishedAt} IS NOT NULL`),
  ],
);

/** Redirects configured by administrators, looked up by path by the web gateway. */
export const redirects = pgTable(
  'redirects',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    fromPath: text('from_path').notNull(),
    toPath: text('to_path').notNull(),
    status: smallint('status').notNull().default(301),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('redirects_from_path_unique').on(t.fromPath),
    check('redirects_status_valid', sql`${t.status} IN (301, 302, 307, 308)`),
  ],
);

export const REGISTRATION_REQUEST_STATUSES = ['pending', 'accepted', 'refused'] as const;

/** Requests sent from /demande-inscription by professionals who want to join. */
export const registrationRequests = pgTable(
  'registration_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    civility: text('civility').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    officeName: text('office_name'),
    /** Office registration number, as typed. */
    officeNumber: text('office_number'),
    city: text('city').notNull(),
    message: text('message'),
    /** The sponsor's code of the referral link the applicant came from, as typed (checked on acceptance). */
    referralCode: text('referral_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    /** pending until an administrator accepts (professional created) or refuses (reason mailed). */
    status: text('status', { enum: REGISTRATION_REQUEST_STATUSES }).notNull().default('pending'),
    refusalReason: text('refusal_reason'),
    /** The pending professional created on acceptance. */
    professionalId: uuid('professional_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('registration_requests_status_valid', sql`${t.status} IN ('pending', 'accepted', 'refused')`),
    index('registration_requests_status_created_at_idx').on(t.status, t.createdAt),
  ],
);

/** Every write an administrator makes from the console: who, what, when, before / after. Read-only. */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** admins.id of the actor (no FK: the trail survives the admin's removal). */
    adminId: uuid('admin_id'),
    adminEmail: text('admin_email'),
    /** e.g. create, update, delete, accept, refuse, cancel, deactivate, erase. */
    action: text('action').notNull(),
    resource: text('resource').notNull(),
    resourceId: text('resource_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_audit_log_created_at_idx').on(t.createdAt),
    index('admin_audit_log_resource_idx').on(t.resource, t.resourceId),
  ],
);

/** One row per phone number revealed on a public profile (shown to the professional in /user/appels). */
export const calls = pgTable(
  'calls',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the caller's IP and a server secret: counts distinct callers without storing the IP. */
    ipHash: text('ip_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('calls_user_id_created_at_idx').on(t.userId, t.createdAt)],
);
