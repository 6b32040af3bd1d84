import { SECOND_FACTOR_POLICY_MESSAGES as M } from '@portico/shared';
import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { Browser, followToCallback, startAuthorization } from '../../../test/oidc-browser';
import { hashPassword } from '../../identity/credentials';

const PASSWORD = 'Required#Factor1';

describe('a second factor the MLS requires (issue 32 §3)', () => {
  let ctx: TestContext;
  let passwordHash: string;
  let staff: { accountId: number };
  beforeAll(async () => {
    ctx = await createTestContext();
    passwordHash = await hashPassword(PASSWORD);
    staff = await ctx.factories.buildMember({ type: 'MLS Staff', isCrmlsAdmin: true });
  });
  afterAll(() => ctx.close());

  const call = async (accountId: number, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: await ctx.as(accountId), payload });
  const setPolicy = (body: object) => call(staff.accountId, 'PUT', '/api/app/SecondFactorPolicy', body);
  /** A real sign-in through the provider's pages: it is what uses a sign-in of grace. */
  async function signIn(loginId: string) {
    const browser = new Browser(ctx.app);
    const { signinPath } = await startAuthorization(browser);
    const res = await browser.request('POST', `${signinPath}/login`, { login: loginId, password: PASSWORD });
    expect(res.statusCode).toBe(303);
    expect(await followToCallback(browser, res.headers.location as string)).toBeTruthy();
  }
  const claims = async (accountId: number, types = ['isSecondFactorRequired']) =>
    ((await call(accountId, 'GET', '/api/app/Profiles/Claims')).json().results as Array<{ type: string; value: string }>)
      .filter((c) => types.includes(c.type))
      .map((c) => `${c.type}=${c.value}`)
      .join(' ');
  const claim = async (accountId: number) => (await claims(accountId)).split('=')[1];
  const FACTOR_CLAIMS = ['isSecondFactorRequired', 'secondFactorRequiredBy', 'secondFactorGraceLeft'];

  it('only MLS staff read and set the policy; bad input is a 400 with field errors', async () => {
    const agent = await ctx.factories.buildMember();
    expect((await call(agent.accountId, 'GET', '/api/app/SecondFactorPolicy')).statusCode).toBe(403);
    expect((await call(agent.accountId, 'PUT', '/api/app/SecondFactorPolicy', { scope: 'off', graceSignIns: 0 })).statusCode).toBe(403);
    const read = await call(staff.accountId, 'GET', '/api/app/SecondFactorPolicy');
    expect(read.json().results[0]).toMatchObject({ scope: 'off', memberTypes: [], requiredFrom: null, graceSignIns: 0 });
    const bad = await setPolicy({ scope: 'types', memberTypes: [], graceSignIns: 99, requiredFrom: '2026-02-30' });
    expect(bad.statusCode).toBe(400);
    const fields = (bad.json().errors as Array<{ field: string; message: string }>).map((e) => e.field).sort();
    expect(fields).toEqual(['graceSignIns', 'memberTypes', 'requiredFrom']);
    const unchanged = await call(staff.accountId, 'GET', '/api/app/SecondFactorPolicy');
    expect(unchanged.json().results[0].scope).toBe('off');
  });

  it('leads a covered member without a factor to add one after the sign-ins of grace, refusing every other call meanwhile', async () => {
    const saved = await setPolicy({ scope: 'types', memberTypes: [1], requiredFrom: '2020-01-01', graceSignIns: 1 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe(M.saved);
    const agent = await ctx.factories.buildMember({ passwordHash });
    const broker = await ctx.factories.buildMember({ passwordHash, type: 'Broker' });

    // The first sign-in is the one of grace: everything works.
    await signIn(agent.loginId);
    const first = await call(agent.accountId, 'GET', '/api/app/MemberSessions');
    expect(first.statusCode, first.body).toBe(200);
    expect(await claim(agent.accountId)).toBe('false');
    // ... and its last: the dashboard says so.
    expect(await claims(agent.accountId, FACTOR_CLAIMS)).toBe(
      'isSecondFactorRequired=false secondFactorRequiredBy= secondFactorGraceLeft=0',
    );

    // The next one: the factor comes first, by the policy.
    await signIn(agent.loginId);
    expect(await claims(agent.accountId, FACTOR_CLAIMS)).toBe(
      'isSecondFactorRequired=true secondFactorRequiredBy=policy secondFactorGraceLeft=',
    );
    const refused = await call(agent.accountId, 'GET', '/api/app/MemberSessions');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'SECOND_FACTOR_REQUIRED', message: M.required });
    expect((await call(agent.accountId, 'GET', '/api/app/Members/AuthMemberDto')).statusCode).toBe(200);
    // A member type the policy does not cover signs in as before.
    await signIn(broker.loginId);
    await signIn(broker.loginId);
    expect((await call(broker.accountId, 'GET', '/api/app/MemberSessions')).statusCode).toBe(200);
    expect(await claims(broker.accountId, FACTOR_CLAIMS)).toBe(
      'isSecondFactorRequired=false secondFactorRequiredBy= secondFactorGraceLeft=',
    );

    // Adding a factor is let through, and opens every call at once (same token).
    const started = await call(agent.accountId, 'POST', '/api/app/MemberSecondFactors/Enlist/New', {
      memberId: agent.memberId,
      type: 'totp',
      emailPhoneOrName: 'My phone',
    });
    expect(started.statusCode).toBe(200);
    const { enlistmentId, secret } = started.json().results[0];
    const verified = await call(agent.accountId, 'POST', '/api/app/MemberSecondFactors/Enlist/Verify', {
      EnlistmentId: enlistmentId,
      SuppliedCode: authenticator.generate(secret),
    });
    expect(verified.statusCode).toBe(200);
    expect((await call(agent.accountId, 'POST', '/api/app/MemberRecoveryCodes/Generate', {})).statusCode).toBe(200);
    expect((await call(agent.accountId, 'GET', '/api/app/MemberSessions')).statusCode).toBe(200);
    expect(await claim(agent.accountId)).toBe('false');

    // A date still to come requires nothing yet.
    await setPolicy({ scope: 'all', requiredFrom: '2999-01-01', graceSignIns: 0 });
    expect((await call(broker.accountId, 'GET', '/api/app/MemberSessions')).statusCode).toBe(200);
    await setPolicy({ scope: 'off', graceSignIns: 0 });
  }, 60_000);

  it('the first calls of many new tokens at once each get their own standing (read for all in one batch)', async () => {
    await setPolicy({ scope: 'types', memberTypes: [1], requiredFrom: '2020-01-01', graceSignIns: 0 });
    const agents = await Promise.all([1, 2, 3].map(() => ctx.factories.buildMember()));
    const brokers = await Promise.all([1, 2].map(() => ctx.factories.buildMember({ type: 'Broker' })));
    // Each has signed in once without a factor: past the policy's grace of none.
    await ctx.db.query('UPDATE accounts SET sign_ins_without_factor = 1 WHERE id = ANY($1::int[])', [
      [...agents, ...brokers].map((m) => m.accountId),
    ]);
    const everyone = [...agents, ...brokers, agents[0]];
    // Tokens never seen before, all sent in the same turn: their principals are read together (lib/batch.ts).
    const headers = await Promise.all(everyone.map((m) => ctx.as(m.accountId)));
    const answers = await Promise.all(
      everyone.map((_, i) => ctx.app.inject({ method: 'GET', url: '/api/app/MemberSessions', headers: headers[i] })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([403, 403, 403, 200, 200, 403]);
    for (const refused of [answers[0], answers[1], answers[2], answers[5]])
      expect(refused.json()).toMatchObject({ code: 'SECOND_FACTOR_REQUIRED' });
    await setPolicy({ scope: 'off', graceSignIns: 0 });
  });

  it('shows staff the enrolment by type, association and office with the kinds, as JSON and CSV', async () => {
    const office = await ctx.factories.buildOffice();
    const a = await ctx.factories.buildMember({ office: { id: office.id, code: office.code, aorId: office.aorId } });
    await ctx.factories.buildMember({ office: { id: office.id, code: office.code, aorId: office.aorId } });
    await ctx.db.query(
      `INSERT INTO member_second_factors (member_id, type, value, secret, is_enabled, sort_order) VALUES ($1, 'totp', 'Phone', 'X', true, 1), ($1, 'sms', '+17145550100', NULL, true, 2)`,
      [a.memberId],
    );
    const res = await call(staff.accountId, 'GET', '/api/app/SecondFactorPolicy/Enrolment');
    expect(res.statusCode).toBe(200);
    const row = (res.json().results as Array<Record<string, unknown>>).find((r) => r.office === office.code);
    expect(row).toMatchObject({
      memberType: 'Agent',
      members: 2,
      withFactor: 1,
      withoutFactor: 1,
      byKind: { email: 0, sms: 1, totp: 1, passkey: 0 },
    });
    const csv = await call(staff.accountId, 'GET', '/api/app/SecondFactorPolicy/Enrolment?format=csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe(
      'Member type,Association,Office,Members,With a factor,Without,E-mail,Text message,Authenticator app,Passkey',
    );
    expect(csv.body).toContain(`Agent,${row?.association},${office.code},2,1,1,0,1,1,0`);
    const agent = await ctx.factories.buildMember();
    expect((await call(agent.accountId, 'GET', '/api/app/SecondFactorPolicy/Enrolment')).statusCode).toBe(403);
  });
});
