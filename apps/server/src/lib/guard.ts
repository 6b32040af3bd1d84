import type { IncomingHttpHeaders } from 'node:http';
import type { Viewer } from '@portico/shared';
import type { Db } from '../db/index';
import { AppError, forbidden } from './errors';

/**
 * Who may call a route, over which row (decision 1060). A guard is stated on the route's own line, so a reviewer
 * reads who may act on what without opening the handler: `guard: member`, `guard: allow('cases.staff', isStaff)`,
 * `guard: can('registered.read', visibleListing)`. The route pipeline (lib/route.ts) runs it after the sign-in and
 * the gates, before the rate limits and the handler; a row guard hands the loaded row to the handler as `row`.
 */

/**
 * What a row loader gets: the member, the database and the parsed request, of which a loader names the parts it reads
 * (`RowLoader<Row, { params: { id: number } }>`; an owner named in the body: `{ body: { ownerId: number } }`).
 */
export type RowContext<I> = { db: Db; viewer: Viewer } & I;

/** The parsed request as the pipeline hands it to a loader (headers for what travels there, e.g. a media token). */
export interface RowInput<P = unknown, Q = unknown, B = unknown> {
  params: P;
  query: Q;
  body: B;
  headers: IncomingHttpHeaders;
}

/**
 * Loads the row a route acts on, as the member may see it: `null` answers 404 with the loader's message (a row the
 * member may not see is, for most families, indistinguishable from one that does not exist).
 */
export interface RowLoader<R, P = unknown> {
  /** The row's name in docs/routes.md, e.g. `listing (visible to the member)`. */
  readonly name: string;
  load(ctx: RowContext<P>): Promise<R | null>;
  /** The 404's message when nothing is loaded (a function when it depends on the request, e.g. the owner's kind). */
  readonly notFound: string | ((ctx: RowContext<P>) => string);
}

export function rowLoader<R, P = unknown>(
  name: string,
  notFound: string | ((ctx: RowContext<P>) => string),
  load: (ctx: RowContext<P>) => Promise<R | null>,
): RowLoader<R, P> {
  return { name, notFound, load };
}

export type GuardKind = 'public' | 'authenticated' | 'member' | 'policy' | 'row';

export interface Guard<R = undefined, P = unknown> {
  readonly kind: GuardKind;
  /** The action's name (`registered.update`), or the kind for the plain guards. */
  readonly name: string;
  /** A rule on the member alone, checked before any row is read (403). */
  readonly allow?: (viewer: Viewer) => boolean;
  readonly row?: RowLoader<R, P>;
  /** A rule on the member and the loaded row; refused with `refusal`. */
  readonly predicate?: (viewer: Viewer, row: R) => boolean;
  /** The refusal of a member the rule or the predicate refuses (`row` is absent for the member rule). */
  readonly refusal?: (viewer: Viewer, row?: R) => AppError;
  /** For a guard over many rows: which rows the handler's query keeps (docs/routes.md), e.g. `listings the member sees`. */
  readonly scope?: string;
}

/** Anyone, signed in or not (the principal is read when a token comes). */
export const publicRoute: Guard = { kind: 'public', name: 'public' };
/** A valid sign-in, with or without member data. */
export const authenticated: Guard = { kind: 'authenticated', name: 'authenticated' };
/** Any signed-in member with member data; the handler scopes what it reads by the viewer. */
export const member: Guard = { kind: 'member', name: 'member' };

/**
 * Any member, over the rows a query keeps for them: `scoped('registered.search', 'listings the member sees')`. The
 * handler's query applies the scope (the policy's row filter); the guard names it so the route line says so.
 */
export function scoped(name: string, scope: string, rule?: (viewer: Viewer) => boolean, refusal?: (viewer: Viewer) => AppError): Guard {
  return { kind: rule ? 'policy' : 'member', name, scope, allow: rule, refusal };
}

/** A rule on the member alone: `allow('registered.create', mayRegister)`; refused 403 (with `refusal`'s message if given). */
export function allow(name: string, rule: (viewer: Viewer) => boolean, refusal?: (viewer: Viewer) => AppError): Guard {
  return { kind: 'policy', name, allow: rule, refusal };
}

