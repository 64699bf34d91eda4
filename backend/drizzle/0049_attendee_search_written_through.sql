-- The clients' trigram index is written through (no pending list): changed rows left in GIN's pending list made the
-- index look dearer than reading every client. The index is kept (no rebuild); the rows pending now are moved in.
ALTER INDEX "attendees_search_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('attendees_search_trgm_idx'::regclass);
