CREATE TABLE "fee_note_counters" (
	"user_id" uuid NOT NULL,
	"year" smallint NOT NULL,
	"next_number" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "fee_note_counters_user_id_year_pk" PRIMARY KEY("user_id","year")
);
--> statement-breakpoint
CREATE TABLE "fee_note_deliveries" (
	"fee_note_id" uuid PRIMARY KEY NOT NULL,
	"folder_document_id" uuid,
	"mailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fee_note_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"vat_regime" text DEFAULT 'franchise' NOT NULL,
	"vat_number" text,
	"vat_rate" smallint DEFAULT 20 NOT NULL,
	"siret" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_note_settings_regime" CHECK ("fee_note_settings"."vat_regime" IN ('franchise', 'vat')),
	CONSTRAINT "fee_note_settings_vat_number" CHECK ("fee_note_settings"."vat_regime" = 'franchise' OR "fee_note_settings"."vat_number" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "fee_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"year" smallint NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"credited_fee_note_id" uuid,
	"issued_on" date NOT NULL,
	"total_ht" integer NOT NULL,
	"vat_rate" smallint NOT NULL,
	"total_vat" integer NOT NULL,
	"total_ttc" integer NOT NULL,
	"document" jsonb NOT NULL,
	"pdf" "bytea" NOT NULL,
	"facturx_xml" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_notes_user_sequence" UNIQUE("user_id","year","sequence"),
	CONSTRAINT "fee_notes_user_number" UNIQUE("user_id","number"),
	CONSTRAINT "fee_notes_kind" CHECK ("fee_notes"."kind" IN ('fee_note', 'credit_note')),
	CONSTRAINT "fee_notes_totals" CHECK ("fee_notes"."total_ttc" = "fee_notes"."total_ht" + "fee_notes"."total_vat")
);
--> statement-breakpoint
ALTER TABLE "attendees" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "attendees" ADD COLUMN "company_siret" text;--> statement-breakpoint
ALTER TABLE "fee_note_counters" ADD CONSTRAINT "fee_note_counters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_note_deliveries" ADD CONSTRAINT "fee_note_deliveries_fee_note_id_fee_notes_id_fk" FOREIGN KEY ("fee_note_id") REFERENCES "public"."fee_notes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_note_deliveries" ADD CONSTRAINT "fee_note_deliveries_folder_document_id_folder_documents_id_fk" FOREIGN KEY ("folder_document_id") REFERENCES "public"."folder_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_note_settings" ADD CONSTRAINT "fee_note_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_notes" ADD CONSTRAINT "fee_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fee_notes_one_per_appointment" ON "fee_notes" USING btree ("appointment_id") WHERE "fee_notes"."kind" = 'fee_note';--> statement-breakpoint
CREATE INDEX "fee_notes_user_idx" ON "fee_notes" USING btree ("user_id","created_at");--> statement-breakpoint
-- Fee notes and credit notes are never changed nor removed (kept ten years; a mistake is corrected by a credit note).
CREATE OR REPLACE FUNCTION fee_notes_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'fee_notes rows are immutable (% refused)', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER fee_notes_no_update BEFORE UPDATE OR DELETE ON "fee_notes"
  FOR EACH ROW EXECUTE FUNCTION fee_notes_immutable();--> statement-breakpoint
CREATE TRIGGER fee_notes_no_truncate BEFORE TRUNCATE ON "fee_notes"
  FOR EACH STATEMENT EXECUTE FUNCTION fee_notes_immutable();
