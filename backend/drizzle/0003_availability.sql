CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ref_appointment" text NOT NULL,
	"user_id" uuid NOT NULL,
	"calendar_id" uuid NOT NULL,
	"motive_id" uuid,
	"attendee_id" uuid,
	"mode" text DEFAULT 'in_person' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"title" text,
	"location" text,
	"timezone" text DEFAULT 'Europe/Paris' NOT NULL,
	"attendees_count" integer DEFAULT 1 NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_ref_appointment_unique" UNIQUE("ref_appointment"),
	CONSTRAINT "appointments_end_after_start" CHECK ("appointments"."ends_at" > "appointments"."starts_at"),
	CONSTRAINT "appointments_mode_values" CHECK ("appointments"."mode" IN ('in_person', 'visio', 'phone')),
	CONSTRAINT "appointments_status_values" CHECK ("appointments"."status" IN ('pending', 'confirmed', 'refused', 'cancelled')),
	CONSTRAINT "appointments_attendees_count_positive" CHECK ("appointments"."attendees_count" >= 1)
);
--> statement-breakpoint
CREATE TABLE "availability_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"amplitude_start" time,
	"amplitude_end" time,
	"holiday_country" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_settings_amplitude_order" CHECK ("availability_settings"."amplitude_start" IS NULL OR "availability_settings"."amplitude_end" IS NULL OR "availability_settings"."amplitude_end" > "availability_settings"."amplitude_start"),
	CONSTRAINT "availability_settings_holiday_country" CHECK ("availability_settings"."holiday_country" IS NULL OR "availability_settings"."holiday_country" IN ('FR', 'BE', 'CH'))
);
--> statement-breakpoint
CREATE TABLE "calendars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT '#c62828' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_busy_times" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"calendar_id" uuid,
	"source" text NOT NULL,
	"external_id" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "external_busy_times_end_after_start" CHECK ("external_busy_times"."ends_at" > "external_busy_times"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "holiday_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "holiday_periods_end_not_before_start" CHECK ("holiday_periods"."ends_on" >= "holiday_periods"."starts_on")
);
--> statement-breakpoint
CREATE TABLE "motives" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"notice_minutes" integer DEFAULT 0 NOT NULL,
	"not_before_hour" smallint,
	"not_after_months" integer DEFAULT 3 NOT NULL,
	"in_person_allowed" boolean DEFAULT true NOT NULL,
	"visio_allowed" boolean DEFAULT false NOT NULL,
	"phone_allowed" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "motives_duration_multiple_of_5" CHECK ("motives"."duration_minutes" > 0 AND "motives"."duration_minutes" % 5 = 0),
	CONSTRAINT "motives_notice_not_negative" CHECK ("motives"."notice_minutes" >= 0),
	CONSTRAINT "motives_not_before_hour_range" CHECK ("motives"."not_before_hour" IS NULL OR "motives"."not_before_hour" BETWEEN 0 AND 23),
	CONSTRAINT "motives_not_after_months_positive" CHECK ("motives"."not_after_months" > 0)
);
--> statement-breakpoint
CREATE TABLE "unavailability_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"calendar_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unavailability_periods_end_after_start" CHECK ("unavailability_periods"."ends_at" > "unavailability_periods"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "weekly_availabilities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"calendar_id" uuid NOT NULL,
	"weekday" smallint NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"motive_ids" uuid[],
	CONSTRAINT "weekly_availabilities_weekday_range" CHECK ("weekly_availabilities"."weekday" BETWEEN 1 AND 7),
	CONSTRAINT "weekly_availabilities_end_after_start" CHECK ("weekly_availabilities"."end_time" > "weekly_availabilities"."start_time")
);
--> statement-breakpoint
CREATE TABLE "worked_public_holiday_months" (
	"user_id" uuid NOT NULL,
	"month" text NOT NULL,
	CONSTRAINT "worked_public_holiday_months_user_id_month_pk" PRIMARY KEY("user_id","month"),
	CONSTRAINT "worked_public_holiday_months_format" CHECK ("worked_public_holiday_months"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_calendar_id_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."calendars"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_motive_id_motives_id_fk" FOREIGN KEY ("motive_id") REFERENCES "public"."motives"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_attendee_id_attendees_id_fk" FOREIGN KEY ("attendee_id") REFERENCES "public"."attendees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_settings" ADD CONSTRAINT "availability_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendars" ADD CONSTRAINT "calendars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_busy_times" ADD CONSTRAINT "external_busy_times_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_busy_times" ADD CONSTRAINT "external_busy_times_calendar_id_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holiday_periods" ADD CONSTRAINT "holiday_periods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "motives" ADD CONSTRAINT "motives_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unavailability_periods" ADD CONSTRAINT "unavailability_periods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unavailability_periods" ADD CONSTRAINT "unavailability_periods_calendar_id_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_availabilities" ADD CONSTRAINT "weekly_availabilities_calendar_id_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worked_public_holiday_months" ADD CONSTRAINT "worked_public_holiday_months_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_user_starts_idx" ON "appointments" USING btree ("user_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_attendee_id_idx" ON "appointments" USING btree ("attendee_id");--> statement-breakpoint
CREATE INDEX "calendars_user_id_idx" ON "calendars" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendars_one_default_per_user" ON "calendars" USING btree ("user_id") WHERE "calendars"."is_default";--> statement-breakpoint
CREATE INDEX "external_busy_times_user_starts_idx" ON "external_busy_times" USING btree ("user_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "external_busy_times_source_event" ON "external_busy_times" USING btree ("user_id","source","external_id");--> statement-breakpoint
CREATE INDEX "holiday_periods_user_id_idx" ON "holiday_periods" USING btree ("user_id","starts_on");--> statement-breakpoint
CREATE INDEX "motives_user_id_idx" ON "motives" USING btree ("user_id","position");--> statement-breakpoint
CREATE INDEX "unavailability_periods_user_starts_idx" ON "unavailability_periods" USING btree ("user_id","starts_at");--> statement-breakpoint
CREATE INDEX "weekly_availabilities_calendar_id_idx" ON "weekly_availabilities" USING btree ("calendar_id","weekday");