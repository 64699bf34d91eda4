CREATE TABLE "billing_companies" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"legal_form" text NOT NULL,
	"capital" text NOT NULL,
	"siren" text NOT NULL,
	"siret" text NOT NULL,
	"rcs" text NOT NULL,
	"vat_number" text NOT NULL,
	"street" text NOT NULL,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"email" text NOT NULL,
	"invoice_prefix" text DEFAULT 'F' NOT NULL,
	"next_number" bigint DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_customers" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"stripe_customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_customers_stripe_customer_id_unique" UNIQUE("stripe_customer_id")
);
--> statement-breakpoint
CREATE TABLE "billing_drifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stripe_subscription_id" text NOT NULL,
	"field" text NOT NULL,
	"ours" text,
	"theirs" text,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" smallint NOT NULL,
	"sequence" bigint NOT NULL,
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid NOT NULL,
	"stripe_invoice_id" text,
	"credited_invoice_id" uuid,
	"issued_on" date NOT NULL,
	"period_start" date,
	"period_end" date,
	"total_ht" integer NOT NULL,
	"vat_rate" smallint NOT NULL,
	"total_vat" integer NOT NULL,
	"total_ttc" integer NOT NULL,
	"document" jsonb NOT NULL,
	"pdf" "bytea" NOT NULL,
	"facturx_xml" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_invoices_company_sequence" UNIQUE("company_id","sequence"),
	CONSTRAINT "billing_invoices_number" UNIQUE("number"),
	CONSTRAINT "billing_invoices_stripe_kind" UNIQUE("stripe_invoice_id","kind"),
	CONSTRAINT "billing_invoices_totals" CHECK ("billing_invoices"."total_ttc" = "billing_invoices"."total_ht" + "billing_invoices"."total_vat")
);
--> statement-breakpoint
CREATE TABLE "billing_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"firm_name" text NOT NULL,
	"siren" text,
	"street" text NOT NULL,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_subscriptions" (
	"stripe_subscription_id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"stripe_customer_id" text NOT NULL,
	"status" text NOT NULL,
	"price_id" text NOT NULL,
	"unit_amount" integer NOT NULL,
	"schedule_id" text,
	"intro_ends_at" timestamp with time zone,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"canceled_at" timestamp with time zone,
	"payment_method_label" text,
	"past_due_since" timestamp with time zone,
	"failed_payments" integer DEFAULT 0 NOT NULL,
	"formal_notice_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "einvoice_transmissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"adapter" text NOT NULL,
	"payload" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "einvoice_transmissions_invoice_id_unique" UNIQUE("invoice_id")
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "billing_suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" drop column "is_public";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_public" boolean GENERATED ALWAYS AS (is_active AND password_hash IS NOT NULL AND billing_suspended_at IS NULL) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "users_public_lat_lon_idx" ON "users" USING btree ("latitude","longitude") WHERE "users"."is_public";--> statement-breakpoint
ALTER TABLE "billing_customers" ADD CONSTRAINT "billing_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_company_id_billing_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."billing_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_profiles" ADD CONSTRAINT "billing_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD CONSTRAINT "billing_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "einvoice_transmissions" ADD CONSTRAINT "einvoice_transmissions_invoice_id_billing_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."billing_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_invoices_user_idx" ON "billing_invoices" USING btree ("user_id","issued_on");--> statement-breakpoint
CREATE INDEX "billing_subscriptions_user_idx" ON "billing_subscriptions" USING btree ("user_id");--> statement-breakpoint
-- Invoices and credit notes are never changed nor removed (kept ten years; a mistake is corrected by a credit note).
CREATE OR REPLACE FUNCTION billing_invoices_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'billing_invoices rows are immutable (% refused)', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER billing_invoices_no_update BEFORE UPDATE OR DELETE ON "billing_invoices"
  FOR EACH ROW EXECUTE FUNCTION billing_invoices_immutable();--> statement-breakpoint
CREATE TRIGGER billing_invoices_no_truncate BEFORE TRUNCATE ON "billing_invoices"
  FOR EACH STATEMENT EXECUTE FUNCTION billing_invoices_immutable();
