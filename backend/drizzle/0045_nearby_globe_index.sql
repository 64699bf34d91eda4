-- "Nearby" / "nearest first": a nearest-neighbour (KNN) read of the professionals' points on the unit sphere.
-- The cube type's straight-line distance between two such points orders exactly as the great-circle distance.
-- Idempotent: bench data sets may hold it already.
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_public_globe_idx" ON "users" USING gist (cube(ARRAY[cos(radians("latitude")) * cos(radians("longitude")), cos(radians("latitude")) * sin(radians("longitude")), sin(radians("latitude"))])) WHERE "users"."is_public" AND "users"."latitude" IS NOT NULL AND "users"."longitude" IS NOT NULL;
