-- The directory's search filters a speciality on the professional's row (users.speciality_ids) instead of joining
-- user_specialities: the join cost more to plan and to run on every filtered search. The column is a copy kept by
-- the triggers below in the transaction of whatever adds, moves or removes a professional's speciality.
ALTER TABLE "users" ADD COLUMN "speciality_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
-- The professionals named get their specialities' ids again, ascending; a row already right is not rewritten.
CREATE OR REPLACE FUNCTION users_refresh_speciality_ids(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE users u SET speciality_ids = fresh.ids
  FROM (
    SELECT named.id, coalesce((SELECT array_agg(us.speciality_id ORDER BY us.speciality_id)
                               FROM user_specialities us WHERE us.user_id = named.id), '{}') AS ids
    FROM (SELECT DISTINCT id FROM unnest(ids) AS given(id)) named
  ) fresh
  WHERE u.id = fresh.id AND u.speciality_ids IS DISTINCT FROM fresh.ids;
$$;--> statement-breakpoint
-- Whatever wrote user_specialities: the professionals of its rows before and after. Each trigger names only its own
-- transition tables; PL/pgSQL prepares a statement when it first runs, so the other branches never read them.
CREATE OR REPLACE FUNCTION user_specialities_refresh_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM users_refresh_speciality_ids(ARRAY(SELECT user_id FROM added_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM users_refresh_speciality_ids(ARRAY(SELECT user_id FROM removed_rows));
  ELSE
    PERFORM users_refresh_speciality_ids(ARRAY(SELECT user_id FROM removed_rows UNION ALL SELECT user_id FROM added_rows));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Once per statement (a profile saved, a bulk import, a speciality deleted with its rows), not once per row.
CREATE TRIGGER user_specialities_ids_added AFTER INSERT ON "user_specialities"
  REFERENCING NEW TABLE AS added_rows FOR EACH STATEMENT
  EXECUTE FUNCTION user_specialities_refresh_users();--> statement-breakpoint
CREATE TRIGGER user_specialities_ids_removed AFTER DELETE ON "user_specialities"
  REFERENCING OLD TABLE AS removed_rows FOR EACH STATEMENT
  EXECUTE FUNCTION user_specialities_refresh_users();--> statement-breakpoint
CREATE TRIGGER user_specialities_ids_changed AFTER UPDATE ON "user_specialities"
  REFERENCING OLD TABLE AS removed_rows NEW TABLE AS added_rows FOR EACH STATEMENT
  EXECUTE FUNCTION user_specialities_refresh_users();--> statement-breakpoint
-- The professionals of today.
UPDATE users u SET speciality_ids = s.ids
FROM (SELECT user_id, array_agg(speciality_id ORDER BY speciality_id) AS ids FROM user_specialities GROUP BY user_id) s
WHERE u.id = s.user_id;--> statement-breakpoint
-- The remote section counts one speciality's remote professionals from this index (written through: the
-- first-free-slot refresher rewrites thousands of these rows a minute). Idempotent: bench data sets may hold it.
CREATE INDEX IF NOT EXISTS "users_remote_speciality_idx" ON "users" USING gin ("speciality_ids") WITH (fastupdate=false) WHERE "users"."is_public" AND "users"."accepts_online_booking" AND ("users"."phone_enabled" OR "users"."visio_enabled");
