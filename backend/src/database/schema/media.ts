import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Images uploaded by administrators (react-admin "images" resource) for articles and pages.
 * The pixels live in the media storage under `file_key` (a content hash, see modules/media):
 * `<file_key>.webp` (at most 1600 px wide) and `<file_key>-400.webp` (thumbnail). Professionals'
 * photos have no row here: `users.picture` holds their public URL.
 */
export const images = pgTable(
  'images',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    title: text('title').notNull(),
    /** Text read by screen readers in place of the image. */
    alt: text('alt').notNull(),
    fileKey: text('file_key').notNull(),
    /** Size of the full variant as served, in pixels. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The key becomes a file name: the database refuses anything but the hash format.
    check('images_file_key_format', sql`${t.fileKey} ~ '^[0-9a-f]{32}$'`),
    index('images_created_at_idx').on(t.createdAt.desc()),
  ],
);
