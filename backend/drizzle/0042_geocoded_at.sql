ALTER TABLE "teams" ADD COLUMN "geocoded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "geocoded_at" timestamp with time zone;