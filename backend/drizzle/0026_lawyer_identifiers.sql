ALTER TABLE "registration_requests" RENAME COLUMN "crpcen" TO "office_number";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "public_phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bar" text;--> statement-breakpoint
-- Until now "Afficher le numéro" revealed the account's own mobile (typed at sign-up to verify the account) or
-- the office's line. The public number is now one the professional publishes knowingly: nothing is published
-- for anyone, and each professional whose profile revealed a number is told by mail how to choose one.
INSERT INTO "outbox" ("queue", "job_name", "payload")
SELECT 'notifications', 'accounts.public-phone-notice', jsonb_build_object('userId', u."id")
FROM "users" u LEFT JOIN "teams" t ON t."id" = u."team_id"
WHERE u."is_public" AND u."is_active" AND NOT u."is_demo" AND coalesce(u."telephone", t."phone") IS NOT NULL;
