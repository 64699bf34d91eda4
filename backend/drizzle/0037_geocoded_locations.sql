ALTER TABLE "teams" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "location_precision" text DEFAULT 'commune' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "location_precision" text DEFAULT 'commune' NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_location_precision_check" CHECK ("teams"."location_precision" IN ('address', 'commune'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_location_precision_check" CHECK ("users"."location_precision" IN ('address', 'commune'));--> statement-breakpoint
-- Existing offices start at their commune's centre, like the professionals (precision 'commune' by the default);
-- the geocoding job places them at their address after the next change of it.
UPDATE "teams" t SET "latitude" = c."latitude", "longitude" = c."longitude" FROM "cities" c WHERE c."id" = t."city_id" AND t."latitude" IS NULL;
