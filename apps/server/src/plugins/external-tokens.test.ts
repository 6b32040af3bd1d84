import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWith } from '../../test/app-with';
import { createFactories } from '../../test/factories';

/**
 * An external provider (OIDC_ISSUER): its access tokens are checked against its published keys, and the member is the
 * one whose login id the login claim names (plugins/auth.ts). The provider here is a small HTTP server answering its
 * discovery document and its keys.
 */
describe('access tokens of an external provider', () => {
  let provider: Server;
  let issuer: string;
  let sign: (claims: Record<string, unknown>) => Promise<string>;
  let ctx: Awaited<ReturnType<typeof appWith>>;

  beforeAll(async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    provider = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url?.endsWith('/.well-known/openid-configuration')) res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/keys` }));
      else if (req.url?.endsWith('/keys')) res.end(JSON.stringify({ keys: [jwk] }));
      else res.writeHead(404).end('{}');
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/realms/mls`;
    ctx = await appWith({ OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'portico-web' });
    const audience = ctx.app.config.audience;
    sign = (claims) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(privateKey);
  });
  afterAll(async () => {
    await ctx?.close();
    provider?.close();
  });

  it("signs the member in whose login id the token's login claim names, and refuses an unknown one", async () => {
    const member = await createFactories(ctx.db).buildMember();
    const token = await sign({ sub: 'f3a1c9', preferred_username: member.loginId });
    const res = await ctx.app.inject({ url: '/api/app/Members/AuthMemberDto', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json().results[0]).toMatchObject({ userid: member.memberId, isAuthenticated: true });

    const stranger = await sign({ sub: 'b7e2d4', preferred_username: 'NOSUCHLOGIN' });
    const refused = await ctx.app.inject({ url: '/api/app/SystemNotifications', headers: { authorization: `Bearer ${stranger}` } });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
  });

  it("holds the member at the agreement until they accept the one published, as the embedded provider's tokens", async () => {
    const factories = createFactories(ctx.db);
    const member = await factories.buildMember();
    const [eula] = await ctx.db.query<{ id: number }>(
      `INSERT INTO eulas (version, title, body_html, published_on) VALUES ('2026.9', 'Terms', '<p>t</p>', now()) RETURNING id`,
    );
    const call = async (sub: string) =>
      ctx.app.inject({
        url: '/api/app/SystemNotifications',
        headers: { authorization: `Bearer ${await sign({ sub, preferred_username: member.loginId })}` },
      });
    const held = await call('c4d5e6');
    expect(held.statusCode).toBe(403);
    expect(held.json()).toMatchObject({ code: 'EULA_ACCEPTANCE_REQUIRED' });
    await ctx.db.query(`INSERT INTO eula_acceptances (member_id, eula_id, signature) VALUES ($1, $2, 'M. Member')`, [
      member.memberId,
      eula.id,
    ]);
    // A new token, read afresh: the member has accepted now.
    expect((await call('c4d5e7')).statusCode).toBe(200);
  });

  it('refuses a token signed by another key', async () => {
    const member = await createFactories(ctx.db).buildMember();
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ preferred_username: member.loginId, sub: 'x' })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(issuer)
      .setAudience(ctx.app.config.audience)
      .setExpirationTime('10m')
      .sign(privateKey);
    const res = await ctx.app.inject({ url: '/api/app/Members/AuthMemberDto', headers: { authorization: `Bearer ${forged}` } });
    expect(res.statusCode).toBe(401);
  });
});
