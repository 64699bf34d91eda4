-- The console's client search decides from the planner's estimate of a text's matches whether to count them
-- (list-total.ts). That estimate came from the trigram index expression's histogram, 101 values for 300,000 clients:
-- "martin" (6,714 matches, 2.2 %) was estimated 9,091 after one ANALYZE and 3,037 after the next, and each time
-- under 5,005 its first page counted every match (2.1 -> 4.1 ms at one connection). A histogram of 1,001 values
-- holds about 22 of them instead of 2.
ALTER INDEX "attendees_search_trgm_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "attendees";
