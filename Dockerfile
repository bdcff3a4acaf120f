# syntax=docker/dockerfile:1
# Tabi Guides, production image (decision 088). Build: docker build -t tabi-guides .
# Run: see compose.yaml (PostgreSQL, Redis, S3-compatible storage, two instances behind nginx).

# ---- build: every dependency, then `npm run build` (web app, SSR, dist/server/server.js; decision 086)
FROM node:20-slim AS build
WORKDIR /app
ENV CI=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- runtime: production dependencies, the build output and the files the server reads at run time
FROM node:20-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data \
    NODE_OPTIONS=--enable-source-maps
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# The compiled server still reads its migrations and the PDF fonts beside the sources (decision 086).
COPY --from=build /app/src/server/db/migrations ./src/server/db/migrations
COPY --from=build /app/src/server/assets ./src/server/assets
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Ready means: the database answers and the instance is not stopping (SIGTERM flips it to 503).
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM (docker stop) drains and exits within 10 s: keep the stop timeout above that.
STOPSIGNAL SIGTERM
CMD ["node", "dist/server/server.js"]
