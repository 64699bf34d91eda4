CREATE TABLE "appointment_calendar_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"external_calendar_id" uuid NOT NULL,
	"event_uid" text NOT NULL,
	"event_ref" text,
	"etag" text,
	"written_starts_at" timestamp with time zone,
	"written_ends_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"account_label" text NOT NULL,
	"server_url" text,
	"credentials_ciphertext" text NOT NULL,
	"credentials_key_id" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"last_ok_at" timestamp with time zone,
	"pause_booking_when_broken" boolean DEFAULT false NOT NULL,
	"reauth_mail_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_connections_provider_values" CHECK ("calendar_connections"."provider" IN ('google', 'caldav', 'apple', 'office365', 'live', 'exchange')),
	CONSTRAINT "calendar_connections_status_values" CHECK ("calendar_connections"."status" IN ('active', 'needs_reauth', 'error'))
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"generation" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_calendars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"display_name" text NOT NULL,
	"color" text,
	"use_for_busy" boolean DEFAULT false NOT NULL,
	"is_write_target" boolean DEFAULT false NOT NULL,
	"all_day_blocks" boolean DEFAULT true NOT NULL,
	"sync_cursor" text,
	"ctag" text,
	"last_synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "external_busy_times" ADD COLUMN "external_calendar_id" uuid;--> statement-breakpoint
ALTER TABLE "external_busy_times" ADD COLUMN "event_key" text;--> statement-breakpoint
ALTER TABLE "external_busy_times" ADD COLUMN "own_event" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_calendar_events" ADD CONSTRAINT "appointment_calendar_events_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_calendar_events" ADD CONSTRAINT "appointment_calendar_events_external_calendar_id_external_calendars_id_fk" FOREIGN KEY ("external_calendar_id") REFERENCES "public"."external_calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD CONSTRAINT "calendar_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_calendars" ADD CONSTRAINT "external_calendars_connection_id_calendar_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."calendar_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_calendars" ADD CONSTRAINT "external_calendars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_calendar_events_target" ON "appointment_calendar_events" USING btree ("appointment_id","external_calendar_id");--> statement-breakpoint
CREATE INDEX "appointment_calendar_events_uid_idx" ON "appointment_calendar_events" USING btree ("event_uid");--> statement-breakpoint
CREATE INDEX "calendar_connections_user_idx" ON "calendar_connections" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_connections_account" ON "calendar_connections" USING btree ("user_id","provider","account_label");--> statement-breakpoint
CREATE UNIQUE INDEX "external_calendars_connection_external_id" ON "external_calendars" USING btree ("connection_id","external_id");--> statement-breakpoint
CREATE INDEX "external_calendars_user_idx" ON "external_calendars" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "external_calendars_one_write_target" ON "external_calendars" USING btree ("user_id") WHERE "external_calendars"."is_write_target";--> statement-breakpoint
ALTER TABLE "external_busy_times" ADD CONSTRAINT "external_busy_times_external_calendar_id_external_calendars_id_fk" FOREIGN KEY ("external_calendar_id") REFERENCES "public"."external_calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "external_busy_times_calendar_event_idx" ON "external_busy_times" USING btree ("external_calendar_id","event_key");