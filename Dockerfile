# Cinegrade: one image for the web process and the worker (docs/operations.md, 'Containers').
#   web:     the default command (npm run start -w @cinegrade/server)
#   worker:  npm run worker -w @cinegrade/server
# Configuration is the environment of the README's table; compose.yaml shows a whole deployment.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/color/package.json packages/color/
COPY packages/contract/package.json packages/contract/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build -w @cinegrade/web

FROM node:20-bookworm-slim
# Debian's ffmpeg has everything the product uses (zimg, libx264, libvpx, libopus); tini passes
# SIGTERM on and reaps ffmpeg children.
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg tini \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir -p /data \
  && chown node:node /data
WORKDIR /app
COPY --from=build --chown=node:node /app /app
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    WEB_DIST_DIR=/app/apps/web/dist
USER node
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["tini", "--"]
CMD ["npm", "run", "start", "-w", "@cinegrade/server"]
