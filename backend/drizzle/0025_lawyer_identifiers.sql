ALTER TABLE "registration_requests" RENAME COLUMN "crpcen" TO "office_number";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bar" text;