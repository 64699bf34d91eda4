#!/usr/bin/env bash
# Runs every check and test runner of the repository and ends with one line "N passed, N failed".
# Needs PostgreSQL (>= 15) on 127.0.0.1:5432 and Redis (>= 7) on 127.0.0.1:6379 (see README).
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
source scripts/lib.sh

ensure_node_modules
ensure_chromium
ensure_radicale
ensure_clamav
ensure_redis_sentinel
ensure_prometheus
ensure_services

STARTED=$(date +%s)
RESULTS=$ROOT/var/test-results
rm -rf "$RESULTS" && mkdir -p "$RESULTS"

PHASES=$RESULTS/phases.tsv # one line per phase: name, wall seconds (printed as a table before the summary)
phase_done() { # phase_done <name> <start seconds>
  local seconds=$(( $(date +%s) - $2 ))
  printf '%s\t%s\n' "$1" "$seconds" >> "$PHASES"
  echo "::: $1 took $seconds s"
}

check() { # check <name> <command...>: a static check counted as one test
  local name=$1; shift
  local start; start=$(date +%s)
  echo "::: $name"
  if "$@"; then echo pass > "$RESULTS/$name.check"; else echo fail > "$RESULTS/$name.check"; echo "!!! $name failed"; fi
  phase_done "$name" "$start"
}

runner() { # runner <name> <command...>: a test runner; its report says what passed, its status is not counted
  local name=$1; shift
  local start; start=$(date +%s)
  echo "::: $name"
  "$@" || true
  phase_done "$name" "$start"
}

# Phases that mostly wait (on PostgreSQL, the network, a browser, servers being killed and promoted) run side by
# side in lanes: `lane <name> <command...>` starts one in the background with its output kept in
# var/test-results/<name>.log, `join_lanes` waits for every lane started and prints their outputs in order.
LANES=()
lane() {
  local name=$1; shift
  rm -f "$RESULTS/$name.log"
  ("$@") > "$RESULTS/$name.log" 2>&1 &
  LANES+=("$name:$!")
}
join_lanes() {
  local entry log
  for entry in "${LANES[@]}"; do
    wait "${entry##*:}" || true
    log=$RESULTS/${entry%%:*}.log
    if [ -f "$log" ]; then cat "$log"; fi
  done
  LANES=()
}

check build npx nx run-many -t build --parallel=2 --outputStyle=static
check typecheck npx nx run-many -t typecheck --parallel=2 --outputStyle=static
check lint npx nx run-many -t lint --parallel=2 --outputStyle=static

# The short checks, in three lanes: the ones that read files, the ones that wait on PostgreSQL, knip and the OpenAPI
# freshness check (the lanes of about the same length).
static_checks() {
  check format npx prettier --check . --log-level warn
  check k8s-manifests node deploy/k8s/validate.mjs
  # Alert rules and dashboard: promtool check + test rules, and only metrics the code exports (needs the build).
  check monitoring node deploy/monitoring/check.mjs
  check compose-healthchecks node deploy/compose-check.mjs
  # Production dependencies' advisories outside audit-allowlist.json (an unreachable audit endpoint is no failure).
  check npm-audit node scripts/audit-check.mjs
  check npm-audit-allowlist node --test scripts/audit-check.test.mjs
  check repo-hygiene node scripts/hygiene-check.mjs
  # README's environment-variable table is generated from backend/src/config/env.schema.ts.
  check env-reference node scripts/env-reference.mjs --check
}
database_checks() {
  # The backups restore: dump a seeded database as the CronJob does, restore it into a new one, same row counts.
  check restore-drill bash scripts/restore-drill.sh
  # The market generator of the scale bench, small: every table at its planned size, the built API answering on it.
  check scale-generator-smoke node --test bench/scale/generator.test.mjs
}
knip_checks() {
  check openapi-fresh npm run --silent openapi:check -w backend
  # Dead files and exports, unused dependencies, and imports missing from package.json (a runtime import that is
  # only a devDependency breaks a production-only install): knip.jsonc.
  # knip resolves the public site's generated route types (./+types/*): generated here, not left to a typecheck
  # that a cache may have skipped.
  (cd public-ui && npx react-router typegen >/dev/null)
  check knip npx knip --no-progress
  # What the API and worker import at run time is in the backend's `dependencies` (the image installs only those).
  check runtime-dependencies npx knip --no-progress --production --strict --workspace backend --include dependencies,unlisted
}
lane static-checks static_checks
lane database-checks database_checks
lane knip-checks knip_checks
join_lanes

# Two jest workers, each on its own copy of the migrated database and its own Redis prefix
# (backend/test/worker-database.ts). JEST_WORKERS=1 runs them one after the other; 3 did not beat 2 on a loaded
# machine (README, Measured figures).
runner 'backend (jest)' env JEST_WORKERS="${JEST_WORKERS:-2}" npm test -w backend -- --json --outputFile="$RESULTS/backend-jest.json"

# A streaming read replica, a Redis Sentinel failover, 2 APIs + 2 workers behind the gateway (about 3 min; its own
# servers on loopback ports from SCALE_PORT_BASE, default 3700; SCALE_JEST_WORKERS=3 runs its three files side by
# side). Needs the build above. Alone, not beside the Vitest runs: its waits (API ready in 60 s, mails in 45 s) were
# missed when it shared the two cores with other work.
runner 'scale (jest, npm run test:scale)' npm run --silent test:scale
for ws in shared/sectors shared/api-client public-ui user-ui admin-ui; do
  runner "$ws (vitest)" bash -c "cd '$ws' && npx vitest run --reporter=default --reporter=json --outputFile.json='$RESULTS/$(echo "$ws" | tr / -)-vitest.json'"
done

runner 'e2e (playwright)' bash -c "cd e2e && PLAYWRIGHT_JSON_OUTPUT_NAME='$RESULTS/e2e-playwright.json' \
  npx playwright test --reporter=list,json"

# One other sector, built and run: only the public site is rebuilt (public-ui/build-notary, its route words are
# compiled in); the backend and the SPAs above are reused. After the lawyers' journeys, not beside them: the build
# takes both cores, and the journeys' timeouts are set for a machine that runs them alone. Its stack has its own
# ports all the same (E2E_PORT_BASE + 100: 3200 by default), its own database seeded for notaries and its own queue
# prefix.
E2E_BASE=${E2E_PORT_BASE:-3100}
check build-notary env SECTOR=notary npx nx run @rdv/public-ui:build --outputStyle=static
runner 'e2e, notary variant (playwright)' bash -c "cd e2e && E2E_PORT_BASE=$((E2E_BASE + 100)) SECTOR=notary \
  PLAYWRIGHT_JSON_OUTPUT_NAME='$RESULTS/e2e-notary-playwright.json' \
  npx playwright test -c playwright.sector.config.ts --reporter=list,json"

# A runner that died before writing its report (out of memory, killed) still counts: a report that is not
# JSON is one failure for scripts/summarize-tests.mjs.
for report in backend-jest backend-scale-jest shared-sectors-vitest shared-api-client-vitest public-ui-vitest \
  user-ui-vitest admin-ui-vitest e2e-playwright e2e-notary-playwright; do
  [ -s "$RESULTS/$report.json" ] || echo "runner wrote no report" > "$RESULTS/$report.json"
done

echo "::: phases (wall seconds; lanes run side by side, so their phases overlap)"
awk -F'\t' '{ printf "  %-40s %6d\n", $1, $2 }' "$PHASES"
echo "::: summary (all runners took $(( $(date +%s) - STARTED )) s)"
node scripts/summarize-tests.mjs "$RESULTS"
