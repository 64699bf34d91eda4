ALTER TABLE "attendees" ADD COLUMN "pending_email" text;--> statement-breakpoint
ALTER TABLE "appointment_details" ADD COLUMN "contact_first_name" text;--> statement-breakpoint
ALTER TABLE "appointment_details" ADD COLUMN "contact_last_name" text;--> statement-breakpoint
ALTER TABLE "appointment_details" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "appointment_details" ADD COLUMN "contact_phone_country_code" text;--> statement-breakpoint
-- Appointments entered by hand before this change: keep the names the professional saw, not the account's phone.
UPDATE "appointment_details" d SET "contact_first_name" = at."first_name", "contact_last_name" = at."last_name"
FROM "appointments" a JOIN "attendees" at ON at."id" = a."attendee_id"
WHERE d."appointment_id" = a."id" AND d."created_by" = 'user';
