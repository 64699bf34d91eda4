CREATE TABLE "slot_availability_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "slot_availability_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "slot_alerts" ADD COLUMN "last_checked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "slot_alerts_sweep_idx" ON "slot_alerts" USING btree ("last_checked_at" NULLS FIRST,"id") WHERE "slot_alerts"."cancelled_at" IS NULL AND "slot_alerts"."confirmed_at" IS NOT NULL;--> statement-breakpoint
-- "This professional's free slots may have grown" (slot_availability_changes), written in the transaction of
-- whatever can free a slot, whichever code path (booking, console, calendar sync, a cascade) made the change.
-- The earlier-slot alert scan reads these marks instead of recomputing every alert each run.
CREATE OR REPLACE FUNCTION slot_change_mark_old_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO slot_availability_changes (user_id) VALUES (OLD.user_id);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION slot_change_mark_new_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO slot_availability_changes (user_id) VALUES (NEW.user_id);
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Weekly hours belong to a calendar; a calendar removed with its hours (cascade) leaves nothing to free.
CREATE OR REPLACE FUNCTION slot_change_mark_weekly() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO slot_availability_changes (user_id)
    SELECT c.user_id FROM calendars c
    WHERE c.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.calendar_id ELSE NEW.calendar_id END;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- A complete calendar listing deletes every cached range at once: one mark per professional, not per range.
CREATE OR REPLACE FUNCTION slot_change_mark_busy_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO slot_availability_changes (user_id) SELECT DISTINCT user_id FROM removed_busy WHERE NOT own_event;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- An appointment stops holding its slot (cancelled, refused, expired, deleted) or moves.
CREATE TRIGGER appointments_slot_freed AFTER UPDATE ON "appointments" FOR EACH ROW
  WHEN (OLD.status IN ('pending', 'confirmed') AND (NEW.status NOT IN ('pending', 'confirmed')
        OR NEW.starts_at IS DISTINCT FROM OLD.starts_at OR NEW.ends_at IS DISTINCT FROM OLD.ends_at
        OR NEW.user_id IS DISTINCT FROM OLD.user_id))
  EXECUTE FUNCTION slot_change_mark_old_user();--> statement-breakpoint
CREATE TRIGGER appointments_slot_deleted AFTER DELETE ON "appointments" FOR EACH ROW
  WHEN (OLD.status IN ('pending', 'confirmed'))
  EXECUTE FUNCTION slot_change_mark_old_user();--> statement-breakpoint
-- A client's move proposal holds its slot until it is answered or replaced.
CREATE TRIGGER reschedule_requests_slot_freed AFTER UPDATE ON "appointment_reschedule_requests" FOR EACH ROW
  WHEN (NEW.starts_at IS DISTINCT FROM OLD.starts_at OR NEW.ends_at IS DISTINCT FROM OLD.ends_at)
  EXECUTE FUNCTION slot_change_mark_old_user();--> statement-breakpoint
CREATE TRIGGER reschedule_requests_slot_deleted AFTER DELETE ON "appointment_reschedule_requests" FOR EACH ROW
  EXECUTE FUNCTION slot_change_mark_old_user();--> statement-breakpoint
CREATE TRIGGER unavailability_periods_slot_freed AFTER UPDATE OR DELETE ON "unavailability_periods" FOR EACH ROW
  EXECUTE FUNCTION slot_change_mark_old_user();--> statement-breakpoint
CREATE TRIGGER holiday_periods_slot_freed AFTER UPDATE OR DELETE ON "holiday_periods" FOR EACH ROW
  EXECUTE FUNCTION slot_change_mark_old_user();--> statement-breakpoint
CREATE TRIGGER external_busy_times_slot_freed AFTER UPDATE ON "external_busy_times" FOR EACH ROW
  WHEN (NOT OLD.own_event)
  EXECUTE FUNCTION slot_change_mark_old_user();--> statement-breakpoint
CREATE TRIGGER external_busy_times_slot_deleted AFTER DELETE ON "external_busy_times"
  REFERENCING OLD TABLE AS removed_busy FOR EACH STATEMENT
  EXECUTE FUNCTION slot_change_mark_busy_deleted();--> statement-breakpoint
CREATE TRIGGER weekly_availabilities_slot_freed AFTER INSERT OR UPDATE ON "weekly_availabilities" FOR EACH ROW
  EXECUTE FUNCTION slot_change_mark_weekly();--> statement-breakpoint
CREATE TRIGGER worked_public_holiday_months_slot_freed AFTER INSERT ON "worked_public_holiday_months" FOR EACH ROW
  EXECUTE FUNCTION slot_change_mark_new_user();--> statement-breakpoint
CREATE TRIGGER availability_settings_slot_freed AFTER INSERT OR UPDATE ON "availability_settings" FOR EACH ROW
  EXECUTE FUNCTION slot_change_mark_new_user();--> statement-breakpoint
-- A shorter notice, a later horizon, a motive switched back on: its slots may come back.
CREATE TRIGGER motives_slot_freed AFTER UPDATE ON "motives" FOR EACH ROW
  EXECUTE FUNCTION slot_change_mark_new_user();
