CREATE INDEX "attendees_search_trgm_idx" ON "attendees" USING gin (("email" || ' ' || coalesce("last_name", '') || ' ' || coalesce("first_name", '') || ' ' || coalesce("phone", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "reviews_attendee_id_idx" ON "reviews" USING btree ("attendee_id");--> statement-breakpoint
CREATE INDEX "notification_deliveries_recipient_idx" ON "notification_deliveries" USING btree ("recipient");--> statement-breakpoint
CREATE INDEX "slot_alerts_attendee_idx" ON "slot_alerts" USING btree ("attendee_id");--> statement-breakpoint
CREATE INDEX "slot_alerts_email_idx" ON "slot_alerts" USING btree ("email");