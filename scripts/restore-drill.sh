#!/usr/bin/env bash
# Restore drill: what the backups CronJob writes (pg_dump --format=custom) must restore. Builds a test database
# (migrations + demo seed, unless SOURCE_DATABASE_URL names an existing one), dumps it as the CronJob does,
# restores the dump into a new database with pg_restore, and compares the exact row count of every table.
# Needs PostgreSQL on 127.0.0.1:5432 (user postgres) and the backend build. Exits non-zero on any difference.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
export PATH="$ROOT/node_modules/.bin:$PATH"

PG=postgres://postgres@127.0.0.1:5432
SOURCE_DB=rdv_drill_source_$$
TARGET_DB=rdv_drill_restore_$$
DUMP=$(mktemp -d)/rdv.dump
cleanup() {
  psql -q "$PG/postgres" -c "DROP DATABASE IF EXISTS $TARGET_DB" >/dev/null 2>&1 || true
  [ -z "${SOURCE_DATABASE_URL:-}" ] && psql -q "$PG/postgres" -c "DROP DATABASE IF EXISTS $SOURCE_DB" >/dev/null 2>&1
  rm -rf "$(dirname "$DUMP")"
}
trap cleanup EXIT

if [ -n "${SOURCE_DATABASE_URL:-}" ]; then
  SOURCE=$SOURCE_DATABASE_URL
else
  SOURCE=$PG/$SOURCE_DB
  psql -q "$PG/postgres" -c "CREATE DATABASE $SOURCE_DB" >/dev/null
  DATABASE_URL=$SOURCE node backend/dist/scripts/migrate.js >/dev/null
  DATABASE_URL=$SOURCE JWT_SECRET=restore-drill-secret-of-at-least-32-chars \
    CALENDAR_ENCRYPTION_KEYS="drill:$(node -e "console.log(require('crypto').randomBytes(32).toString('base64'))")" \
    node backend/dist/scripts/seed.js >/dev/null
fi

started=$(date +%s%N)
pg_dump --format=custom --no-owner --file="$DUMP" "$SOURCE"
psql -q "$PG/postgres" -c "CREATE DATABASE $TARGET_DB" >/dev/null
pg_restore --no-owner --exit-on-error --dbname="$PG/$TARGET_DB" "$DUMP"
elapsed_ms=$(( ($(date +%s%N) - started) / 1000000 ))

# Exact counts of every table outside PostgreSQL's own schemas (drizzle's migration journal included).
COUNTS_SQL="
CREATE OR REPLACE FUNCTION pg_temp.row_count(s text, t text) RETURNS bigint LANGUAGE plpgsql AS \$\$
DECLARE n bigint; BEGIN EXECUTE format('SELECT count(*) FROM %I.%I', s, t) INTO n; RETURN n; END \$\$;
SELECT table_schema || '.' || table_name || ' ' || pg_temp.row_count(table_schema, table_name)
FROM information_schema.tables
WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
ORDER BY 1;"
source_counts=$(psql -qAt "$SOURCE" -c "$COUNTS_SQL" | grep -v '^CREATE')
target_counts=$(psql -qAt "$PG/$TARGET_DB" -c "$COUNTS_SQL" | grep -v '^CREATE')
tables=$(echo "$source_counts" | grep -c . || true)
rows=$(echo "$source_counts" | awk '{ s += $2 } END { print s + 0 }')
if [ "$tables" -lt 10 ] || [ "$rows" -lt 1 ]; then
  echo "✗ restore drill: the source database has only $tables tables and $rows rows: nothing was really tested"
  exit 1
fi
if ! diff <(echo "$source_counts") <(echo "$target_counts"); then
  echo '✗ restore drill: the restored database differs from the dumped one (table, rows: < dumped, > restored)'
  exit 1
fi
echo "✓ restore drill: $tables tables, $rows rows restored identically ($(du -h "$DUMP" | cut -f1) dump, dump + restore in ${elapsed_ms} ms)"
