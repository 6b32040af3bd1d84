import { SUPPORT_WORK_ITEM_DEFINITION_ID } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, mintAccessToken, startInstances, type TestContext } from '../../test/context';
import { createFactories } from '../../test/factories';
import { Browser, startAuthorization } from '../../test/oidc-browser';
import { RESET_REQUESTS_PER_HOUR } from '../modules/account/password-reset';
import { limitsFrom, RATE_LIMITS } from './rate-limit';

describe('rate limits', () => {
  it('reads RATE_LIMITS: defaults, changes, off, and refuses what it cannot read', () => {
    expect(limitsFrom(undefined).get('sign-in')).toEqual({ max: RATE_LIMITS['sign-in'].max, seconds: 60 });
    expect(limitsFrom('sign-in=500/60, chat=5/10').get('chat')).toEqual({ max: 5, seconds: 10 });
    expect(limitsFrom('off').size).toBe(0);
    expect(() => limitsFrom('sign-in=lots')).toThrow(/RATE_LIMITS/);
    expect(() => limitsFrom('nothing=1/1')).toThrow(/RATE_LIMITS/);
  });

  describe('with the default limits', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext();
    });
    afterAll(() => ctx.close());

    it('meets password spraying (60 unknown login ids in 2 s from one address) with 429 and Retry-After on the sign-in page', async () => {
      const pages: Array<{ browser: Browser; signinPath: string }> = [];
      for (let i = 0; i < 60; i++) {
        const browser = new Browser(ctx.app);
        pages.push({ browser, signinPath: (await startAuthorization(browser)).signinPath });
      }
      // All 60 sent at once: the limit is counted before anything else, so the later ones are refused at once.
      const answers = await Promise.all(
        pages.map(({ browser, signinPath }, i) =>
          browser.request('POST', `${signinPath}/login`, { login: `sprayed${i}`, password: 'Summer2026!' }),
        ),
      );
      const limited = answers.filter((a) => a.statusCode === 429);
      expect(limited.length).toBe(60 - RATE_LIMITS['sign-in'].max);
      expect(answers.filter((a) => a.statusCode === 401).length).toBe(RATE_LIMITS['sign-in'].max);
      expect(Number(limited[0].headers['retry-after'])).toBeGreaterThan(0);
      expect(limited[0].headers['content-type']).toContain('text/html');
      expect(limited[0].body).toMatch(/role="alert"[^>]*>Too many requests\. Please wait \d+ seconds and try again\./);
    }, 120_000);

    it('limits forgot password per address and login id before a member’s own links are used up', async () => {
      const m = await ctx.factories.buildMember();
      const forgot = (remoteAddress: string) =>
        ctx.app.inject({ method: 'POST', url: '/api/app/AccountContact/ForgotPassword', payload: { LoginId: m.loginId }, remoteAddress });
      const fromStranger = [];
      for (let i = 0; i < 4; i++) fromStranger.push(await forgot('203.0.113.7'));
      expect(fromStranger.map((r) => r.statusCode)).toEqual([200, 200, 429, 429]);
      expect(fromStranger[2].json()).toMatchObject({ isSuccessful: false, code: 'RATE_LIMITED' });
      expect(fromStranger[2].json().message).toMatch(/^Too many requests\. Please wait \d+ minutes and try again\.$/);
      expect(Number(fromStranger[2].headers['retry-after'])).toBeGreaterThan(3000);
      // The member, from their own address, still gets a link.
      expect((await forgot('198.51.100.20')).statusCode).toBe(200);
      const mails = await ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM outbox_emails WHERE to_address = $1', [
        `${m.loginId}@example.test`,
      ]);
      expect(mails?.n).toBe(3);
      expect(mails?.n).toBeLessThanOrEqual(RESET_REQUESTS_PER_HOUR);
    });
  });

  describe('two instances over one database', () => {
    let instances: Awaited<ReturnType<typeof startInstances>>;
    beforeAll(async () => {
      instances = await startInstances(2, { RATE_LIMITS: 'support-ticket=3/3600,reset=4/900' });
    });
    afterAll(() => instances.close());

    it('count one limit together: the address’s fifth reset check meets 429 whichever instance it reaches', async () => {
      const check = (i: number) =>
        instances.apps[i % 2].inject({
          method: 'POST',
          url: '/api/app/AccountContact/ValidateResetToken',
          payload: { Token: `nope-${i}` },
        });
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await check(i)).statusCode);
      expect(statuses).toEqual([400, 400, 400, 400, 429]);
    });

    it('limit support tickets per member across instances, with the error envelope', async () => {
      const { db, config, apps } = instances;
      const m = await createFactories(db).buildMember();
      const token = await mintAccessToken(db, config, m.accountId);
      const file = (i: number) =>
        apps[i % 2].inject({
          method: 'POST',
          url: '/api/app/WorkItem/',
          headers: { authorization: `Bearer ${token}` },
          remoteAddress: `192.0.2.${i + 1}`,
          payload: {
            workItemDefinitionId: SUPPORT_WORK_ITEM_DEFINITION_ID,
            title: `Ticket ${i}`,
            fields: { Body: 'Please help with this.' },
          },
        });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await file(i)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const limited = await file(5);
      expect(limited.json()).toMatchObject({ isSuccessful: false, code: 'RATE_LIMITED', errors: [] });
      expect(limited.headers['retry-after']).toBeTruthy();
    });
  });
});
