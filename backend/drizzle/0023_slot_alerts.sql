CREATE TABLE "slot_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"motive_id" uuid NOT NULL,
	"email" text NOT NULL,
	"before" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_alerted_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "slot_alerts" ADD CONSTRAINT "slot_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_alerts" ADD CONSTRAINT "slot_alerts_motive_id_motives_id_fk" FOREIGN KEY ("motive_id") REFERENCES "public"."motives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "slot_alerts_active_idx" ON "slot_alerts" USING btree ("user_id","motive_id","created_at") WHERE "slot_alerts"."cancelled_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "slot_alerts_one_per_email" ON "slot_alerts" USING btree ("user_id","motive_id","email") WHERE "slot_alerts"."cancelled_at" IS NULL;