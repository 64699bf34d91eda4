# One image for the API, the worker and the web gateway (the compose file picks the command).
# One image per sector: `docker build --build-arg SECTOR=notary .` (lawyer by default). The public
# site's route words (/notaires) and the UIs' colours are compiled in, so the sector is a build argument;
# the image runs that sector unless SECTOR is overridden (the gateway then refuses a build of another sector).
ARG SECTOR=lawyer

FROM node:24-bookworm-slim AS build
ARG SECTOR
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 SECTOR=$SECTOR
COPY . .
# NODE_ENV=production for the builds only (npm ci needs the dev dependencies to build): React's and the
# UIs' production bundles whatever the bundlers' defaults are.
RUN npm ci --no-audit --no-fund && NODE_ENV=production npx nx run-many -t build --parallel=2 --outputStyle=static

FROM node:24-bookworm-slim
ARG SECTOR
WORKDIR /app
ENV NODE_ENV=production SECTOR=$SECTOR
# glibc gives each thread that contends for malloc an arena of its own (up to 8 per core): Node's libuv and
# V8 threads left 60-150 MB of native memory from run to run in the API; two arenas keep it at the low end with
# no throughput cost measured (bench/reports/performance-analysis.md).
ENV MALLOC_ARENA_MAX=2
COPY --from=build /app /app
# MEDIA_DIR's volume takes this directory's owner when first mounted: the node user must write there.
RUN mkdir -p /var/lib/rdv/media && chown node:node /var/lib/rdv/media
USER node
EXPOSE 3000 3001
CMD ["node", "public-ui/server/index.js"]
