import { toViewer, type Viewer } from '@portico/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from 'jose';
import type { Config } from '../config';
import type { Db } from '../db/index';
import { unauthenticated } from '../lib/errors';
import { findMemberById, findMemberByLoginId, type MemberRecord, viewerSourceOf } from '../modules/members/repository';

export interface Principal {
  subject: string;
  accountId: number | null;
  member: MemberRecord | null;
  viewer: Viewer | null;
  claims: Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    authenticate(req: FastifyRequest): Promise<Principal>;
    authenticateOptional(req: FastifyRequest): Promise<Principal | null>;
  }
}

export interface AuthOptions {
  /** Keys of the embedded provider; an external issuer's keys come from its JWKS over HTTP. */
  localKeys?: JWTVerifyGetKey;
}

/**
 * Verifies bearer access tokens (signature, issuer, audience, expiry) and turns them into a principal. The
 * embedded provider and an external one take the same path; only where the keys come from differs.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: AuthOptions) => {
  const { config, db } = app;
  let keys: JWTVerifyGetKey | undefined = opts.localKeys;
  const getKeys = async (): Promise<JWTVerifyGetKey> => {
    if (keys) return keys;
    const discovery = (await (await fetch(`${config.issuer}/.well-known/openid-configuration`)).json()) as { jwks_uri: string };
    keys = createRemoteJWKSet(new URL(discovery.jwks_uri));
    return keys;
  };

  async function principalFor(req: FastifyRequest): Promise<Principal | null> {
    const header = req.headers.authorization;
    if (!header) return null;
    const match = /^Bearer\s+([A-Za-z0-9._~+/-]+=*)$/i.exec(header.trim());
    if (!match) throw unauthenticated('The access token is missing or malformed.');
    let claims: Record<string, unknown>;
    try {
      ({ payload: claims } = await jwtVerify(match[1], await getKeys(), { issuer: config.issuer, audience: config.audience }));
    } catch {
      throw unauthenticated('The access token is invalid or has expired.');
    }
    const subject = String(claims.sub ?? '');
    let accountId: number | null = null;
    let member: MemberRecord | null = null;
    if (config.embeddedIdentity) {
      const account = await db.one<{ id: number; member_id: number | null }>('SELECT id, member_id FROM accounts WHERE id = $1', [
        Number(subject) || 0,
      ]);
      if (!account) throw unauthenticated('The access token is invalid or has expired.');
      accountId = account.id;
      member = account.member_id ? await findMemberById(db, account.member_id) : null;
    } else {
      const loginId = String(claims[config.loginClaim] ?? subject);
      member = await findMemberByLoginId(db, loginId);
    }
    return { subject, accountId, member, viewer: member ? toViewer(viewerSourceOf(member)) : null, claims };
  }

  app.decorate('authenticateOptional', async (req: FastifyRequest) => principalFor(req));
  app.decorate('authenticate', async (req: FastifyRequest) => {
    const principal = await principalFor(req);
    if (!principal) throw unauthenticated();
    return principal;
  });
});
