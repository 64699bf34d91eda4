CREATE TABLE "appointment_reschedule_requests" (
	"appointment_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_reschedule_requests_end_after_start" CHECK ("appointment_reschedule_requests"."ends_at" > "appointment_reschedule_requests"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "external_busy_times" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "appointment_reschedule_requests" ADD CONSTRAINT "appointment_reschedule_requests_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_reschedule_requests_user_idx" ON "appointment_reschedule_requests" USING btree ("user_id","starts_at");--> statement-breakpoint
-- Two pending reschedule proposals of one professional never overlap (as appointments_no_overlap for
-- appointments); a proposal against an appointment is checked under the agenda lock.
ALTER TABLE "appointment_reschedule_requests"
  ADD CONSTRAINT "appointment_reschedule_requests_no_overlap"
  EXCLUDE USING gist ("user_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&);
