ALTER TABLE "teams" ADD COLUMN "picture" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "manager_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "requested_team_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "team_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_requested_team_id_teams_id_fk" FOREIGN KEY ("requested_team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_requested_team_id_idx" ON "users" USING btree ("requested_team_id");--> statement-breakpoint
-- Offices that already have members are managed by their earliest member (admin-created offices without members stay unmanaged).
UPDATE "teams" t SET "manager_id" = (SELECT u."id" FROM "users" u WHERE u."team_id" = t."id" ORDER BY u."created_at", u."id" LIMIT 1) WHERE t."manager_id" IS NULL;
