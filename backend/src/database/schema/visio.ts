import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './directory';

/** Where a professional's video appointments take place. */
export const VISIO_PROVIDERS = ['google_meet', 'teams', 'jitsi', 'own_link'] as const;
export type VisioProvider = (typeof VISIO_PROVIDERS)[number];

/**
 * The professional's choice of video link. No row (or `provider` null) means "automatic": Google Meet with a
 * Google write-back calendar, Teams with an Office 365 one, else the site's Jitsi, else their own room link.
 */
export const visioSettings = pgTable(
  'visio_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: VISIO_PROVIDERS }),
    /** the professional's own meeting room (https only) */
    ownLinkUrl: text('own_link_url'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'visio_settings_provider_values',
      sql`${t.provider} IS NULL OR ${t.provider} IN ('google_meet', 'teams', 'jitsi', 'own_link')`,
    ),
    check('visio_settings_own_link_https', sql`${t.ownLinkUrl} IS NULL OR ${t.ownLinkUrl} LIKE 'https://%'`),
  ],
);
