#!/usr/bin/env bash
# Brings the whole product up on one origin: API, worker, mail catcher and the web gateway
# (public site, /user, /admin, /api/v1). Used by `npm run demo` and by the Playwright journeys.
#   STACK=demo (default): database rdv, web on :3000, API on :3001, maildev SMTP :1025 web :1080
#   STACK=e2e:            fresh database rdv_e2e, web on :3100, API on :3101, maildev SMTP :1125 web :1180
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
source scripts/lib.sh

STACK=${STACK:-demo}
# SECTOR (lawyer by default) picks the variant: its public-ui build (build/ for lawyers, build-notary/...),
# and its own database and files, so `SECTOR=notary npm run demo` never mixes notaries into the lawyers' demo.
export SECTOR=${SECTOR:-lawyer}
if [ "$SECTOR" = lawyer ]; then SECTOR_SUFFIX=; else SECTOR_SUFFIX=_$SECTOR; fi
if [ "$SECTOR" = lawyer ]; then PUBLIC_BUILD=public-ui/build; else PUBLIC_BUILD=public-ui/build-$SECTOR; fi
if [ "$STACK" = e2e ]; then
  # E2E_PORT_BASE (default 3100) moves the whole e2e stack, so several worktrees can run journeys at once:
  # web = base, API = base+1, SMTP = base-1975 (1125), mail web = base-1920 (1180), database rdv_e2e[_<base>].
  BASE=${E2E_PORT_BASE:-3100}
  WEB=$BASE API=$((BASE + 1)) SMTP=$((BASE - 1975)) MAILWEB=$((BASE - 1920)) FRESH=--fresh
  if [ "$BASE" = 3100 ]; then DB_NAME=rdv_e2e$SECTOR_SUFFIX; else DB_NAME=rdv_e2e_$BASE$SECTOR_SUFFIX; fi
else
  DB_NAME=rdv$SECTOR_SUFFIX WEB=3000 API=3001 SMTP=1025 MAILWEB=1080 FRESH=
fi

ensure_node_modules
ensure_services

# Never start a second stack over a running one: this one would drop its database under it.
for port in "$WEB" "$API"; do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    echo "Port $port is already in use: is a $STACK stack already running? Stop it first."
    exit 1
  fi
done

# NODE_ENV=production on the builds too (the production bundles of React and React Router), not on
# ensure_node_modules above: npm ci would then leave out the dev dependencies the builds need.
if [ ! -f backend/dist/src/main.js ] || [ ! -f user-ui/dist/index.html ] || [ ! -f admin-ui/dist/index.html ] || [ "${BUILD:-}" = 1 ]; then
  echo "::: building ($SECTOR)"
  NODE_ENV=production npx nx run-many -t build --parallel=2 --outputStyle=static
elif [ ! -f "$PUBLIC_BUILD/server/index.js" ]; then
  # Only the public site's routes differ per sector: the backend and the two SPAs are reused as built.
  echo "::: building the public site ($SECTOR)"
  NODE_ENV=production npx nx run @rdv/public-ui:build --outputStyle=static
fi

mkdir -p var
# A JWT secret per machine, generated once, never committed, readable by its owner only (mode 0600).
ensure_secret_file var/jwt-secret
# Likewise the key sealing connected calendars' credentials (AES-256-GCM, key id "local1").
ensure_secret_file var/calendar-key "'local1:' + require('crypto').randomBytes(32).toString('base64')"

