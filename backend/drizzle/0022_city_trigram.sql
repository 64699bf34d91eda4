-- Issue 14 point 4: an unknown commune typed by a visitor ("st etienne", "marseile") proposes the closest
-- names. Trigram similarity over the same accent- and punctuation-free form as the autocomplete, indexed.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "cities_search_name_trgm_idx" ON "cities" USING gin (search_normalize("name") gin_trgm_ops);
