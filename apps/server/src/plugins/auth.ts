import { createHash } from 'node:crypto';
import { toViewer, type Viewer } from '@portico/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createRemoteJWKSet, type JWK, type JWTVerifyGetKey, jwtVerify } from 'jose';
import type { Config } from '../config';
import type { Db } from '../db/index';
import { embeddedTokenVerifier } from '../identity/access-tokens';
import { type TokenState, tokenStillValid } from '../identity/sessions';
import { tokenStateReader } from '../identity/token-state';
import { batched } from '../lib/batch';
import { unauthenticated } from '../lib/errors';
import { eulaExpiredOfAccounts, isEulaExpired } from '../modules/eula/index';
import { findMemberByLoginId, findMembersByAccountIds, type MemberRecord, viewerSourceOf } from '../modules/members/index';
import { factorPendingOf } from '../modules/second-factor-policy/index';
import { PrincipalCache } from './principal-cache';

export interface Principal {
  subject: string;
  accountId: number | null;
  member: MemberRecord | null;
  viewer: Viewer | null;
  claims: Record<string, unknown>;
  /** The member has not accepted the current EULA (plugins/eula-gate.ts); cached with the principal, forgotten on acceptance. */
  eulaPending: boolean;
  /** The MLS requires a second factor the member has not added (plugins/second-factor-gate.ts); cached like eulaPending. */
  factorPending: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    authenticate(req: FastifyRequest): Promise<Principal>;
    authenticateOptional(req: FastifyRequest): Promise<Principal | null>;
    /**
     * The principal of a request whose token, principal and session state are all kept and still valid, without
     * waiting; undefined otherwise (then `authenticate`, which reads what is missing or refuses).
     */
    keptPrincipal(req: FastifyRequest): Principal | undefined;
    principals: PrincipalCache;
  }
}

const MAX_INT4 = 2_147_483_647;
/** An external provider's asymmetric algorithms (never `none` or HMAC); the embedded provider signs with RS256 only. */
const EXTERNAL_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

/** The account id an embedded provider's token names, or null when its subject is no account id. */
function accountIdOf(claims: Record<string, unknown>): number | null {
  const id = Number(claims.sub);
  return Number.isInteger(id) && id > 0 && id <= MAX_INT4 ? id : null;
}

interface Bearer {
  /** The Authorization header as it came. */
  header: string;
  token: string;
  /** The token's SHA-256, the key of the caches (which never hold a token). */
  key: string;
}

/** The last Authorization header of each open connection, its token and hash: a browser's calls read it once. */
const lastBearerOf = new WeakMap<object, Bearer>();

/**
 * The bearer token of an Authorization header and its SHA-256. A connection's calls carry the same header until the
 * token is renewed, so what was read from it is kept beside the connection (not longer than the connection, which
 * carries the token anyway) and only a new header is parsed and hashed: the hash was 2.4% of the server's time at
 * `LOG_LEVEL=warn` (decision 1140), the header's pattern 1.1% (decision 1183).
 */
function bearerOf(req: FastifyRequest, header: string): Bearer {
  const socket = req.raw.socket as object | undefined;
  const last = socket ? lastBearerOf.get(socket) : undefined;
  if (last && last.header === header) return last;
  const match = /^Bearer\s+([A-Za-z0-9._~+/-]+=*)$/i.exec(header.trim());
  if (!match) throw unauthenticated('The access token is missing or malformed.');
  const token = match[1];
  const bearer = { header, token, key: createHash('sha256').update(token).digest('base64url') };
  if (socket) lastBearerOf.set(socket, bearer);
  return bearer;
}

const grantOf = (claims: Record<string, unknown>) => (typeof claims.gid === 'string' ? claims.gid : null);

export interface AuthOptions {
  /** The embedded provider's public signing keys; an external issuer's keys come from its JWKS over HTTP. */
  localKeys?: JWK[];
}

