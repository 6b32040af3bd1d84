import formbody from '@fastify/formbody';
import middie from '@fastify/middie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/index';
import { loadIdentityKeys, publicKeySet } from './identity/keys';
import { createProvider } from './identity/provider';
import { signInRoutes } from './identity/signin';
import { secretKeys, useSecretKeys } from './lib/secret-box';
import { featureModules } from './modules/index';
import { resealFactorSecrets } from './modules/second-factors/repository';
import { authPlugin } from './plugins/auth';
import { registerErrorHandler } from './plugins/errors';
import { jobsPlugin } from './plugins/jobs';
import { metricsPlugin } from './plugins/metrics';
import { registerRequestId, requestIdOptions } from './plugins/request-id';
import { registerWeb } from './plugins/web';

export interface BuildOptions {
  config: Config;
  db: Db;
  logger?: boolean | object;
  serveWeb?: boolean;
  /** How often job workers look for work (pg-boss's default 2 s; the tests use less). */
  jobPollingSeconds?: number;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  access: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: RegisteredRoute[];
  }
  interface FastifyContextConfig {
    access?: string;
  }
}

export async function buildApp({ config, db, logger = false, serveWeb = true, jobPollingSeconds }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger === true ? { level: config.logLevel } : logger,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    bodyLimit: 256 * 1024,
    ...requestIdOptions,
  });
  registerRequestId(app);
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('registeredRoutes', [] as RegisteredRoute[]);
  app.addHook('onRoute', (route: RouteOptions) => {
    const config = (route.config ?? {}) as { access?: string };
    if (route.url.startsWith('/api/docs') && !config.access) route.config = { ...config, access: 'public' };
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      app.registeredRoutes.push({ method, url: route.url, access: (route.config as { access?: string })?.access });
    }
  });
  // Requests are validated by the zod schemas inside each route; the JSON schemas only document them.
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  registerErrorHandler(app);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    if (!req.url.startsWith('/oidc')) reply.header('x-frame-options', 'SAMEORIGIN');
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Portico API', version: '4.9.0', description: 'Member portal of a multiple listing service' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(formbody);

  // Secrets at rest (decision 0940): sealed under PORTICO_SECRET_KEY; rows under an older key are re-sealed now.
  useSecretKeys(secretKeys(config.secretKey, config.previousSecretKeys));
  await resealFactorSecrets(db);
  let localKeys: ReturnType<typeof publicKeySet> | undefined;
  if (config.embeddedIdentity) {
    const keys = await loadIdentityKeys(db, { production: config.production });
    localKeys = publicKeySet(keys);
    const provider = createProvider(config, db, keys);
    await app.register(middie);
    app.use('/oidc', provider.callback());
    await signInRoutes(app, provider);
  }
  await app.register(authPlugin, { localKeys });
  await app.register(jobsPlugin, { pollingIntervalSeconds: jobPollingSeconds });
  await app.register(metricsPlugin);

  for (const register of featureModules) await register(app);
  if (serveWeb) await registerWeb(app, config.webDist);
  return app;
}
