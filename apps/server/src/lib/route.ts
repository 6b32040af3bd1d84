import { findUnsafeText, INPUT_MESSAGES, type Viewer } from '@portico/shared';
import fastJson from 'fast-json-stringify';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods, preHandlerHookHandler } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/index';
import type { Principal } from '../plugins/auth';
import { refuseUntilEulaAccepted } from '../plugins/eula-gate';
import { refuseUntilPasswordChanged } from '../plugins/password-update-gate';
import { refuseUntilFactorAdded } from '../plugins/second-factor-gate';
import { AppError, badRequest } from './errors';
import { type Gates, type Guard, type GuardSummary, loadGuardedRow, type RowInput, refuseUnlessAllowed } from './guard';
import { JSON_TYPE, SerializedAnswer } from './kept-answer';
import { type LimitName, RATE_LIMITS } from './rate-limit';
import { type Contract, contractName, refuseOutsideContract } from './response-contract';
import { isAuditedWrite, recordStaffWrite, subjectOf } from './staff-audit';

export interface RouteContext<P, Q, B, R = undefined> {
  params: P;
  query: Q;
  body: B;
  principal: Principal | null;
  /** Present for every guard but `publicRoute` and `authenticated`. */
  viewer: Viewer;
  db: Db;
  req: FastifyRequest;
  reply: FastifyReply;
  /** The row the guard loaded and allowed (`can(...)` guards); undefined for the others. */
  row: R;
}

export interface RouteDef<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R = undefined> {
  method: HTTPMethods | HTTPMethods[];
  url: string;
  /**
   * Who may call the route, over which row (lib/guard.ts, decision 1060): `publicRoute`, `authenticated`, `member`,
   * `allow(name, rule)`, `scoped(name, scope, rule?)` or `can(name, rowLoader, predicate?)`. Every route states one.
   */
  guard: Guard<R, RowInput<z.output<P>, z.output<Q>, z.output<B>>>;
  /**
   * The gates a signed-in route waits behind, both on unless turned off here: the few calls a member must reach
   * before accepting the EULA or changing a required password (the shell's loads, the acceptance, the change).
   */
  gates?: Gates;
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
  /**
   * The 200 answer's schema, a contract of packages/shared: Fastify serialises the answer by it (fast-json-stringify),
   * so a field the contract does not name is never sent, and the OpenAPI document shows it.
   */
  response?: Contract;
  /** Rate limits counted before the handler runs, keyed by the caller's address or member (lib/rate-limit.ts). */
  rateLimit?: LimitName[];
  handler: (ctx: RouteContext<z.output<P>, z.output<Q>, z.output<B>, R>) => Promise<unknown>;
}

const empty = z.object({}).passthrough();

/**
 * A part of the request by its schema. A part without one is an open object: taken as it came when it is one, not
 * copied (decision 1184); anything else is refused as before.
 */
function partOf(schema: z.ZodType | undefined, value: unknown): unknown {
  if (schema) return schema.parse(value ?? {});
  if (value == null) return {};
  return typeof value === 'object' && !Array.isArray(value) ? value : empty.parse(value);
}

function limitKey(name: LimitName, req: FastifyRequest, principal: Principal | null): string {
  return RATE_LIMITS[name].by === 'member' && principal ? `account:${principal.accountId ?? principal.subject}` : `address:${req.ip}`;
}

function summaryOf(guard: Guard<unknown, unknown>, gates: Required<Gates>, rateLimit: LimitName[] = []): GuardSummary {
  const on = guard.kind === 'public' ? [] : Object.entries({ eula: gates.eula, password: gates.passwordUpdate });
  return {
    form: 'guard',
    guard: guard.name,
    // A function's own name (`canAdminister`); an anonymous rule has none worth showing.
    rules: [guard.allow?.name, guard.predicate?.name].filter(
      (name): name is string => !!name && !['allow', 'rule', 'predicate'].includes(name),
    ),
    row: guard.row ? guard.row.name : guard.scope ? `scope: ${guard.scope}` : null,
    rateLimit,
    gates: on.filter(([, isOn]) => isOn).map(([name]) => name),
  };
}

type JsonSchema = { [key: string]: unknown };

/**
 * A route's JSON schemas by its zod schemas, and each answer schema's compiled serialiser, made once per process: an
 * app's build made them again (two fifths of a build), and the API tests build some hundreds (decision 1179). Fastify
 * and the serialiser only read them.
 */
