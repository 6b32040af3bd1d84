import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController, type RouteOptions } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/index';
import { loadIdentityKeys, publicKeys } from './identity/keys';
import { mountProvider } from './identity/mount';
import { createProvider } from './identity/provider';
import { signInRoutes } from './identity/signin';
import { fastifyPublic, type GuardSummary } from './lib/guard';
import { logSerializers } from './lib/log-redaction';
import { RateLimiter } from './lib/rate-limit';
import { refuseUnsafeInputOfOtherRoutes, serializerFor } from './lib/route';
import { secretKeys, useSecretKeys } from './lib/secret-box';
import { featureModules } from './modules/index';
import { backchannelLogoutJob, followBackchannelLogouts, oidcDemoRpRoutes } from './modules/oidc-apps/index';
import { samlRoutes } from './modules/saml/index';
import { resealFactorSecrets } from './modules/second-factors/index';
import { authPlugin } from './plugins/auth';
import { changeWatchPlugin } from './plugins/change-watch';
import { frameworkErrors, registerErrorHandler } from './plugins/errors';
import { jobsPlugin } from './plugins/jobs';
import { mailPlugin } from './plugins/mail';
import { metricsPlugin, registerAnswerMetrics } from './plugins/metrics';
import { registerRequestId, requestIdOptions } from './plugins/request-id';
import { logDestination, makeRequestLoggersLazy, registerRequestLog } from './plugins/request-log';
import { registerSecurityHeaders } from './plugins/security-headers';
import { smsPlugin } from './plugins/sms';
import { registerWeb } from './plugins/web';

export interface BuildOptions {
  config: Config;
  db: Db;
  logger?: boolean | object;
  /** With `logger: true`, where the log lines go, written asynchronously: a file path or descriptor (standard output when absent). */
  logTo?: string | number;
  serveWeb?: boolean;
  /** How often job workers look for work (pg-boss's default 2 s; the tests use less). */
  jobPollingSeconds?: number;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  /** The short form of the guard (`public`, `member`, `guard:registered.update`...), which tests filter on. */
  access: string | undefined;
  /** What the route declared (lib/guard.ts): `route()`'s guard, or `fastifyPublic` for a route registered directly. */
  guard?: GuardSummary;
  /** The name of the contract the 200 answer is serialised by (`route()`'s `response:`), null when it states none. */
  response: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: RegisteredRoute[];
    limits: RateLimiter;
  }
  interface FastifyContextConfig {
    access?: string;
    guard?: GuardSummary;
    response?: string | null;
  }
}

export async function buildApp({
  config,
  db,
  logger = false,
  logTo,
  serveWeb = true,
  jobPollingSeconds,
}: BuildOptions): Promise<FastifyInstance> {
  const destination = logger === true ? logDestination(logTo) : undefined;
  const app = Fastify({
    frameworkErrors,
    logger:
      logger === true
        ? { level: config.logLevel, serializers: logSerializers, stream: destination }
        : logger && typeof logger === 'object'
          ? { serializers: logSerializers, ...logger }
          : logger,
    // One line per request instead of two (plugins/request-log.ts, issue 33).
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    bodyLimit: 256 * 1024,
    // The ready hooks start the job queue (pg-boss's own migration on a first start): on a busy machine that took
    // more than Fastify's default 10 s, and the server stopped instead of starting late (decision 1182).
    pluginTimeout: 60_000,
    // X-Forwarded-* count only from these proxies (decision 0911); plugins/security-headers.ts drops them otherwise.
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    ...requestIdOptions,
  });
  // A request's logger is made when it first writes (plugins/request-log.ts, decisions 1183 and 1196); without a
  // logger, Fastify gives every request its silent one.
  if (logger) makeRequestLoggersLazy(app.log);
  registerRequestId(app, config.instanceName);
  registerRequestLog(app, destination);
  // Before any route: each route is given its own hook (lib/route-hooks.ts).
  registerAnswerMetrics(app);
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('registeredRoutes', [] as RegisteredRoute[]);
  app.decorate('limits', new RateLimiter(db, config.rateLimits));
  app.addHook('onRoute', (route: RouteOptions) => {
    const config = (route.config ?? {}) as { access?: string };
    // The OpenAPI document and its UI (registered by @fastify/swagger) are public pages.
    if (route.url.startsWith('/api/docs') && !config.access) route.config = { ...config, ...fastifyPublic };
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      const declared = (route.config ?? {}) as { access?: string; guard?: GuardSummary; response?: string | null };
      const response = declared.response ?? null;
      app.registeredRoutes.push({ method, url: route.url, access: declared.access, guard: declared.guard, response });
    }
  });
  // Requests are validated by the zod schemas inside each route; the JSON schemas only document them.
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  app.setSerializerCompiler(serializerFor);
  registerErrorHandler(app);
  await registerSecurityHeaders(app, config);
  // route() handlers refuse unsafe input themselves; the other routes get a hook of their own (decision 1184).
  refuseUnsafeInputOfOtherRoutes(app);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Portico API', version: '4.9.0', description: 'Member portal of a multiple listing service' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  // Swagger UI's own policy: its scripts and styles by hash, no upgrade of the plain-http development origin.
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: (header) => header.replace(/ ?upgrade-insecure-requests;?/, ''),
  });
  await app.register(formbody);

  // Secrets at rest (decision 0940): sealed under PORTICO_SECRET_KEY; rows under an older key are re-sealed now.
  useSecretKeys(secretKeys(config.secretKey, config.previousSecretKeys));
  await resealFactorSecrets(db);
  let localKeys: ReturnType<typeof publicKeys> | undefined;
  let provider: ReturnType<typeof createProvider> | undefined;
  if (config.embeddedIdentity) {
    const keys = await loadIdentityKeys(db, { production: config.production });
    localKeys = publicKeys(keys);
    provider = createProvider(config, db, keys);
    followBackchannelLogouts(provider, db, app.log);
    // Koa reads X-Forwarded-Proto and -Host only with proxy on; untrusted senders' copies are already gone.
    provider.proxy = config.trustProxy.length > 0;
    mountProvider(app, provider);
    await signInRoutes(app, provider);
    await samlRoutes(app, provider);
    // The demo's OIDC relying party (decision 0989); its application is registered by main.ts with the demo seed.
    if (config.demo) await oidcDemoRpRoutes(app);
  }
  await app.register(changeWatchPlugin);
  await app.register(authPlugin, { localKeys });
  await app.register(jobsPlugin, { pollingIntervalSeconds: jobPollingSeconds });
  // Logout tokens of sessions Portico ended itself (deactivation, the feed, a password change): decision 0997.
  if (provider) app.jobs.define(backchannelLogoutJob(provider, app.log));
  await app.register(mailPlugin);
  await app.register(smsPlugin);
  await app.register(metricsPlugin);

  for (const register of featureModules) await register(app);
  if (serveWeb) await registerWeb(app, config.webDist);
  return app;
}
