CREATE INDEX "appointments_created_at_idx" ON "appointments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "appointments_updated_at_idx" ON "appointments" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "appointments_pending_created_idx" ON "appointments" USING btree ("created_at") WHERE "appointments"."status" = 'pending';