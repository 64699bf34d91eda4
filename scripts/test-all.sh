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

check() { # check <name> <command...>: a static check counted as one test
  local name=$1; shift
  echo "::: $name"
  if "$@"; then echo pass > "$RESULTS/$name.check"; else echo fail > "$RESULTS/$name.check"; echo "!!! $name failed"; fi
}

check build npx nx run-many -t build --parallel=2 --outputStyle=static
check typecheck npx nx run-many -t typecheck --parallel=2 --outputStyle=static
check lint npx nx run-many -t lint --parallel=2 --outputStyle=static
check format npx prettier --check . --log-level warn
check openapi-fresh npm run --silent openapi:check -w backend
check k8s-manifests node deploy/k8s/validate.mjs
# Alert rules and dashboard: promtool check + test rules, and only metrics the code exports (needs the build).
check monitoring node deploy/monitoring/check.mjs
check compose-healthchecks node deploy/compose-check.mjs
# The backups restore: dump a seeded database as the CronJob does, restore it into a new one, same row counts.
check restore-drill bash scripts/restore-drill.sh
# Production dependencies' advisories outside audit-allowlist.json (an unreachable audit endpoint is no failure).
check npm-audit node scripts/audit-check.mjs
check npm-audit-allowlist node --test scripts/audit-check.test.mjs
check repo-hygiene node scripts/hygiene-check.mjs
# Dead files and exports, unused dependencies, and imports missing from package.json (a runtime import that is only
# a devDependency breaks a production-only install): knip.jsonc.
# knip resolves the public site's generated route types (./+types/*): generated here, not left to a typecheck that
# a cache may have skipped.
(cd public-ui && npx react-router typegen >/dev/null)
check knip npx knip --no-progress
# What the API and worker import at run time is in the backend's `dependencies` (the image installs only those).
check runtime-dependencies npx knip --no-progress --production --strict --workspace backend --include dependencies,unlisted
# README's environment-variable table is generated from backend/src/config/env.schema.ts.
check env-reference node scripts/env-reference.mjs --check
# The market generator of the scale bench, small: every table at its planned size, the built API answering on it.
check scale-generator-smoke node --test bench/scale/generator.test.mjs

# Two jest workers, each on its own copy of the migrated database and its own Redis prefix
# (backend/test/worker-database.ts): the suites mostly wait on PostgreSQL, Redis and the fakes, so two share the
# two cores well. JEST_WORKERS=1 runs them one after the other.
echo '::: backend (jest)'
JEST_WORKERS=${JEST_WORKERS:-2} npm test -w backend -- --json --outputFile="$RESULTS/backend-jest.json" || true

# A streaming read replica, a Redis Sentinel failover, 2 APIs + 2 workers behind the gateway (about 3 min;
# its own servers on loopback ports from SCALE_PORT_BASE, default 3700). Needs the build above.
echo '::: scale (jest, npm run test:scale)'
npm run --silent test:scale || true

for ws in shared/sectors shared/api-client public-ui user-ui admin-ui; do
  echo "::: $ws (vitest)"
  (cd "$ws" && npx vitest run --reporter=default --reporter=json --outputFile.json="$RESULTS/$(echo "$ws" | tr / -)-vitest.json") || true
done

echo '::: e2e (playwright)'
(cd e2e && PLAYWRIGHT_JSON_OUTPUT_NAME="$RESULTS/e2e-playwright.json" npx playwright test --reporter=list,json) || true

# One other sector, built and run: only the public site is rebuilt (public-ui/build-notary,
# its route words are compiled in); the backend and the SPAs above are reused. The stack starts after
# the lawyers' one has stopped, on the same ports, with its own database seeded for notaries.
check build-notary env SECTOR=notary npx nx run @rdv/public-ui:build --outputStyle=static
echo '::: e2e, notary variant (playwright)'
(cd e2e && SECTOR=notary PLAYWRIGHT_JSON_OUTPUT_NAME="$RESULTS/e2e-notary-playwright.json" \
  npx playwright test -c playwright.sector.config.ts --reporter=list,json) || true

# A runner that died before writing its report (out of memory, killed) still counts: a report that is not
# JSON is one failure for scripts/summarize-tests.mjs.
for report in backend-jest backend-scale-jest shared-sectors-vitest shared-api-client-vitest public-ui-vitest \
  user-ui-vitest admin-ui-vitest e2e-playwright e2e-notary-playwright; do
  [ -s "$RESULTS/$report.json" ] || echo "runner wrote no report" > "$RESULTS/$report.json"
done

echo "::: summary (all runners took $(( $(date +%s) - STARTED )) s)"
node scripts/summarize-tests.mjs "$RESULTS"
