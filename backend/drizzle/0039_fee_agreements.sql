CREATE TABLE "fee_agreements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"ref_appointment" text NOT NULL,
	"user_id" uuid NOT NULL,
	"attendee_id" uuid NOT NULL,
	"motive_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"version_hash" text NOT NULL,
	"filled_text" text NOT NULL,
	"filled_hash" text NOT NULL,
	"price_cents" integer NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"client_ip" text NOT NULL,
	"pdf_storage_name" text NOT NULL,
	"pdf_sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_agreements_appointment_id_unique" UNIQUE("appointment_id")
);
--> statement-breakpoint
CREATE TABLE "motive_agreement_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"motive_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"terms" text,
	"hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "motive_agreement_versions_hash" CHECK (("motive_agreement_versions"."terms" IS NULL) = ("motive_agreement_versions"."hash" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "motive_agreement_versions" ADD CONSTRAINT "motive_agreement_versions_motive_id_motives_id_fk" FOREIGN KEY ("motive_id") REFERENCES "public"."motives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "motive_agreement_versions" ADD CONSTRAINT "motive_agreement_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fee_agreements_user_idx" ON "fee_agreements" USING btree ("user_id","accepted_at");--> statement-breakpoint
CREATE INDEX "fee_agreements_attendee_idx" ON "fee_agreements" USING btree ("attendee_id");--> statement-breakpoint
CREATE INDEX "motive_agreement_versions_motive_idx" ON "motive_agreement_versions" USING btree ("motive_id","created_at");--> statement-breakpoint
-- The evidence of an accepted fee agreement is written once: no UPDATE, no DELETE, whoever asks.
CREATE FUNCTION fee_agreements_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'fee_agreements rows are evidence: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER fee_agreements_no_update_delete BEFORE UPDATE OR DELETE ON fee_agreements
  FOR EACH ROW EXECUTE FUNCTION fee_agreements_immutable();--> statement-breakpoint
CREATE TRIGGER fee_agreements_no_truncate BEFORE TRUNCATE ON fee_agreements
  FOR EACH STATEMENT EXECUTE FUNCTION fee_agreements_immutable();
