# syntax=docker/dockerfile:1
# Series Tracker: one image for every app server (README "Deployment with containers", ADR 140).
#   docker build -t series-tracker .
# Node 22 LTS by default (Node 20 left maintenance in April 2026; the AWS SDK warns on it).
ARG NODE_VERSION=22

# --- deps: every dependency, native modules (better-sqlite3, sharp) built for this image ----
FROM node:${NODE_VERSION}-bookworm AS deps
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 \
    npm_config_fund=false \
    npm_config_audit=false
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci

# --- build: the web app (apps/web/dist) and the compiled server (apps/api/dist/server.js) ---
FROM deps AS build
COPY . .
RUN npm run build

# --- prod-deps: the server's production dependencies only ----------------------------------
FROM node:${NODE_VERSION}-bookworm AS prod-deps
WORKDIR /app
ENV npm_config_fund=false \
    npm_config_audit=false
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --omit=dev --workspace apps/api && npm cache clean --force

# --- runtime: node, production dependencies, the built server, web app and catalogue ------
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_URL=file:/data/series-tracker.db \
    UPLOAD_DIR=/data/uploads \
    IMPORT_DIR=/data/imports \
    MAIL_OUTBOX_DIR=/data/outbox
WORKDIR /app
# The layout config.ts resolves against: <root>/apps/api/dist, <root>/apps/web/dist, <root>/data.
COPY --from=prod-deps --chown=root:root /app/node_modules ./node_modules
COPY --from=prod-deps --chown=root:root /app/apps/api/node_modules ./apps/api/node_modules
COPY --chown=root:root package.json ./
COPY --chown=root:root apps/api/package.json ./apps/api/
COPY --from=build --chown=root:root /app/apps/api/dist ./apps/api/dist
COPY --from=build --chown=root:root /app/apps/web/dist ./apps/web/dist
COPY --chown=root:root data/catalog.json.gz ./data/catalog.json.gz
# The code is root's and read-only to the server; it writes only under /data (a volume).
RUN mkdir -p /data/uploads /data/imports /data/outbox && chown -R node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Liveness: the process and its database answer (readiness, /api/ready, is the proxy's check).
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node is PID 1 (no npm or shell in between): SIGTERM reaches server.ts, which drains
# (SHUTDOWN_DRAIN_SECONDS), finishes requests and jobs, and exits.
STOPSIGNAL SIGTERM
CMD ["node", "apps/api/dist/server.js"]