/**
 * Verifies bearer access tokens (signature, issuer, audience, expiry) and turns them into a principal. The
 * embedded provider and an external one take the same path; only where the keys come from differs.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: AuthOptions) => {
  const { config, db } = app;
  // The embedded provider's tokens are checked synchronously on Node's crypto (identity/access-tokens.ts, decision 1191).
  const embeddedClaims = opts.localKeys
    ? embeddedTokenVerifier(opts.localKeys, { issuer: config.issuer, audience: config.audience })
    : undefined;
  let keys: JWTVerifyGetKey | undefined;
  const getKeys = async (): Promise<JWTVerifyGetKey> => {
    if (keys) return keys;
    const discovery = (await (await fetch(`${config.issuer}/.well-known/openid-configuration`)).json()) as { jwks_uri: string };
    keys = createRemoteJWKSet(new URL(discovery.jwks_uri));
    return keys;
  };

  const principals = new PrincipalCache(Date, Math.random, app.changes);
  // The first calls of many new tokens at once read their members and agreements in one query each (lib/batch.ts).
  const memberOfAccount = batched((accountIds: number[]) => findMembersByAccountIds(db, accountIds));
  const eulaExpired = batched((accountIds: number[]) => eulaExpiredOfAccounts(db, accountIds));
  const factorPending = batched((accountIds: number[]) => factorPendingOf(db, accountIds, config.mlsTimeZone));
  const tokenState = tokenStateReader(db, app.changes);
  app.decorate('principals', principals);

  async function principalFor(req: FastifyRequest): Promise<Principal | null> {
    const header = req.headers.authorization;
    if (!header) return null;
    // Kept by the token's hash: the caches never hold a bearer token itself.
    const { token, key } = bearerOf(req, header);
    let principal = principals.get(key);
    let state: TokenState | null;
    if (principal) {
      const kept = keptStateOf(principal.accountId, principal.claims);
      state = kept !== undefined ? kept : await stateOf(principal.accountId, principal.claims);
    } else {
      const stamp = principals.stamp();
      const claims = await claimsOf(token, key);
      // A new token's session state is read beside its member, in the same turn's batches (issue 33).
      const accountId = config.embeddedIdentity ? accountIdOf(claims) : null;
      [principal, state] = await Promise.all([principalOf(claims, accountId), stateOf(accountId, claims)]);
      principals.remember(key, principal, stamp);
    }
    // Checked on every call, cached principal or not, so that a session ended on any instance ends here too (decision
    // 0901); what it reads is kept until the database signals a change of the account or grant (decision 0998).
    if (principal.accountId !== null && !tokenStillValid(principal.claims, state)) {
      principals.forgetAccount(principal.accountId);
      throw unauthenticated('The session has ended. Please sign in again.');
    }
    return principal;
  }

  /** The session state of an account's token (null: no account behind it, nothing to check). */
  function stateOf(accountId: number | null, claims: Record<string, unknown>): Promise<TokenState | null> {
    if (accountId === null) return Promise.resolve(null);
    return tokenState.read(accountId, grantOf(claims));
  }

  /** The same from what is kept, without waiting; undefined when it must be read (`stateOf`). */
  function keptStateOf(accountId: number | null, claims: Record<string, unknown>): TokenState | null | undefined {
    return accountId === null ? null : tokenState.kept(accountId, grantOf(claims));
  }

  async function claimsOf(token: string, key: string): Promise<Record<string, unknown>> {
    let claims = principals.verifiedClaims(key);
    if (!claims) {
      claims = embeddedClaims ? embeddedClaimsOf(embeddedClaims, token) : await verifiedClaims(token);
      principals.rememberVerified(key, claims);
    }
    return claims;
  }

  /**
   * The principal of verified claims. On the embedded provider the subject is an account id (an int4; a subject that
   * is none is no account: one bad key must not fail the batch it is read in); its member, agreement and second-factor
   * standing are read in the same turn, each in that turn's batch.
   */
  async function principalOf(claims: Record<string, unknown>, accountId: number | null): Promise<Principal> {
    const subject = String(claims.sub ?? '');
    let member: MemberRecord | null;
    let eulaPending: boolean | undefined;
    let factorIsPending: boolean | undefined;
    if (config.embeddedIdentity) {
      if (accountId === null) throw unauthenticated('The access token is invalid or has expired.');
      [member, eulaPending, factorIsPending] = await Promise.all([
        memberOfAccount(accountId).then((found) => {
          // undefined: no such account; null: an account without member data.
          if (found === undefined) throw unauthenticated('The access token is invalid or has expired.');
          return found;
        }),
        eulaExpired(accountId),
        factorPending(accountId),
      ]);
    } else {
      member = await findMemberByLoginId(db, String(claims[config.loginClaim] ?? subject));
      eulaPending = member ? await isEulaExpired(db, member.id) : false;
      factorIsPending = false;
    }
    return {
      subject,
      accountId,
      member,
      viewer: member ? toViewer(viewerSourceOf(member), config.mlsTimeZone) : null,
      claims,
      eulaPending: eulaPending ?? false,
      factorPending: factorIsPending ?? false,
    };
  }

  /** The embedded provider's token, checked without waiting (identity/access-tokens.ts); any refusal is the same 401. */
  function embeddedClaimsOf(verify: (token: string) => Record<string, unknown>, token: string): Record<string, unknown> {
    try {
      return verify(token);
    } catch {
      throw unauthenticated('The access token is invalid or has expired.');
    }
  }

  /** An external provider's token, by the keys of its JWKS (any asymmetric algorithm; never `none` or HMAC). */
  async function verifiedClaims(token: string): Promise<Record<string, unknown>> {
    try {
      const { payload } = await jwtVerify(token, await getKeys(), {
        issuer: config.issuer,
        audience: config.audience,
        algorithms: EXTERNAL_ALGORITHMS,
        requiredClaims: ['exp', 'sub'],
      });
      return payload;
    } catch {
      throw unauthenticated('The access token is invalid or has expired.');
    }
  }

  /** A signed-in member's every call after the first: nothing read, no promise, no turn of the event loop (decision 1184). */
  function keptPrincipal(req: FastifyRequest): Principal | undefined {
    const header = req.headers.authorization;
    if (!header) return undefined;
    const principal = principals.get(bearerOf(req, header).key);
    if (!principal) return undefined;
    const state = keptStateOf(principal.accountId, principal.claims);
    if (state === undefined) return undefined;
    // An ended session is refused by principalFor, which also forgets the account's principals.
    return principal.accountId === null || tokenStillValid(principal.claims, state) ? principal : undefined;
  }

  app.decorate('keptPrincipal', keptPrincipal);
  app.decorate('authenticateOptional', async (req: FastifyRequest) => principalFor(req));
  app.decorate('authenticate', async (req: FastifyRequest) => {
    const principal = await principalFor(req);
    if (!principal) throw unauthenticated();
    return principal;
  });
});
