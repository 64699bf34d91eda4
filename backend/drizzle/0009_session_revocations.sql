CREATE TABLE "session_revocations" (
	"account_kind" text NOT NULL,
	"account_id" uuid NOT NULL,
	"revoked_before" timestamp with time zone NOT NULL,
	CONSTRAINT "session_revocations_account_kind_account_id_pk" PRIMARY KEY("account_kind","account_id"),
	CONSTRAINT "session_revocations_kind_check" CHECK ("session_revocations"."account_kind" IN ('admin', 'user', 'attendee'))
);
