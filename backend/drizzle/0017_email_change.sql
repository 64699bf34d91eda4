ALTER TABLE "password_reset_tokens" DROP CONSTRAINT "password_reset_tokens_purpose_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_email" text;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_purpose_check" CHECK ("password_reset_tokens"."purpose" IN ('password_reset', 'registration', 'email_change'));