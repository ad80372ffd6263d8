# syntax=docker/dockerfile:1
# Earn as a container: the web app is built at image build, the server runs its TypeScript through tsx
# (see README, "Decisions"), as a non-root user, and nothing is rebuilt on start.
#
#   docker build -t earn .
#   docker run -p 3000:3000 -e ADMIN_TOKEN=… -e DATABASE_URL=postgres://… earn
#
# NODE_IMAGE may name another base with Node.js at /usr/local/bin and a `node` user (uid 1000), as the
# official images have.
ARG NODE_IMAGE=node:24-bookworm-slim

# Every dependency, to build the web app.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages/domain packages/domain
COPY apps/web apps/web
RUN npm run build

# The server's own dependencies only: no web toolchain, no test tools in the image.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev --workspace apps/server --workspace packages/domain --no-audit --no-fund \
  && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    WEB_DIST=/app/apps/web/dist
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY package.json tsconfig.base.json ./
COPY packages/domain packages/domain
COPY apps/server/package.json apps/server/tsconfig.json apps/server/
COPY apps/server/src apps/server/src
COPY --from=build /app/apps/web/dist apps/web/dist
# PGlite keeps its data here when DATABASE_URL is unset; mount a volume to keep it.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
# Readiness: a database round trip, migrations at head, the scheduler alive and not behind.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--import", "tsx", "apps/server/src/main.ts"]