function keptIn<K extends object, V>(kept: WeakMap<K, V>, key: K, make: (key: K) => V): V {
  let value = kept.get(key);
  if (value === undefined) {
    value = make(key);
    kept.set(key, value);
  }
  return value;
}

const inputSchemas = new WeakMap<z.ZodType, JsonSchema>();
const responseSchemas = new WeakMap<Contract, JsonSchema>();
const serializers = new WeakMap<object, (answer: unknown) => string>();

function jsonSchema(schema: z.ZodType | undefined) {
  if (!schema) return undefined;
  return keptIn(inputSchemas, schema, (s) => {
    try {
      return z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    } catch {
      return { type: 'object' };
    }
  });
}

/**
 * A contract as the schema Fastify serialises an answer by. A nullable object (zod: anyOf of the object and null)
 * becomes one schema with `type: ['object', 'null']`: fast-json-stringify then writes it directly instead of testing
 * each branch of the anyOf with a validator on every answer.
 */
export function responseSchema(schema: Contract): JsonSchema {
  return keptIn(responseSchemas, schema, (s) => {
    const { $schema: _, ...out } = z.toJSONSchema(s, { io: 'output', unrepresentable: 'any' }) as JsonSchema;
    return simplified(out) as JsonSchema;
  });
}

/**
 * The serialiser compiler of every app (app.ts): fast-json-stringify's, as Fastify's own, but one compiled function
 * per response schema and process instead of one per route and app.
 */
export function serializerFor({ schema }: { schema: object }): (answer: unknown) => string {
  return keptIn(serializers, schema, (s) => fastJson(s as Parameters<typeof fastJson>[0]));
}

function simplified(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplified);
  if (!node || typeof node !== 'object') return node;
  const entries = Object.entries(node as JsonSchema).map(([k, v]) => [k, simplified(v)] as const);
  const out = Object.fromEntries(entries) as JsonSchema;
  const branches = out.anyOf as JsonSchema[] | undefined;
  if (branches?.length === 2 && Object.keys(out).length === 1) {
    const plain = branches.find((b) => b.type !== 'null');
    if (plain && branches.some((b) => b.type === 'null' && Object.keys(b).length === 1) && typeof plain.type === 'string')
      return { ...plain, type: [plain.type, 'null'] };
  }
  return out;
}

/**
 * No text that PostgreSQL cannot store (a NUL, a lone surrogate) gets past any route, whatever its schema says: every
 * route() handler calls this first, and a hook of the other routes (app.ts) before theirs
 * (docs/decisions/0920-input-rules.md).
 */
export function refuseUnsafeText(parts: Record<string, unknown>): void {
  for (const value of Object.values(parts)) refuseUnsafeValue(value);
}

/** refuseUnsafeText of a request's params, query and body, without an object or array a call (issue 33). */
function refuseUnsafeInput(req: FastifyRequest): void {
  refuseUnsafeValue(req.params);
  refuseUnsafeValue(req.query);
  refuseUnsafeValue(req.body);
}

function refuseUnsafeValue(value: unknown): void {
  const at = findUnsafeText(value);
  if (at === null) return;
  throw badRequest('There are problems with your request. Please check the values provided.', [
    { field: at, message: INPUT_MESSAGES.unsafeText },
  ]);
}

/**
 * The routes not made by route() (the web app's files, the API browser, the probes, /metrics) refuse unsafe input in a
 * preHandler hook of their own: a plain callback, no promise per request (decision 1140). route()'s handlers call
 * refuseUnsafeText first themselves, so their calls pass no hook (decision 1184).
 */
export function refuseUnsafeInputOfOtherRoutes(app: FastifyInstance): void {
  const refuse: preHandlerHookHandler = (req, _reply, done) => {
    try {
      refuseUnsafeInput(req);
    } catch (error) {
      return done(error as Error);
    }
    done();
  };
  app.addHook('onRoute', (options) => {
    // A route() route's guard has the form 'guard'; the others have none or fastifyPublic's.
    if ((options.config as { guard?: GuardSummary } | undefined)?.guard?.form === 'guard') return;
    const own = options.preHandler;
    options.preHandler = own ? [refuse, ...(Array.isArray(own) ? own : [own])] : refuse;
  });
}

export function route<
  P extends z.ZodType = typeof empty,
  Q extends z.ZodType = typeof empty,
  B extends z.ZodType = typeof empty,
  R = undefined,
