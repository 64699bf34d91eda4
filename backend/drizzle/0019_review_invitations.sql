ALTER TABLE "reviews" ADD COLUMN "appointment_id" uuid;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "review_invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_appointment_id_unique" UNIQUE("appointment_id");