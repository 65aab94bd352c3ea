# syntax=docker/dockerfile:1
#
# kgv — Koa server + React UI, run through tsx; Chromium for PDFs.
#   docker build -t kgv:latest .
#   docker run -d -p 3000:3000 -v kgv-data:/data kgv:latest        (embedded SQLite in /data)
#   docker compose up -d                                            (with MySQL, see docker-compose.yml)
# See docs/deployment.md.

ARG NODE_IMAGE=node:22-bookworm-slim

# ---------------------------------------------------------------------------------------------------
# build: install all dependencies (better-sqlite3 may compile from source), build the UI, then drop
# the dev dependencies so node_modules can be copied into the runtime stage as it is.
# ---------------------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS build

RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*

WORKDIR /app
ENV npm_config_update_notifier=false \
    npm_config_fund=false \
    npm_config_audit=false

# Dependencies first, so this layer is reused while only the sources change.
COPY package.json package-lock.json .npmrc ./
RUN --mount=type=cache,target=/root/.npm \
    npm ci

COPY . .
# mkdir: folders that are still empty are not in git, but the runtime stage copies them.
RUN mkdir -p seeds migrations docs \
 && npm run build \
 && npm prune --omit=dev

# ---------------------------------------------------------------------------------------------------
# runtime: Node, Debian's Chromium with fonts (umlauts and €), tini as PID 1, a non-root user.
# ---------------------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime

# tzdata + TZ: the club works in Vienna time (dates of bookings, cron jobs, "today" in reports).
RUN apt-get update \
 && apt-get install -y --no-install-recommends \
      chromium fonts-dejavu-core fonts-liberation2 ca-certificates tini tzdata \
 && rm -rf /var/lib/apt/lists/*

# Home directory: Chromium writes its crash-handler and config files under $HOME.
RUN groupadd --gid 10001 kgv \
 && useradd --uid 10001 --gid kgv --create-home --home-dir /home/kgv --shell /usr/sbin/nologin kgv \
 && mkdir -p /data \
 && chown kgv:kgv /data

WORKDIR /app

# The server runs its TypeScript through tsx (a runtime dependency): sources, migrations, seeds,
# the CLI entry and the Handbuch source ship as they are; the UI ships built.
COPY --from=build --chown=kgv:kgv /app/node_modules ./node_modules
COPY --from=build --chown=kgv:kgv /app/package.json /app/tsconfig.json ./
COPY --from=build --chown=kgv:kgv /app/bin ./bin
COPY --from=build --chown=kgv:kgv /app/src ./src
COPY --from=build --chown=kgv:kgv /app/migrations ./migrations
COPY --from=build --chown=kgv:kgv /app/seeds ./seeds
COPY --from=build --chown=kgv:kgv /app/docs ./docs
COPY --from=build --chown=kgv:kgv /app/ui/dist ./ui/dist

ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    CHROMIUM_PATH=/usr/bin/chromium \
    TZ=Europe/Vienna

VOLUME /data
EXPOSE 3000
USER kgv

# No curl in the slim image: ask Node itself. AppVersionInfo is public and touches no heavy work.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/Common/AppVersionInfo').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"

ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "bin/kgv.mjs", "serve"]
