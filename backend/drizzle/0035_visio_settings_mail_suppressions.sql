CREATE TABLE "visio_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"provider" text,
	"own_link_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visio_settings_provider_values" CHECK ("visio_settings"."provider" IS NULL OR "visio_settings"."provider" IN ('google_meet', 'teams', 'jitsi', 'own_link')),
	CONSTRAINT "visio_settings_own_link_https" CHECK ("visio_settings"."own_link_url" IS NULL OR "visio_settings"."own_link_url" LIKE 'https://%')
);
--> statement-breakpoint
CREATE TABLE "mail_suppressions" (
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_suppressions_email_kind_pk" PRIMARY KEY("email","kind"),
	CONSTRAINT "mail_suppressions_kind_values" CHECK ("mail_suppressions"."kind" IN ('review_invitation', 'sponsorship_invitation')),
	CONSTRAINT "mail_suppressions_email_lower" CHECK ("mail_suppressions"."email" = lower("mail_suppressions"."email"))
);
--> statement-breakpoint
ALTER TABLE "visio_settings" ADD CONSTRAINT "visio_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;