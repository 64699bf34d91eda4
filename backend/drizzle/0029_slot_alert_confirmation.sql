ALTER TABLE "slot_alerts" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
-- Alerts that already reached their address (a mail with a way out was sent, and not used) count as confirmed;
-- the others wait for a confirmation like new ones and are deleted 48 hours after they were asked.
UPDATE "slot_alerts" SET "confirmed_at" = "last_alerted_at" WHERE "last_alerted_at" IS NOT NULL;