export interface CanOptions<R> {
  /** A rule on the member alone, checked before the row is read (403). */
  allow?: (viewer: Viewer) => boolean;
  /**
   * What a member the rules refuse gets: 403 by default, the loader's 404 where that is the family's answer, or an
   * error of the family's own (its message); used for `allow` and for the predicate.
   */
  refuse?: 'forbidden' | 'not-found' | ((viewer: Viewer, row?: R) => AppError);
}

/**
 * A rule over a row: `can('registered.update', visibleListing)` loads the listing as the member may see it (404
 * otherwise) and hands it to the handler; `can('articles.update', adminArticle, isOwnArticle)` refuses a loaded row
 * the predicate rejects.
 */
export function can<R, P>(
  name: string,
  row: RowLoader<R, P>,
  predicate?: (viewer: Viewer, row: R) => boolean,
  options: CanOptions<R> = {},
): Guard<R, P> {
  const refuse = options.refuse ?? 'forbidden';
  const notFound = () => new AppError('NOT_FOUND', typeof row.notFound === 'string' ? row.notFound : 'The item was not found.');
  const refusal = typeof refuse === 'function' ? refuse : refuse === 'not-found' ? notFound : () => forbidden();
  return { kind: 'row', name, allow: options.allow, row, predicate, refusal };
}

/** Runs a guard's rule on the member alone (before the rate limits and the parsing of the request). */
export function refuseUnlessAllowed(guard: Guard<unknown, unknown>, viewer: Viewer): void {
  if (guard.allow && !guard.allow(viewer)) throw guard.refusal ? guard.refusal(viewer) : forbidden();
}

function notFoundMessage<R, P>(loader: RowLoader<R, P>, ctx: RowContext<P>): string {
  const { notFound } = loader;
  return typeof notFound === 'string' ? notFound : notFound(ctx);
}

/** Runs a guard's row loader and predicate (after the request is parsed); returns the row, undefined without one. */
export async function loadGuardedRow<R, P>(guard: Guard<R, P>, ctx: RowContext<P>): Promise<R | undefined> {
  if (!guard.row) return undefined;
  const row = await guard.row.load(ctx);
  if (row === null) throw new AppError('NOT_FOUND', notFoundMessage(guard.row, ctx));
  if (guard.predicate && !guard.predicate(ctx.viewer, row)) throw guard.refusal ? guard.refusal(ctx.viewer, row) : forbidden();
  return row;
}

/** The gates a signed-in route waits behind (decisions 0931, 0966); a route opts out with `gates: { eula: false }`. */
export interface Gates {
  /** Refuse until the member accepts the current EULA (403 EULA_ACCEPTANCE_REQUIRED). */
  eula?: boolean;
  /** Refuse until a required password change is made (403 PASSWORD_UPDATE_REQUIRED). */
  passwordUpdate?: boolean;
  /**
   * Refuse until a second factor the MLS requires is added (403 SECOND_FACTOR_REQUIRED, decision 1122); by default as
   * `eula` says, so the shell's loads that the EULA lets through are let through here too.
   */
  secondFactor?: boolean;
}

/** What a route declares about its guard, kept in its Fastify config for the route-walking test and docs/routes.md. */
export interface GuardSummary {
  /** `guard` for `route()`'s routes; `fastify` for the public pages registered with Fastify directly (`fastifyPublic`). */
  form: 'guard' | 'fastify';
  guard: string;
  /** The names of the rule on the member and of the predicate on the row, when they have one. */
  rules: string[];
  row: string | null;
  rateLimit: string[];
  gates: string[];
}

/**
 * The config of a route registered with Fastify directly rather than through `route()`: the provider's sign-in pages,
 * SAML and the demo clients, health, metrics, the outbox page and the web app's files. They are public (a page signs
 * its visitor in by its own means, the metrics by their token) and say so, so that every route states its guard.
 */
export const fastifyPublic: { access: 'public'; guard: GuardSummary } = {
  access: 'public',
  guard: { form: 'fastify', guard: 'public', rules: [], row: null, rateLimit: [], gates: [] },
};
