#!/usr/bin/env bash
# `npm run demo`: installs what is missing, builds, migrates, seeds the demo data and serves the
# whole product on http://localhost:3000 until Ctrl-C.
set -euo pipefail
cd "$(dirname "$0")/.."
# The stack runs with NODE_ENV=production, where Swagger UI is off unless asked for: the demo asks,
# since the README links http://localhost:3000/api/v1/docs.
API_DOCS_ENABLED=${API_DOCS_ENABLED:-true} BUILD=${BUILD:-1} STACK=demo exec bash scripts/start-stack.sh
