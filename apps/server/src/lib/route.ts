import { findUnsafeText, INPUT_MESSAGES, type Viewer } from '@portico/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/index';
import type { Principal } from '../plugins/auth';
import { isAllowedWhileEulaPending, refuseUntilEulaAccepted } from '../plugins/eula-gate';
import { isAllowedDuringPasswordUpdate, refuseUntilPasswordChanged } from '../plugins/password-update-gate';
import { AppError, badRequest, forbidden } from './errors';
import { type LimitName, RATE_LIMITS } from './rate-limit';

/** Who may call a route: nobody is left unstated (a test walks every route). */
export type Access = 'public' | 'authenticated' | 'member' | { policy: string; allow: (viewer: Viewer) => boolean };

export interface RouteContext<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  principal: Principal | null;
  /** Present for every access but 'public' and 'authenticated'. */
  viewer: Viewer;
  db: Db;
  req: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteDef<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> {
  method: HTTPMethods | HTTPMethods[];
  url: string;
  access: Access;
  summary: string;
  tags?: string[];
  params?: P;
  query?: Q;
  body?: B;
  /**
   * The body's schema for the OpenAPI document when the service parses the body itself (to answer with its own
   * message and field errors): described, never used to parse.
   */
  describeBody?: z.ZodType;
  bodyLimit?: number;
  /** Rate limits counted before the handler runs, keyed by the caller's address or member (lib/rate-limit.ts). */
  rateLimit?: LimitName[];
  handler: (ctx: RouteContext<z.output<P>, z.output<Q>, z.output<B>>) => Promise<unknown>;
}

const empty = z.object({}).passthrough();

function limitKey(name: LimitName, req: FastifyRequest, principal: Principal | null): string {
  return RATE_LIMITS[name].by === 'member' && principal ? `account:${principal.accountId ?? principal.subject}` : `address:${req.ip}`;
}

export function accessName(access: Access): string {
  return typeof access === 'string' ? access : `policy:${access.policy}`;
}

function jsonSchema(schema: z.ZodType | undefined) {
  if (!schema) return undefined;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  } catch {
    return { type: 'object' };
  }
}

/**
 * No text that PostgreSQL cannot store (a NUL, a lone surrogate) gets past any route, whatever its schema says: a
 * hook of every request (app.ts) calls this before the handler (docs/decisions/0920-input-rules.md).
 */
export function refuseUnsafeText(parts: Record<string, unknown>): void {
  for (const value of Object.values(parts)) {
    const at = findUnsafeText(value);
    if (at !== null) {
      throw badRequest('There are problems with your request. Please check the values provided.', [
        { field: at, message: INPUT_MESSAGES.unsafeText },
      ]);
    }
  }
}

export function route<P extends z.ZodType = typeof empty, Q extends z.ZodType = typeof empty, B extends z.ZodType = typeof empty>(
  app: FastifyInstance,
  def: RouteDef<P, Q, B>,
): void {
  // Public routes answer visitors anyway; every other waits for a required password change unless allow-listed.
  const gated = def.access !== 'public' && !isAllowedDuringPasswordUpdate(def.method, def.url);
  // And for the acceptance of the current EULA (decision 0966).
  const eulaGated = def.access !== 'public' && !isAllowedWhileEulaPending(def.method, def.url);
  app.route({
    method: def.method,
    url: def.url,
    bodyLimit: def.bodyLimit,
    config: { access: accessName(def.access) },
    schema: Object.fromEntries(
      Object.entries({
        summary: def.summary,
        tags: def.tags,
        params: jsonSchema(def.params),
        querystring: jsonSchema(def.query),
        body: jsonSchema(def.describeBody ?? def.body),
        security: def.access === 'public' ? [] : [{ bearer: [] }],
      }).filter(([, v]) => v !== undefined),
    ),
    handler: async (req, reply) => {
      const principal = def.access === 'public' ? await app.authenticateOptional(req).catch(() => null) : await app.authenticate(req);
      if (gated) refuseUntilPasswordChanged(principal);
      if (eulaGated) await refuseUntilEulaAccepted(app.db, principal);
      let viewer = null as unknown as Viewer;
      if (def.access !== 'public' && def.access !== 'authenticated') {
        if (!principal?.viewer) throw new AppError('FORBIDDEN', 'No member data is associated with this sign-in.');
        viewer = principal.viewer;
        if (typeof def.access === 'object' && !def.access.allow(viewer)) throw forbidden();
      }
      if (def.rateLimit) await app.limits.hit(def.rateLimit.map((name) => [name, limitKey(name, req, principal)]));
      const params = (def.params ?? empty).parse(req.params ?? {});
      const query = (def.query ?? empty).parse(req.query ?? {});
      const body = (def.body ?? empty).parse(req.body ?? {});
      const result = await def.handler({ params, query, body, principal, viewer, db: app.db, req, reply } as never);
      if (reply.sent) return reply;
      return result;
    },
  });
}
