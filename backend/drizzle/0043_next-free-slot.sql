CREATE TABLE "next_slot_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "next_slot_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "next_free_slot_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "next_free_slot_checked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_next_free_slot_at_idx" ON "users" USING btree ("next_free_slot_at") WHERE "users"."next_free_slot_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "users_next_free_slot_checked_idx" ON "users" USING btree ("next_free_slot_checked_at" NULLS FIRST) WHERE "users"."is_public";--> statement-breakpoint
-- "Soonest slot first" (directory.repository soonestPage): a commune's public professionals by stored first free
-- slot, then in listing order (equal slots are the rule: a whole city opens on Monday at 9). Every key of the
-- ORDER BY is here, so a page is a range read that stops at its last row, whatever the size of the commune.
CREATE INDEX "users_public_city_next_free_slot_idx" ON "users" ("city_id", "next_free_slot_at" NULLS LAST, "accepts_online_booking" DESC, "last_name" COLLATE "fr-x-icu", "first_name" COLLATE "fr-x-icu", "id") WHERE "is_public";
--> statement-breakpoint
-- "This professional's first free slot may have moved", either way (next_slot_changes), written in the
-- transaction of whatever takes or frees a slot, whichever code path made the change. The next-slot refresher
-- (worker) recomputes users.next_free_slot_at of the professionals named. Statement-level where one statement
-- can touch many rows of one professional (a calendar sync, a seed): one mark per professional, not per row.
CREATE OR REPLACE FUNCTION next_slot_mark_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO next_slot_changes (user_id) VALUES (OLD.user_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    INSERT INTO next_slot_changes (user_id) VALUES (NEW.user_id);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION next_slot_mark_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO next_slot_changes (user_id) SELECT DISTINCT user_id FROM added_rows;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION next_slot_mark_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO next_slot_changes (user_id) SELECT DISTINCT user_id FROM removed_rows;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Busy ranges of the professional's own appointments (exported to their calendar) change nothing: the
-- appointment already holds its slot.
CREATE OR REPLACE FUNCTION next_slot_mark_busy_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO next_slot_changes (user_id) SELECT DISTINCT user_id FROM added_rows WHERE NOT own_event;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION next_slot_mark_busy_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO next_slot_changes (user_id) SELECT DISTINCT user_id FROM removed_rows WHERE NOT own_event;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Weekly hours belong to a calendar (a calendar removed with its hours is marked by the calendars trigger).
CREATE OR REPLACE FUNCTION next_slot_mark_weekly() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO next_slot_changes (user_id)
    SELECT DISTINCT c.user_id FROM calendars c
    WHERE c.id IN (CASE WHEN TG_OP <> 'INSERT' THEN OLD.calendar_id END, CASE WHEN TG_OP <> 'DELETE' THEN NEW.calendar_id END);
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Online booking switched on or off, the profile shown or hidden, another time zone.
CREATE OR REPLACE FUNCTION next_slot_mark_professional() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO next_slot_changes (user_id) VALUES (NEW.id);
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- An appointment booked (it takes its slot), or one that stops holding it, moves, or goes.
CREATE TRIGGER appointments_next_slot_added AFTER INSERT ON "appointments"
  REFERENCING NEW TABLE AS added_rows FOR EACH STATEMENT
  EXECUTE FUNCTION next_slot_mark_added();--> statement-breakpoint
CREATE TRIGGER appointments_next_slot_changed AFTER UPDATE ON "appointments" FOR EACH ROW
  WHEN (NEW.status IS DISTINCT FROM OLD.status OR NEW.starts_at IS DISTINCT FROM OLD.starts_at
        OR NEW.ends_at IS DISTINCT FROM OLD.ends_at OR NEW.user_id IS DISTINCT FROM OLD.user_id)
  EXECUTE FUNCTION next_slot_mark_row();--> statement-breakpoint
CREATE TRIGGER appointments_next_slot_removed AFTER DELETE ON "appointments"
  REFERENCING OLD TABLE AS removed_rows FOR EACH STATEMENT
  EXECUTE FUNCTION next_slot_mark_removed();--> statement-breakpoint
-- A client's move proposal holds its slot until it is answered or replaced.
CREATE TRIGGER reschedule_requests_next_slot AFTER INSERT OR UPDATE OR DELETE ON "appointment_reschedule_requests"
  FOR EACH ROW EXECUTE FUNCTION next_slot_mark_row();--> statement-breakpoint
CREATE TRIGGER unavailability_periods_next_slot AFTER INSERT OR UPDATE OR DELETE ON "unavailability_periods"
  FOR EACH ROW EXECUTE FUNCTION next_slot_mark_row();--> statement-breakpoint
CREATE TRIGGER holiday_periods_next_slot AFTER INSERT OR UPDATE OR DELETE ON "holiday_periods"
  FOR EACH ROW EXECUTE FUNCTION next_slot_mark_row();--> statement-breakpoint
CREATE TRIGGER worked_public_holiday_months_next_slot AFTER INSERT OR UPDATE OR DELETE ON "worked_public_holiday_months"
  FOR EACH ROW EXECUTE FUNCTION next_slot_mark_row();--> statement-breakpoint
CREATE TRIGGER availability_settings_next_slot AFTER INSERT OR UPDATE OR DELETE ON "availability_settings"
  FOR EACH ROW EXECUTE FUNCTION next_slot_mark_row();--> statement-breakpoint
CREATE TRIGGER motives_next_slot AFTER INSERT OR UPDATE OR DELETE ON "motives"
  FOR EACH ROW EXECUTE FUNCTION next_slot_mark_row();--> statement-breakpoint
CREATE TRIGGER calendars_next_slot AFTER INSERT OR UPDATE OR DELETE ON "calendars"
  FOR EACH ROW EXECUTE FUNCTION next_slot_mark_row();--> statement-breakpoint
CREATE TRIGGER weekly_availabilities_next_slot AFTER INSERT OR UPDATE OR DELETE ON "weekly_availabilities"
  FOR EACH ROW EXECUTE FUNCTION next_slot_mark_weekly();--> statement-breakpoint
CREATE TRIGGER external_busy_times_next_slot_added AFTER INSERT ON "external_busy_times"
  REFERENCING NEW TABLE AS added_rows FOR EACH STATEMENT
  EXECUTE FUNCTION next_slot_mark_busy_added();--> statement-breakpoint
CREATE TRIGGER external_busy_times_next_slot_changed AFTER UPDATE ON "external_busy_times"
  REFERENCING OLD TABLE AS removed_rows FOR EACH STATEMENT
  EXECUTE FUNCTION next_slot_mark_busy_removed();--> statement-breakpoint
CREATE TRIGGER external_busy_times_next_slot_removed AFTER DELETE ON "external_busy_times"
  REFERENCING OLD TABLE AS removed_rows FOR EACH STATEMENT
  EXECUTE FUNCTION next_slot_mark_busy_removed();--> statement-breakpoint
CREATE TRIGGER users_next_slot AFTER UPDATE ON "users" FOR EACH ROW
  WHEN (NEW.accepts_online_booking IS DISTINCT FROM OLD.accepts_online_booking
        OR NEW.is_public IS DISTINCT FROM OLD.is_public OR NEW.timezone IS DISTINCT FROM OLD.timezone)
  EXECUTE FUNCTION next_slot_mark_professional();