>(app: FastifyInstance, def: RouteDef<P, Q, B, R>): void {
  const { guard } = def;
  const isPublic = guard.kind === 'public';
  const needsViewer = !isPublic && guard.kind !== 'authenticated';
  // Public routes answer visitors anyway; every other waits for a required password change (decision 0931) and for
  // the acceptance of the current EULA (decision 0966) unless the route opens that gate itself.
  // The required second factor (decision 1122) opens where the EULA does, and on the routes that add a factor.
  const gates = {
    eula: !isPublic && def.gates?.eula !== false,
    passwordUpdate: !isPublic && def.gates?.passwordUpdate !== false,
    secondFactor: !isPublic && (def.gates?.secondFactor ?? def.gates?.eula) !== false,
  };
  app.route({
    method: def.method,
    url: def.url,
    bodyLimit: def.bodyLimit,
    config: {
      // The short form the route-walking tests filter on: the plain guard's kind, else the guard's name.
      access: guard.name === guard.kind ? guard.kind : `guard:${guard.name}`,
      guard: summaryOf(guard as Guard<unknown, unknown>, gates, def.rateLimit),
      response: contractName(def.response),
    },
    schema: Object.fromEntries(
      Object.entries({
        summary: def.summary,
        tags: def.tags,
        params: jsonSchema(def.params),
        querystring: jsonSchema(def.query),
        body: jsonSchema(def.describeBody ?? def.body),
        // 2xx: a create's 201 is serialised by the contract too.
        response: def.response ? { '2xx': responseSchema(def.response) } : undefined,
        security: isPublic ? [] : [{ bearer: [] }],
      }).filter(([, v]) => v !== undefined),
    ),
    handler: async (req, reply) => {
      // Input no route may take is refused first, before the caller is known (decision 0920).
      refuseUnsafeInput(req);
      const principal = isPublic
        ? await app.authenticateOptional(req).catch(() => null)
        : (app.keptPrincipal(req) ?? (await app.authenticate(req)));
      if (gates.passwordUpdate) refuseUntilPasswordChanged(principal);
      // Read again only when the principal says one is pending: a member with nothing due waits on no promise.
      if (gates.eula && principal?.eulaPending) await refuseUntilEulaAccepted(app.db, principal);
      if (gates.secondFactor && principal?.factorPending) await refuseUntilFactorAdded(app.db, principal, app.config.mlsTimeZone);
      let viewer = null as unknown as Viewer;
      if (needsViewer) {
        if (!principal?.viewer) throw new AppError('FORBIDDEN', 'No member data is associated with this sign-in.');
        viewer = principal.viewer;
        refuseUnlessAllowed(guard as Guard<unknown, unknown>, viewer);
      }
      if (def.rateLimit) await app.limits.hit(def.rateLimit.map((name) => [name, limitKey(name, req, principal)]));
      // A route without a schema for a part gets it as an open object (the defaults of the type parameters say so).
      const params = partOf(def.params, req.params) as z.output<P>;
      const query = partOf(def.query, req.query) as z.output<Q>;
      const body = partOf(def.body, req.body) as z.output<B>;
      const row = guard.row ? await loadGuardedRow(guard, { db: app.db, viewer, params, query, body, headers: req.headers }) : undefined;
      const result = await def.handler({ params, query, body, principal, viewer, db: app.db, req, reply, row } as never);
      // Issue 32 §6 (decision 1131): a staff write that succeeded goes into the audit trail. Written after the write's
      // own transaction: a trail that cannot be written is logged as an error, never undoes the change it describes.
      if (reply.statusCode < 400 && isAuditedWrite(req.method, guard.kind, viewer)) {
        const write = {
          viewer,
          accountId: principal?.accountId ?? null,
          action: guard.name,
          area: def.tags?.[0] ?? '',
          route: `${req.method} ${req.routeOptions.url ?? def.url}`,
          subject: subjectOf(params, body, row),
        };
        await recordStaffWrite(app.db, req, write).catch((error: unknown) =>
          req.log.error({ err: error, audit: write }, 'staff audit not written'),
        );
      }
      if (reply.sent) return reply;
      const kept = result instanceof SerializedAnswer ? result : null;
      if (def.response && app.config.responseCheck && reply.statusCode < 300)
        refuseOutsideContract(def.response, kept ? kept.answer : result, `${req.method} ${def.url}`);
      // Already serialised by the contract (lib/kept-answer.ts): Fastify sends a JSON string as it is.
      if (!kept) return result;
      reply.type(JSON_TYPE);
      return kept.json;
    },
  });
}
