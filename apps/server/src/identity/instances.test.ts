import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../test/context';
import { createFactories } from '../../test/factories';
import { Browser, exchangeCode, pathOf, tokenRequest } from '../../test/oidc-browser';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Db } from '../db/index';
import { hashPassword } from './credentials';

describe('several instances serve one member', () => {
  let db: Db;
  const apps: Awaited<ReturnType<typeof buildApp>>[] = [];
  beforeAll(async () => {
    db = await openTestDb();
    const config = loadConfig({ ...process.env, PORT: '3999', PUBLIC_URL: 'http://127.0.0.1:3999', DATABASE_URL: '', JOBS: 'off' });
    // Two independent app instances (each with its own provider object) over one database.
    for (let i = 0; i < 2; i++) {
      const app = await buildApp({ config, db, serveWeb: false });
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await db.close();
  });

  it('starts a sign-in on one instance, finishes it and uses the token on the other', async () => {
    const member = await createFactories(db).buildMember({ passwordHash: await hashPassword('Shared#State1') });
    const [a, b] = apps;
    const verifier = randomBytes(32).toString('base64url');
    const params = new URLSearchParams({
      client_id: 'memberPortalUI',
      redirect_uri: 'http://127.0.0.1:3999/callback',
      response_type: 'code',
      scope: 'openid profile data member_portal offline_access',
      state: 's',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    });
    const onA = new Browser(a);
    const start = await onA.request('GET', `/oidc/auth?${params}`);
    const signinPath = pathOf(start.headers.location as string);
    // The same browser (same cookies) is now routed to instance B by the load balancer.
    const onB = new Browser(b);
    onB.cookies = onA.cookies;
    let res = await onB.request('POST', `${signinPath}/login`, { login: member.loginId, password: 'Shared#State1' });
    let location = res.headers.location as string;
    for (let hops = 0; hops < 6 && !location.includes('/callback'); hops++) {
      res = await (hops % 2 ? onB : onA).request('GET', pathOf(location));
      location = res.headers.location as string;
    }
    const code = new URL(location).searchParams.get('code');
    expect(code).toBeTruthy();
    const token = await exchangeCode(b, code!, verifier);
    expect(token.statusCode).toBe(200);
    const { access_token, refresh_token } = token.json();
    for (const app of apps) {
      const me = await app.inject({ url: '/api/app/Members/AuthMemberDto', headers: { authorization: `Bearer ${access_token}` } });
      expect(me.json().results[0].member.loginId).toBe(member.loginId);
    }
    const refreshed = await tokenRequest(a, { grant_type: 'refresh_token', refresh_token });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().access_token).toBeTruthy();
  });
});
