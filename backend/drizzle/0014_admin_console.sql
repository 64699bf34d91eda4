CREATE TABLE "speciality_slug_history" (
	"old_slug" text PRIMARY KEY NOT NULL,
	"speciality_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"admin_id" uuid,
	"admin_email" text,
	"action" text NOT NULL,
	"resource" text NOT NULL,
	"resource_id" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "specialities" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "attendees" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "moderated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registration_requests" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "registration_requests" ADD COLUMN "refusal_reason" text;--> statement-breakpoint
ALTER TABLE "registration_requests" ADD COLUMN "professional_id" uuid;--> statement-breakpoint
ALTER TABLE "speciality_slug_history" ADD CONSTRAINT "speciality_slug_history_speciality_id_specialities_id_fk" FOREIGN KEY ("speciality_id") REFERENCES "public"."specialities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_at_idx" ON "admin_audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "admin_audit_log_resource_idx" ON "admin_audit_log" USING btree ("resource","resource_id");--> statement-breakpoint
ALTER TABLE "registration_requests" ADD CONSTRAINT "registration_requests_professional_id_users_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registration_requests_status_created_at_idx" ON "registration_requests" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "registration_requests" ADD CONSTRAINT "registration_requests_status_valid" CHECK ("registration_requests"."status" IN ('pending', 'accepted', 'refused'));--> statement-breakpoint
-- The flags of spec §3 (one row shared by every UI); existing values win over the defaults.
INSERT INTO "site_config" ("key", "value") VALUES ('flags', '{"specialities_enabled": true, "user_card_default": false, "sponsorship": true, "client_folders": true}'::jsonb)
ON CONFLICT ("key") DO UPDATE SET "value" = EXCLUDED."value" || "site_config"."value";
