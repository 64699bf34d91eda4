-- Directory search and city autocomplete (issue 4). Custom SQL: drizzle has no syntax for
-- expression indexes on a function, collations in index columns or partial composite indexes.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- Accent- and punctuation-insensitive form used to match city names: 'Saint-Étienne' -> 'saint-etienne'.
-- IMMUTABLE wrapper (unaccent() itself is only STABLE) so it can be indexed; the dictionary is named
-- with its schema so the result does not depend on search_path.
CREATE OR REPLACE FUNCTION search_normalize(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT trim(both '-' from regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, value)), '[^a-z0-9]+', '-', 'g')) $$;
--> statement-breakpoint
CREATE INDEX "cities_search_name_idx" ON "cities" (search_normalize("name") text_pattern_ops);
--> statement-breakpoint
-- Search listing: active professionals of a city, online-booking first, then by name (French collation),
-- read in index order so a page is a LIMIT over the index.
CREATE INDEX "users_directory_listing_idx" ON "users" ("city_id", "accepts_online_booking" DESC, "last_name" COLLATE "fr-x-icu", "first_name" COLLATE "fr-x-icu", "id") WHERE "is_active";
--> statement-breakpoint
CREATE INDEX "users_directory_team_idx" ON "users" ("team_id", "accepts_online_booking" DESC, "last_name" COLLATE "fr-x-icu", "first_name" COLLATE "fr-x-icu", "id") WHERE "is_active";
