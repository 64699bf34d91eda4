DROP INDEX "appointments_updated_at_idx";--> statement-breakpoint
CREATE INDEX "users_sitemap_idx" ON "users" USING btree ("user_uri","updated_at") WHERE "users"."is_public" AND "users"."indexable";--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "appointments_status_starts_at_idx" ON "appointments" USING btree ("status","starts_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "appointments_updated_at_idx" ON "appointments" USING btree ("updated_at","status");