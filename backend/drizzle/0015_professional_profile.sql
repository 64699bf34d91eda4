ALTER TABLE "user_specialities" ADD COLUMN "position" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "street" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "postal_code" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "fees_info" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "longitude" double precision;--> statement-breakpoint
-- Practices already placed in a commune get its coordinates (the minimum geocoding until a finer one exists).
UPDATE "users" u SET "latitude" = c."latitude", "longitude" = c."longitude" FROM "cities" c WHERE c."id" = u."city_id" AND u."latitude" IS NULL;
