#!/usr/bin/env bash
# `npm run demo`: installs what is missing, builds, migrates, seeds the demo data and serves the
# whole product on http://localhost:3000 until Ctrl-C.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${BUILD:-1} STACK=demo exec bash scripts/start-stack.sh
