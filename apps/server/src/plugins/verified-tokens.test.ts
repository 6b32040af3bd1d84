import { createHash } from 'node:crypto';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintAccessToken, startInstances } from '../../test/context';
import { createFactories } from '../../test/factories';
import type { Config } from '../config';
import type { Db } from '../db/index';
import { endOtherSessions } from '../identity/sessions';

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

describe('verified access tokens cached until they expire (issue 33, decision 0901)', () => {
  let db: Db;
  let apps: FastifyInstance[] = [];
  let config: Config;
  let close: () => Promise<void>;
  beforeAll(async () => {
    // Two instances over one database, each with its own caches, as behind a load balancer.
    ({ db, apps, config, close } = await startInstances(2));
  });
  afterAll(() => close());

  const statusOnEvery = (token: string) =>
    Promise.all(
      apps.map(
        async (app) =>
          (await app.inject({ url: '/api/app/Members/AuthMemberDto', headers: { authorization: `Bearer ${token}` } })).statusCode,
      ),
    );

  it('refuses a cached token right after its session ends, on every instance, and drops it from the cache', async () => {
    const m = await createFactories(db).buildMember();
    const token = await mintAccessToken(db, config, m.accountId);
    const other = await mintAccessToken(db, config, m.accountId);
    expect(await statusOnEvery(token)).toEqual([200, 200]);
    expect(await statusOnEvery(other)).toEqual([200, 200]);
    // Kept by the token's hash, never the token, on each instance.
    for (const app of apps) expect(app.principals.verifiedClaims(hashOf(token))?.sub).toBe(String(m.accountId));
    for (const app of apps) expect(app.principals.verifiedClaims(token)).toBeUndefined();

    // The session ends: its grant goes, as at a sign-out (the provider's adapter deletes the row).
    await db.query("DELETE FROM oidc_payloads WHERE type = 'Grant' AND id = $1", [decodeJwt(token).gid]);
    expect(await statusOnEvery(token)).toEqual([401, 401]);
    for (const app of apps) expect(app.principals.verifiedClaims(hashOf(token))).toBeUndefined();
    // Refused again, now verified afresh: the signature still holds, the session does not.
    expect(await statusOnEvery(token)).toEqual([401, 401]);

    // A password reset ends the other session too (what it calls; the token generation moves on): refused at once.
    expect(await statusOnEvery(other)).toEqual([200, 200]);
    await endOtherSessions(db, m.accountId, null);
    expect(await statusOnEvery(other)).toEqual([401, 401]);
    for (const app of apps) expect(app.principals.verifiedClaims(hashOf(other))).toBeUndefined();
  });

  it("reads each header a kept-alive connection sends: a member's token, a malformed one, another member's", async () => {
    const factories = createFactories(db);
    const [a, b] = [await factories.buildMember(), await factories.buildMember()];
    const [tokenA, tokenB] = [await mintAccessToken(db, config, a.accountId), await mintAccessToken(db, config, b.accountId)];
    await apps[0].listen({ port: 0, host: '127.0.0.1' });
    const port = (apps[0].server.address() as AddressInfo).port;
    // One socket for every call, as a browser keeps its connection (the header read is kept beside it).
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const sockets = new Set<unknown>();
    const call = (authorization: string) =>
      new Promise<{ status: number; member: number | undefined }>((resolve, reject) => {
        const req = request(
          { port, host: '127.0.0.1', path: '/api/app/Members/AuthMemberDto', agent, headers: { authorization } },
          (res) => {
            sockets.add(req.socket);
            let body = '';
            res.on('data', (chunk) => {
              body += chunk;
            });
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                member: res.statusCode === 200 ? JSON.parse(body).results[0]?.memberKeyNumeric : undefined,
              }),
            );
          },
        );
        req.on('error', reject);
        req.end();
      });
    try {
      expect(await call(`Bearer ${tokenA}`)).toEqual({ status: 200, member: a.memberId });
      expect(await call(`Bearer ${tokenA}`)).toEqual({ status: 200, member: a.memberId });
      expect((await call(`Bearer ${tokenA}!`)).status).toBe(401);
      expect((await call(`Basic ${tokenA}`)).status).toBe(401);
      expect(await call(`Bearer ${tokenB}`)).toEqual({ status: 200, member: b.memberId });
      expect(await call(`Bearer ${tokenA}`)).toEqual({ status: 200, member: a.memberId });
      expect(sockets.size).toBe(1);
    } finally {
      agent.destroy();
    }
  });
});
