import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';

/** Key/value site configuration (default timezone, locales, flags, contact links...). */
export const siteConfig = pgTable('site_config', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});
