# One image for the API, the worker and the web gateway (the compose file picks the command).
FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY . .
RUN npm ci --no-audit --no-fund && npx nx run-many -t build --parallel=2 --outputStyle=static

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app /app
# MEDIA_DIR's volume takes this directory's owner when first mounted: the node user must write there.
RUN mkdir -p /var/lib/rdv/media && chown node:node /var/lib/rdv/media
USER node
EXPOSE 3000 3001
CMD ["node", "public-ui/server/index.js"]
