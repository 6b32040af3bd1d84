import { createHash } from 'node:crypto';
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
});