export NODE_ENV=production
export DATABASE_URL=${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/$DB_NAME}
export REDIS_URL=${REDIS_URL:-redis://127.0.0.1:6379}
export QUEUE_PREFIX=${QUEUE_PREFIX:-rdv-$STACK}
export JWT_SECRET=${JWT_SECRET:-$(cat var/jwt-secret)}
export CALENDAR_ENCRYPTION_KEYS=${CALENDAR_ENCRYPTION_KEYS:-$(cat var/calendar-key)}
export PUBLIC_URL=${PUBLIC_URL:-http://localhost:$WEB}
export SMTP_URL=${SMTP_URL:-smtp://127.0.0.1:$SMTP}
# The sector's product name on a .localhost address: "RDV Notaire <no-reply@rdv-notaire.localhost>".
MAIL_FROM_DEFAULT=$(node --input-type=module -e "import { getSector } from '@rdv/sectors'; const { productName: n } = getSector(process.env.SECTOR); console.log(n + ' <no-reply@' + n.toLowerCase().replace(/[^a-z0-9]+/g, '-') + '.localhost>')")
export MAIL_FROM=${MAIL_FROM:-$MAIL_FROM_DEFAULT}
export SMS_PROVIDER=${SMS_PROVIDER:-log}
export LOG_LEVEL=${LOG_LEVEL:-info}
export PORT=$API WEB_PORT=$WEB API_URL=http://127.0.0.1:$API
# The API believes X-Forwarded-For only from its gateway, on this host; the gateway is the edge.
export TRUSTED_PROXIES=${TRUSTED_PROXIES:-127.0.0.1,::1}
# The journeys' and the demo's office chat receiver listens on 127.0.0.1 over http: a development-only setting.
export CHAT_WEBHOOK_ALLOW_PRIVATE=${CHAT_WEBHOOK_ALLOW_PRIVATE:-true}
export CALDAV_ALLOW_PRIVATE=${CALDAV_ALLOW_PRIVATE:-true}
# Uploaded photos and images (content-addressed .webp files), one directory per stack: the e2e
# stack's fresh database must not release files the demo database still points at.
export MEDIA_DIR=${MEDIA_DIR:-$ROOT/var/media/$STACK$SECTOR_SUFFIX}
# Client-folder documents (never served publicly), one directory per stack. No antivirus daemon in the
# demo and the journeys: ANTIVIRUS=none (the backend tests run a real clamd).
export DOCUMENTS_DIR=${DOCUMENTS_DIR:-$ROOT/var/documents/$STACK$SECTOR_SUFFIX}
export ANTIVIRUS=${ANTIVIRUS:-none}

node scripts/ensure-db.mjs "$DATABASE_URL" $FRESH
node backend/dist/scripts/migrate.js
node backend/dist/scripts/seed.js

pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; wait 2>/dev/null; }
trap cleanup EXIT INT TERM

LOGS=var/logs/$STACK$SECTOR_SUFFIX && mkdir -p "$LOGS"
maildev --smtp "$SMTP" --web "$MAILWEB" --ip 127.0.0.1 --silent > "$LOGS/maildev.log" 2>&1 & pids+=($!)
if [ "$STACK" = demo ]; then
  # The demo lawyer's own calendar on a real CalDAV server (Debian's radicale), connected once the API is up.
  ensure_radicale
  CALDAV_PORT=${DEMO_CALDAV_PORT:-5232}
  node scripts/demo-caldav.mjs config "$ROOT/var/radicale/demo" "$CALDAV_PORT"
  radicale --config "$ROOT/var/radicale/demo/config" > "$LOGS/radicale.log" 2>&1 & pids+=($!)
fi
# MALLOC_ARENA_MAX=2 as the image sets it (Dockerfile: glibc arenas).
API_ENV=(env MALLOC_ARENA_MAX=2)
# Google Agenda, Outlook.com and Office 365 against the loopback fakes the backend tests use (scripts/google-fake.mjs,
# scripts/microsoft-fake.mjs), in both stacks: a visitor connects them through consent pages that say
# "Simulation — aucune donnée n'est envoyée à Google/Microsoft", and puts events in the fake accounts through
# their control API (/_fake/events). The client ids start with "simulation-": the API refuses changed provider
# endpoints in production otherwise. Ports: e2e base+45 (Microsoft; its consent page over http on base+55) and
# base+47 (Google), demo 3045 (3055) and 3047.
if [ "$STACK" = e2e ]; then MS_PORT=$((BASE + 45)) GOOGLE_PORT=$((BASE + 47)); else MS_PORT=${MICROSOFT_FAKE_PORT:-3045} GOOGLE_PORT=${GOOGLE_FAKE_PORT:-3047}; fi
CALLBACK=http://localhost:$WEB/api/v1/calendar-oauth/callback
export GOOGLE_CALENDAR_CLIENT_ID=simulation-google-$STACK GOOGLE_CALENDAR_CLIENT_SECRET=simulation-secret
export GOOGLE_CALENDAR_REDIRECT_URI=$CALLBACK
# The consent page is opened by the browser (localhost, as the site); the API calls the rest on 127.0.0.1.
export GOOGLE_CALENDAR_AUTH_URL=http://localhost:$GOOGLE_PORT/auth
export GOOGLE_CALENDAR_TOKEN_URL=http://127.0.0.1:$GOOGLE_PORT/token GOOGLE_CALENDAR_API_URL=http://127.0.0.1:$GOOGLE_PORT/
node --disable-warning=MODULE_TYPELESS_PACKAGE_JSON scripts/google-fake.mjs "$GOOGLE_PORT" > "$LOGS/google-fake.log" 2>&1 & pids+=($!)
# Microsoft over https with a throwaway certificate (MSAL refuses http authorities) that only the API and worker trust.
MS_CERTS=$ROOT/var/microsoft-fake/$STACK-$MS_PORT
export MICROSOFT_CALENDAR_CLIENT_ID=simulation-microsoft-$STACK MICROSOFT_CALENDAR_CLIENT_SECRET=simulation-secret
export MICROSOFT_CALENDAR_REDIRECT_URI=$CALLBACK
export MICROSOFT_CALENDAR_AUTHORITY_URL=https://127.0.0.1:$MS_PORT MICROSOFT_GRAPH_URL=https://127.0.0.1:$MS_PORT/v1.0
# The browser opens the consent page over plain http (on the next port): no certificate warning for a visitor.
MS_CONSENT_PORT=$((MS_PORT + 10))
export MICROSOFT_CALENDAR_CONSENT_URL=http://localhost:$MS_CONSENT_PORT
node --disable-warning=MODULE_TYPELESS_PACKAGE_JSON scripts/microsoft-fake.mjs "$MS_PORT" "$MS_CERTS" "$MS_CONSENT_PORT" > "$LOGS/microsoft-fake.log" 2>&1 & pids+=($!)
for _ in $(seq 1 50); do [ -s "$MS_CERTS/cert.pem" ] && break; sleep 0.2; done
API_ENV+=(NODE_EXTRA_CA_CERTS="$MS_CERTS/cert.pem")
# Browser error tracking in the journeys: the pages send to a receiver the error-tracking journey starts on base+48
# (nothing listens otherwise: the SDK's sends fail quietly). The demo keeps it off, as production does by default.
if [ "$STACK" = e2e ]; then export SENTRY_BROWSER_DSN=${SENTRY_BROWSER_DSN:-http://e2ebrowser@127.0.0.1:$((BASE + 48))/1}; fi
# Subscriptions: the loopback fake of the Stripe API (scripts/stripe-fake.mjs) with a test-mode key, in both
# stacks; its hosted checkout page is labelled "Simulation". The API refuses a fake with a live key. The browser
# reaches that page on 127.0.0.1, another site than the product's localhost, as checkout.stripe.com is: the way back
# from checkout is a cross-site redirect, the one the SameSite session cookies must survive.
if [ "$STACK" = e2e ]; then STRIPE_FAKE_PORT=$((BASE + 46)); else STRIPE_FAKE_PORT=${STRIPE_FAKE_PORT:-3046}; fi
export STRIPE_SECRET_KEY=sk_test_fake_$STACK STRIPE_WEBHOOK_SECRET=whsec_fake_$STACK
export STRIPE_PRICE_INTRO=price_intro_fake STRIPE_PRICE_STANDARD=price_standard_fake
export STRIPE_API_URL=http://127.0.0.1:$STRIPE_FAKE_PORT
# Both stacks seed the demo data, so their fake starts knowing the demo lawyer's connected account (their paid
# motive's payments go to it), its payouts and the seeded captured payment.
export STRIPE_FAKE_SEED=scripts/stripe-fake-demo-seed.json
node --disable-warning=MODULE_TYPELESS_PACKAGE_JSON scripts/stripe-fake.mjs "$STRIPE_FAKE_PORT" \
  "http://127.0.0.1:$API/api/v1/billing/stripe/webhook" "http://127.0.0.1:$STRIPE_FAKE_PORT" > "$LOGS/stripe-fake.log" 2>&1 & pids+=($!)
# Map tiles from the loopback tile stub (scripts/tile-fake.mjs: generated tiles marked SIMULATION), in both stacks:
# the maps never ask a real provider from the demo or the journeys. Ports: e2e base+49, demo 3049.
if [ "$STACK" = e2e ]; then TILE_PORT=$((BASE + 49)); else TILE_PORT=${TILE_FAKE_PORT:-3049}; fi
export MAP_TILE_URL="http://127.0.0.1:$TILE_PORT/{z}/{x}/{y}.png"
export MAP_ATTRIBUTION="Simulation — fond de carte local, aucune tuile OpenStreetMap"
node scripts/tile-fake.mjs "$TILE_PORT" > "$LOGS/tile-fake.log" 2>&1 & pids+=($!)
# Video rooms: the site's own Jitsi is simulated by a loopback page (scripts/visio-fake.mjs, "Simulation"), in both
# stacks, so every professional takes video bookings (the rooms are JITSI_BASE_URL/<unguessable room>) and a room
# link opens a page instead of a dead address. Ports: e2e base+51, demo 3051.
if [ "$STACK" = e2e ]; then VISIO_FAKE_PORT=$((BASE + 51)); else VISIO_FAKE_PORT=${VISIO_FAKE_PORT:-3051}; fi
export JITSI_BASE_URL=http://localhost:$VISIO_FAKE_PORT
node scripts/visio-fake.mjs "$VISIO_FAKE_PORT" > "$LOGS/visio-fake.log" 2>&1 & pids+=($!)
# Addresses of offices and practices: the loopback simulation of the national address base (scripts/ban-fake.mjs),
# in both stacks, declared a simulation (the API refuses a loopback geocoder in production otherwise). It places
# each address at a fixed point near its commune's centre; the worker geocodes the seeded demo addresses through it
# at start. Ports: e2e base+50, demo 3050.
if [ "$STACK" = e2e ]; then BAN_FAKE_PORT=$((BASE + 50)); else BAN_FAKE_PORT=${BAN_FAKE_PORT:-3050}; fi
export GEOCODER_URL=http://127.0.0.1:$BAN_FAKE_PORT GEOCODER_SIMULATION=true
node --disable-warning=MODULE_TYPELESS_PACKAGE_JSON scripts/ban-fake.mjs "$BAN_FAKE_PORT" > "$LOGS/ban-fake.log" 2>&1 & pids+=($!)
# --max-semi-space-size=2 --max-old-space-size=256: the resident memory target (see
# deploy/k8s/base/api.yaml and bench/reports/performance-analysis.md)
# Side ports of /metrics (and the worker's /health), as in production: e2e base+62/63/64 (the Prometheus scrape
# journey reads them), demo 9464/9465/9466.
if [ "$STACK" = e2e ]; then
  METRICS_BASE=$((BASE + 62))
  # Traces of the e2e stack go to the OTLP receiver the observability journey listens with on base+66 (JSON over
  # HTTP, flushed every half second); while nobody listens there, the exporter drops them.
  export OTEL_EXPORTER_OTLP_ENDPOINT=${OTEL_EXPORTER_OTLP_ENDPOINT:-http://127.0.0.1:$((BASE + 66))}
  export OTEL_EXPORTER_OTLP_PROTOCOL=${OTEL_EXPORTER_OTLP_PROTOCOL:-http/json} OTEL_BSP_SCHEDULE_DELAY=${OTEL_BSP_SCHEDULE_DELAY:-500}
else
  METRICS_BASE=9464
fi
"${API_ENV[@]}" METRICS_PORT=$METRICS_BASE node --max-semi-space-size=2 --max-old-space-size=256 backend/dist/src/main.js > "$LOGS/api.log" 2>&1 & pids+=($!)
"${API_ENV[@]}" METRICS_PORT=$((METRICS_BASE + 1)) node --max-semi-space-size=2 --max-old-space-size=256 backend/dist/src/main.worker.js > "$LOGS/worker.log" 2>&1 & pids+=($!)
WEB_METRICS_PORT=$((METRICS_BASE + 2)) node public-ui/server/index.js > "$LOGS/web.log" 2>&1 & pids+=($!)

echo "::: $STACK stack starting, sector $SECTOR (logs in $LOGS)"
for _ in $(seq 1 60); do
  if curl -fs "http://127.0.0.1:$WEB/api/v1/health/ready" >/dev/null 2>&1; then break; fi
  sleep 1
done
if [ "$STACK" = demo ]; then
  node scripts/demo-caldav.mjs connect "http://127.0.0.1:$CALDAV_PORT" "http://127.0.0.1:$API" ||
    echo "::: the demo CalDAV account could not be connected (see $LOGS/radicale.log); the rest of the demo runs"
  CALDAV_INFO="    CalDAV      http://127.0.0.1:$CALDAV_PORT/ (avocat.demo / DemoCaldav2026!, calendar \"Agenda du cabinet\")"
fi
if [ "$STACK" = demo ]; then
  node scripts/demo-billing.mjs "http://127.0.0.1:$API" "$STRIPE_API_URL" ||
    echo "::: the demo subscription could not be played (see $LOGS/stripe-fake.log); the rest of the demo runs"
fi
# NODE_ENV=production: Swagger UI is served only when asked for (npm run demo asks).
if [ "${API_DOCS_ENABLED:-}" = true ]; then DOCS="http://localhost:$WEB/api/v1/docs"; else DOCS='off (API_DOCS_ENABLED=true serves it)'; fi
cat <<INFO
::: ready
    site        http://localhost:$WEB/
    professional http://localhost:$WEB/user/connexion
    admin       http://localhost:$WEB/admin/login
    API docs    $DOCS
    mails       http://localhost:$MAILWEB/
    payments    http://127.0.0.1:$STRIPE_FAKE_PORT/ (Stripe fake: simulated checkout, no real payment)
    map tiles   http://127.0.0.1:$TILE_PORT/ (tile stub: generated tiles marked SIMULATION, nothing asked of OpenStreetMap)
    video rooms http://localhost:$VISIO_FAKE_PORT/<room> (simulated Jitsi: a page, no meeting)
    addresses   http://127.0.0.1:$BAN_FAKE_PORT/search/?q= (simulated address base: made-up points, nothing sent to the BAN)
    calendars   Google, Outlook.com, Office 365 simulated (events: POST http://127.0.0.1:$GOOGLE_PORT/_fake/events,
                https://127.0.0.1:$MS_PORT/_fake/events; nothing is sent to Google or Microsoft)
${CALDAV_INFO:-}
INFO
wait -n "${pids[@]}"
echo "::: a process of the $STACK stack stopped; see $LOGS"
exit 1
