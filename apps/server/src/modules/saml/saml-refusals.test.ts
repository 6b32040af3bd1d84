import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser } from '../../../test/oidc-browser';
import { overdueOnRequirement } from '../../../test/requirement-factories';
import {
  memberWithPassword,
  portico,
  redirectPath,
  registeredSp,
  type SamlInstances,
  serviceProvider,
  signInAndFollow,
  spKeys,
  startSamlInstances,
} from '../../../test/saml-sp';
import { liftHoldOf } from '../access-gate/index';
import { runCitationSuspensions } from '../citations/suspension';

describe('SAML refusals: a clear page and a security log line, never an assertion', () => {
  let instance: SamlInstances['instance'];
  let ctx: SamlInstances['ctx'];
  let refusals: SamlInstances['refusals'];
  beforeAll(async () => {
    ({ instance, ctx, refusals } = await startSamlInstances({ RATE_LIMITS: 'off' }));
  });
  afterAll(() => instance.close());
  const expectRefusal = (res: { statusCode: number; body: string; headers: Record<string, unknown> }, status: number, text: string) => {
    expect(res.statusCode).toBe(status);
    expect(String(res.headers['content-type'])).toContain('text/html');
    expect(res.body).toContain(text);
    expect(res.body).not.toContain('SAMLResponse');
  };

  async function signedInBrowser(sp: ReturnType<typeof serviceProvider>, loginId: string) {
    const browser = new Browser(ctx.app);
    const idp = await portico(ctx.app);
    const started = await browser.request('GET', redirectPath((sp.createLoginRequest(idp, 'redirect') as { context: string }).context));
    await signInAndFollow(browser, String(started.headers.location), loginId);
    return { browser, idp };
  }

  it('refuses a member outside the application audience (the launcher rules), and records it', async () => {
    const { sp, application, dash } = await registeredSp(ctx, 'audience');
    const otherAor = await ctx.factories.buildAssociation();
    await dash.restrictApplication(application.id, { aorId: otherAor.id });
    const member = await memberWithPassword(ctx);
    const browser = new Browser(ctx.app);
    const idp = await portico(ctx.app);
    const started = await browser.request('GET', redirectPath((sp.createLoginRequest(idp, 'redirect') as { context: string }).context));
    const res = await signInAndFollow(browser, String(started.headers.location), member.loginId);
    expectRefusal(res, 403, 'You cannot use this application');
    expect(refusals()).toContain(`audience application ${application.id}`);
    const launch = await instance.db.one<{ outcome: string }>('SELECT outcome FROM application_launches WHERE application_id = $1', [
      application.id,
    ]);
    expect(launch?.outcome).toBe('refused-audience');
    // The IdP-initiated launch is refused the same way.
    expectRefusal(await browser.request('GET', `/saml/launch/${application.id}`), 403, 'You cannot use this application');
  });

  it('refuses a member whose MLS access is held, saying why; the same launch works once the hold is lifted (decision 1091)', async () => {
    const { application } = await registeredSp(ctx, 'held');
    const member = await memberWithPassword(ctx);
    await instance.db.query("INSERT INTO access_holds (member_id, kind, reason) VALUES ($1, 'suspension', 'Unpaid citation 2026-031')", [
      member.memberId,
    ]);
    const browser = new Browser(ctx.app);
    const first = await browser.request('GET', `/saml/launch/${application.id}`);
    const res = await signInAndFollow(browser, String(first.headers.location), member.loginId);
    expectRefusal(res, 403, 'Your MLS access is suspended');
    expect(res.body).toContain('Unpaid citation 2026-031');
    const outcomes = await instance.db.query<{ outcome: string }>('SELECT outcome FROM application_launches WHERE application_id = $1', [
      application.id,
    ]);
    expect(outcomes.map((o) => o.outcome)).toEqual(['refused-hold']);
    await instance.db.query("UPDATE access_holds SET lifted_on = now(), lift_reason = 'paid' WHERE member_id = $1", [member.memberId]);
    const again = await browser.request('GET', `/saml/launch/${application.id}`);
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('SAMLResponse');
  });

  it('refuses a member suspended by the citation job, naming the citation; lifted with the citation, the launch works (1100)', async () => {
    const { application } = await registeredSp(ctx, 'cited');
    const member = await memberWithPassword(ctx);
    const rule = await instance.db.one<{ id: number }>(
      `INSERT INTO rule_book_rules (number, title, body, category, window_months, correction_days, steps)
       VALUES ('11.5', 'Photos with signs', 'No signs or watermarks in listing photos.', 'photos', 12, 3, '[{"kind":"fine","amount":100,"hearing":false}]')
       ON CONFLICT (number) DO UPDATE SET title = excluded.title RETURNING id`,
    );
    const citation = await instance.db.one<{ id: number }>(
      `INSERT INTO citations (rule_id, member_id, source, facts, step_index, step_kind, amount, hearing, earlier_offences, due_on, due_at, appeal_on, appeal_at)
       VALUES ($1, $2, 'direct', 'Yard sign in photo 3.', 0, 'fine', 100, false, 0, current_date - 40, now() - interval '40 days', current_date, now())
       RETURNING id`,
      [rule?.id, member.memberId],
    );
    const id = citation?.id as number;
    expect((await runCitationSuspensions(instance.db, instance.apps[0].mailer, new Date(), [id])).suspended).toBe(1);
    const browser = new Browser(ctx.app);
    const first = await browser.request('GET', `/saml/launch/${application.id}`);
    const res = await signInAndFollow(browser, String(first.headers.location), member.loginId);
    expectRefusal(res, 403, 'Your MLS access is suspended');
    expect(res.body).toContain(`Citation ${id} (rule 11.5)`);
    expect(res.body).toContain('My citations');
    await liftHoldOf(instance.db, { memberId: member.memberId, kind: 'citation', source: `citation:${id}` }, 'Paid', null);
    const again = await browser.request('GET', `/saml/launch/${application.id}`);
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('SAMLResponse');
  });

  it('refuses the launch of an application an overdue requirement closes, saying what to complete; completing it opens it (issue 31)', async () => {
    const { application } = await registeredSp(ctx, 'training');
    const member = await memberWithPassword(ctx);
    const overdue = await overdueOnRequirement(instance.db, member, [application.id]);
    const browser = new Browser(ctx.app);
    const first = await browser.request('GET', `/saml/launch/${application.id}`);
    const res = await signInAndFollow(browser, String(first.headers.location), member.loginId);
    expectRefusal(res, 403, 'Required training is overdue');
    expect(res.body).toContain(overdue.name);
    const outcomes = await instance.db.query<{ outcome: string }>('SELECT outcome FROM application_launches WHERE application_id = $1', [
      application.id,
    ]);
    expect(outcomes.map((o) => o.outcome)).toEqual(['refused-hold']);
    await overdue.complete();
    const again = await browser.request('GET', `/saml/launch/${application.id}`);
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('SAMLResponse');
  });

  it('refuses an office that opted out of the application', async () => {
    const { sp, application, dash } = await registeredSp(ctx, 'optout');
    const office = await ctx.factories.buildOffice();
    const member = await memberWithPassword(ctx, { office });
    await dash.optOut(office.id, application.id);
    const { browser, idp } = { browser: new Browser(ctx.app), idp: await portico(ctx.app) };
    const started = await browser.request('GET', redirectPath((sp.createLoginRequest(idp, 'redirect') as { context: string }).context));
    expectRefusal(await signInAndFollow(browser, String(started.headers.location), member.loginId), 403, 'You cannot use this application');
  });

  it('refuses a replayed request id', async () => {
    const { sp } = await registeredSp(ctx, 'replay');
    const member = await memberWithPassword(ctx);
    const { browser, idp } = await signedInBrowser(sp, member.loginId);
    const request = sp.createLoginRequest(idp, 'redirect') as { context: string };
    expect((await browser.request('GET', redirectPath(request.context))).statusCode).toBe(200);
    expectRefusal(await browser.request('GET', redirectPath(request.context)), 400, 'already used');
    expect(refusals().some((d) => d.startsWith('replayed-request'))).toBe(true);
  });

  it('refuses an unknown SP', async () => {
    const stranger = serviceProvider('https://stranger.example.test/sp', 'https://stranger.example.test/acs');
    const idp = await portico(ctx.app);
    const res = await ctx.app.inject({ url: redirectPath((stranger.createLoginRequest(idp, 'redirect') as { context: string }).context) });
    expectRefusal(res, 400, 'not registered for single sign-on');
    expect(refusals()).toContain('unknown-sp https://stranger.example.test/sp');
  });

  it('refuses an ACS URL that is not registered', async () => {
    const { entityId, keys } = await registeredSp(ctx, 'acs');
    const rogue = serviceProvider(entityId, 'https://evil.example.test/acs', keys);
    const idp = await portico(ctx.app);
    const res = await ctx.app.inject({ url: redirectPath((rogue.createLoginRequest(idp, 'redirect') as { context: string }).context) });
    expectRefusal(res, 400, 'not registered for it');
    expect(refusals().some((d) => d.startsWith('acs-not-registered'))).toBe(true);
  });

  it('refuses a request signed by another key, and an unsigned one unless the application allows it', async () => {
    const { entityId, acs } = await registeredSp(ctx, 'badsig');
    const forger = serviceProvider(entityId, acs, spKeys('forger'));
    const idp = await portico(ctx.app);
    for (const binding of ['redirect', 'post'] as const) {
      const request = forger.createLoginRequest(idp, binding) as { context: string };
      const res =
        binding === 'redirect'
          ? await ctx.app.inject({ url: redirectPath(request.context) })
          : await ctx.app.inject({ method: 'POST', url: '/saml/sso', payload: { SAMLRequest: request.context } });
      expectRefusal(res, 400, 'signature does not verify');
    }
    const unsigned = new URL((forger.createLoginRequest(idp, 'redirect') as { context: string }).context);
    unsigned.searchParams.delete('Signature');
    unsigned.searchParams.delete('SigAlg');
    expectRefusal(await ctx.app.inject({ url: `/saml/sso${unsigned.search}` }), 400, 'signature does not verify');

    const open = await registeredSp(ctx, 'unsigned', { allowUnsigned: true });
    const plain = new URL((open.sp.createLoginRequest(idp, 'redirect') as { context: string }).context);
    plain.searchParams.delete('Signature');
    plain.searchParams.delete('SigAlg');
    const res = await ctx.app.inject({ url: `/saml/sso${plain.search}` });
    expect(res.statusCode).toBe(303);
  });

  it('answers 400 pages for malformed input, never a 500', async () => {
    for (const url of ['/saml/sso?SAMLRequest=not-base64!!', '/saml/sso?SAMLRequest=', `/saml/sso?SAMLRequest=${'A'.repeat(300_000)}`]) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url.slice(0, 40)).toBe(400);
    }
    const post = await ctx.app.inject({
      method: 'POST',
      url: '/saml/sso',
      payload: { SAMLRequest: Buffer.from('<x/>').toString('base64') },
    });
    expect(post.statusCode).toBe(400);
  });
});
