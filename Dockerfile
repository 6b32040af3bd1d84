# Portico's image (docs/operations.md, decision 0941): built once, run compiled, production dependencies only.
# The same steps run in CI without Docker: `npm run build`, then scripts/check-prod-start.mjs copies the built tree,
# runs `npm ci --omit=dev -w @portico/server` and checks /readyz.

# --- manifests: the lockfile and every workspace's package.json, which both installs below read ---
FROM node:22.23.3-bookworm-slim AS manifests
WORKDIR /src
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

# --- build: every dependency, the web app and the compiled server ---
FROM manifests AS build
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- runtime: the compiled output and the server's production dependencies, as a non-root user ---
FROM node:22.23.3-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/app/data
WORKDIR /app
COPY --from=manifests /src ./
RUN npm ci --omit=dev --no-audit --no-fund -w @portico/server && npm cache clean --force \
  && mkdir -p /app/data && chown node:node /app/data
COPY --from=build /src/apps/server/dist apps/server/dist
COPY --from=build /src/apps/web/dist apps/web/dist
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Migrations run on start under an advisory lock; `node apps/server/dist/migrate.js` runs them alone (the Job).
CMD ["node", "--enable-source-maps", "apps/server/dist/server.js"]
