CREATE TABLE "appointment_payments" (
	"appointment_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"refund_due_cents" integer DEFAULT 0 NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"cancellation_deadline_hours" integer NOT NULL,
	"late_cancellation_refund" text NOT NULL,
	"legal_aid" boolean DEFAULT false NOT NULL,
	"charge_at_validation" boolean DEFAULT false NOT NULL,
	"checkout_session_id" text,
	"checkout_url" text,
	"payment_intent_id" text,
	"customer_id" text,
	"payment_method_id" text,
	"hold_expires_at" timestamp with time zone,
	"authorized_at" timestamp with time zone,
	"captured_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_payments_checkout_session_id_unique" UNIQUE("checkout_session_id"),
	CONSTRAINT "appointment_payments_status_values" CHECK ("appointment_payments"."status" IN ('awaiting_payment', 'authorized', 'captured', 'refunded', 'partially_refunded', 'expired', 'legal_aid', 'failed')),
	CONSTRAINT "appointment_payments_amount_positive" CHECK ("appointment_payments"."amount_cents" >= 0),
	CONSTRAINT "appointment_payments_refund_bounds" CHECK ("appointment_payments"."refunded_cents" >= 0 AND "appointment_payments"."refunded_cents" <= "appointment_payments"."amount_cents" AND "appointment_payments"."refund_due_cents" BETWEEN 0 AND "appointment_payments"."amount_cents")
);
--> statement-breakpoint
ALTER TABLE "motives" ADD COLUMN "price_cents" integer;--> statement-breakpoint
ALTER TABLE "motives" ADD COLUMN "payment_rule" text DEFAULT 'free' NOT NULL;--> statement-breakpoint
ALTER TABLE "motives" ADD COLUMN "cancellation_deadline_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "motives" ADD COLUMN "late_cancellation_refund" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "motives" ADD COLUMN "accepts_legal_aid" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_payments" ADD CONSTRAINT "appointment_payments_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_payments" ADD CONSTRAINT "appointment_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_payments_user_idx" ON "appointment_payments" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "motives" ADD CONSTRAINT "motives_payment_rule_values" CHECK ("motives"."payment_rule" IN ('free', 'at_booking'));--> statement-breakpoint
ALTER TABLE "motives" ADD CONSTRAINT "motives_late_refund_values" CHECK ("motives"."late_cancellation_refund" IN ('none', 'half', 'all'));--> statement-breakpoint
ALTER TABLE "motives" ADD CONSTRAINT "motives_price_range" CHECK ("motives"."price_cents" IS NULL OR "motives"."price_cents" BETWEEN 100 AND 1000000);--> statement-breakpoint
ALTER TABLE "motives" ADD CONSTRAINT "motives_paid_has_price" CHECK ("motives"."payment_rule" = 'free' OR "motives"."price_cents" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "motives" ADD CONSTRAINT "motives_deadline_range" CHECK ("motives"."cancellation_deadline_hours" BETWEEN 0 AND 720);