import { randomBytes } from 'node:crypto';
import { decodeProtectedHeader } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDb } from '../../test/context';
import { createFactories } from '../../test/factories';
import { Browser, exchangeCode, followToCallback, startAuthorization, tokenRequest } from '../../test/oidc-browser';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Db } from '../db/index';
import { rotateSamlKeys } from '../modules/saml/keys';
import { addFactor, listFactors } from '../modules/second-factors/repository';
import { hashPassword } from './credentials';
import { rotateIdentityKeys } from './keys';

const SECRET = randomBytes(32).toString('base64');
const NEXT_SECRET = randomBytes(32).toString('hex');
const configWith = (env: Record<string, string>) =>
  loadConfig({ ...process.env, PORT: '3999', PUBLIC_URL: 'http://127.0.0.1:3999', DATABASE_URL: '', JOBS: 'off', ...env });

async function signIn(app: Awaited<ReturnType<typeof buildApp>>, loginId: string, password: string) {
  const browser = new Browser(app);
  const { verifier, signinPath } = await startAuthorization(browser);
  const res = await browser.request('POST', `${signinPath}/login`, { login: loginId, password });
  const code = await followToCallback(browser, String(res.headers.location));
  return (await exchangeCode(app, code!, verifier)).json() as { access_token: string; refresh_token: string };
}

const me = (app: Awaited<ReturnType<typeof buildApp>>, token: string) =>
  app.inject({ url: '/api/app/Members/AuthMemberDto', headers: { authorization: `Bearer ${token}` } });

describe('secrets at rest and key rotation (decision 0940)', () => {
  let db: Db;
  const apps: Awaited<ReturnType<typeof buildApp>>[] = [];
  const start = async (env: Record<string, string>) => {
    const app = await buildApp({ config: configWith(env), db, serveWeb: false });
    await app.ready();
    apps.push(app);
    return app;
  };
  // Each test has its own database: the keys' state moves on in each, and a shuffled run orders the tests anyhow.
  beforeEach(async () => {
    db = await openTestDb();
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await db.close();
  });

  it('seals the keys and authenticator secrets stored plain before, and opens them with the key from the environment', async () => {
    // Rows as an instance before decision 0940 left them: a plain JWK, a plain TOTP secret.
    const first = await start({});
    const member = await createFactories(db).buildMember({ passwordHash: await hashPassword('Rotate#Keys1') });
    await addFactor(db, { memberId: member.memberId, type: 'totp', value: 'Phone', secret: 'JBSWY3DPEHPK3PXP' });
    const sealed = await db.one<{ sealed: string }>("SELECT sealed FROM oidc_keys WHERE use = 'sig'");
    const { open } = await import('../lib/secret-box');
    await db.query("UPDATE oidc_keys SET jwk = $1::jsonb, sealed = NULL WHERE use = 'sig'", [open(sealed!.sealed)]);
    await db.query("UPDATE member_second_factors SET secret = 'JBSWY3DPEHPK3PXP' WHERE member_id = $1", [member.memberId]);
    await first.close();
    apps.pop();

    await start({ PORTICO_SECRET_KEY: SECRET });
    const keys = await db.query<{ jwk: unknown; sealed: string }>('SELECT jwk, sealed FROM oidc_keys');
    expect(keys.every((k) => k.jwk === null && k.sealed.startsWith('v1.'))).toBe(true);
    expect(keys.map((k) => k.sealed).join()).not.toContain('"d"');
    const stored = await db.one<{ secret: string }>('SELECT secret FROM member_second_factors WHERE member_id = $1', [member.memberId]);
    expect(stored!.secret).toMatch(/^v1\./);
    expect(stored!.secret).not.toContain('JBSWY3DPEHPK3PXP');
    expect((await listFactors(db, member.memberId))[0].secret).toBe('JBSWY3DPEHPK3PXP');
  });

  it('rotates the signing key without signing anyone out, and re-seals under a new PORTICO_SECRET_KEY', async () => {
    const before = await start({ PORTICO_SECRET_KEY: SECRET });
    const member = await createFactories(db).buildMember({ passwordHash: await hashPassword('Rotate#Keys2') });
    const session = await signIn(before, member.loginId, 'Rotate#Keys2');
    const oldKid = decodeProtectedHeader(session.access_token).kid;

    // Stage a next key (published, not signing) and roll the instances; then make it active and roll again.
    const staged = await rotateIdentityKeys(db, 'stage');
    const rolled = await start({ PORTICO_SECRET_KEY: SECRET });
    expect(decodeProtectedHeader((await signIn(rolled, member.loginId, 'Rotate#Keys2')).access_token).kid).toBe(oldKid);
    expect(await rotateIdentityKeys(db, 'rotate')).toBe(staged);
    // The new instance also moves to a new PORTICO_SECRET_KEY, the old one given as previous.
    const after = await start({ PORTICO_SECRET_KEY: NEXT_SECRET, PORTICO_SECRET_KEY_PREVIOUS: SECRET });

    // A token signed with the retired key still works, on the new instance as on the instance it came from.
    expect((await me(after, session.access_token)).statusCode).toBe(200);
    expect((await me(rolled, session.access_token)).statusCode).toBe(200);
    // The session goes on: its refresh gets a token signed with the new key, which the rolled instance (that published it) accepts.
    const refreshed = await tokenRequest(after, { grant_type: 'refresh_token', refresh_token: session.refresh_token });
    expect(refreshed.statusCode).toBe(200);
    const fresh = refreshed.json().access_token as string;
    expect(decodeProtectedHeader(fresh).kid).toBe(staged);
    expect((await me(after, fresh)).statusCode).toBe(200);
    expect((await me(rolled, fresh)).statusCode).toBe(200);
    const states = await db.query<{ kid: string; state: string; sealed: string }>(
      "SELECT kid, state, sealed FROM oidc_keys WHERE use = 'sig'",
    );
    expect(states.find((k) => k.kid === oldKid)?.state).toBe('retired');
    expect(states.find((k) => k.kid === staged)?.state).toBe('active');
    const { keyId, parseSecretKey } = await import('../lib/secret-box');
    expect(states.every((k) => k.sealed.split('.')[1] === keyId(parseSecretKey(NEXT_SECRET)))).toBe(true);
  });

  it('refuses to start in production on a signing key a development instance made', async () => {
    const production = {
      NODE_ENV: 'production',
      PORTICO_SECRET_KEY: NEXT_SECRET,
      PUBLIC_URL: 'https://portal.example.org',
      SMTP_URL: 'smtp://mail',
    };
    await expect(buildApp({ config: configWith(production), db, serveWeb: false })).rejects.toThrow(
      /generated by a development instance; rotate it/,
    );
    await rotateIdentityKeys(db, 'rotate', { production: true });
    // The SAML signing key too (decision 0980): keys.js rotate turns both.
    await expect(buildApp({ config: configWith(production), db, serveWeb: false })).rejects.toThrow(
      /SAML signing key .* development instance/,
    );
    await rotateSamlKeys(db, 'rotate', { production: true, entityId: 'https://portal.example.org/saml' });
    await start(production);
  });
});
