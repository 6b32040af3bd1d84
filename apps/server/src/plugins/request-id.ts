import { randomUUID } from 'node:crypto';
import { trace } from '@opentelemetry/api';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { hookEveryRoute } from '../lib/route-hooks';

const USABLE = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * One id per request (issue 18 §3): the caller's `x-request-id` when it is a plain token (a proxy's or load
 * balancer's, so their logs and ours line up), else a new UUID. Fastify puts it on every log line of the request
 * (`reqId`); `registerRequestId` returns it in the `x-request-id` response header.
 */
export const requestIdOptions: Pick<FastifyServerOptions, 'genReqId' | 'requestIdHeader'> = {
  requestIdHeader: false,
  genReqId: (req) => {
    const given = req.headers['x-request-id'];
    return typeof given === 'string' && USABLE.test(given) ? given : randomUUID();
  },
};

export function registerRequestId(app: FastifyInstance, instanceName: string): void {
  // Made for each route, which knows its pattern without reading req.routeOptions (lib/route-hooks.ts).
  hookEveryRoute(app, 'onRequest', (options) => {
    const route = options?.url;
    return (req, reply) => {
      reply.header('x-request-id', req.id);
      // Which instance answered (issue 18: behind a load balancer, a member's calls are seen to move between them).
      reply.header('x-portico-instance', instanceName);
      // With traces on (telemetry.ts), the HTTP server span is named after the route and carries the request id, so
      // a trace and the request's log lines find each other; off, there is no active span.
      const span = route && trace.getActiveSpan();
      if (span) {
        span.updateName(`${req.method} ${route}`);
        span.setAttribute('http.route', route);
        span.setAttribute('portico.request_id', req.id);
      }
    };
  });
}
