CREATE TABLE "recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_kind" text NOT NULL,
	"account_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "recovery_codes_kind_check" CHECK ("recovery_codes"."account_kind" IN ('admin', 'user'))
);
--> statement-breakpoint
CREATE TABLE "second_factors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_kind" text NOT NULL,
	"account_id" uuid NOT NULL,
	"type" text NOT NULL,
	"label" text NOT NULL,
	"secret_ciphertext" text,
	"secret_key_id" text,
	"credential_id" text,
	"public_key" text,
	"sign_count" integer DEFAULT 0 NOT NULL,
	"transports" text[],
	"last_time_step" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "second_factors_kind_check" CHECK ("second_factors"."account_kind" IN ('admin', 'user')),
	CONSTRAINT "second_factors_type_check" CHECK ("second_factors"."type" IN ('totp', 'passkey'))
);
--> statement-breakpoint
CREATE INDEX "recovery_codes_account_idx" ON "recovery_codes" USING btree ("account_kind","account_id");--> statement-breakpoint
CREATE INDEX "second_factors_account_idx" ON "second_factors" USING btree ("account_kind","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "second_factors_credential_id_idx" ON "second_factors" USING btree ("credential_id");