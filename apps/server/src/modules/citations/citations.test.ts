import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERROR_REASONS, formatDateUs, instantOfWallClock, CITATION_MESSAGES as M, RULE_BOOK_MESSAGES } from '@portico/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import type { BuiltMember } from '../../../test/factories';
import { accessHoldOf } from '../access-gate/index';
import { runCitationSuspensions } from './suspension';

/** Issue 30 sections 2 to 4 (decision 1100): citations, the member's side, suspension. */
describe('citations API', () => {
  let ctx: TestContext;
  let mls: BuiltMember;
  let association: BuiltMember;
  let otherAssociation: BuiltMember;
  let agent: BuiltMember;
  let broker: BuiltMember;
  let outsider: BuiltMember;
  let ruleId: number;
  const LA = 'America/Los_Angeles';
  const dataDir = mkdtempSync(join(tmpdir(), 'portico-citations-'));
  const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64)]);

  const call = async (m: BuiltMember, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    ctx.app.inject({ method, url, headers: await ctx.as(m.accountId), ...(payload === undefined ? {} : { payload: payload as object }) });
  const count = async (sql: string, params: unknown[] = []) => Number((await ctx.db.one<{ n: string }>(sql, params))?.n);
  const issue = async (who: BuiltMember, member: BuiltMember, extra: object = {}) =>
    call(who, 'POST', '/api/app/Citations', { ruleId, loginId: member.loginId, facts: 'Status changed to Sold 9 days late.', ...extra });
  const act = (who: BuiltMember, id: number, body: object) => call(who, 'POST', `/api/app/Citations/${id}/Action`, body);

  beforeAll(async () => {
    ctx = await createTestContext({ env: { MLS_TIME_ZONE: LA, DATA_DIR: dataDir, MEDIA_STORAGE: 'disk' } });
    mls = await ctx.factories.buildMember({ type: 'MLS Staff' });
    const office = await ctx.factories.buildOffice();
    agent = await ctx.factories.buildMember({ type: 'Agent', office });
    broker = await ctx.factories.buildMember({ type: 'Broker', office });
    association = await ctx.factories.buildMember({
      type: 'Association Staff',
      office: await ctx.factories.buildOffice({ aorId: office.aorId }),
    });
    otherAssociation = await ctx.factories.buildMember({ type: 'Association Staff' });
    outsider = await ctx.factories.buildMember({ type: 'Agent' });
    const rule = await call(mls, 'POST', '/api/app/RuleBook', {
      number: '9.2',
      title: 'Late status change',
      text: 'A change of a listing’s status is entered within two business days.',
      category: 'listing-status',
      windowMonths: 12,
      correctionDays: 3,
      steps: [
        { kind: 'warning', amount: 0, hearing: false },
        { kind: 'fine', amount: 50, hearing: false },
        { kind: 'fine', amount: 250, hearing: false },
        { kind: 'fine', amount: 500, hearing: true },
      ],
    });
    ruleId = rule.json().results[0].id;
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
  afterAll(() => ctx.close());

  it('previews and issues along the ladder (0, 1, 2 and 5 earlier offences), withdrawn and old ones not counted', async () => {
    const member = await ctx.factories.buildMember({ type: 'Agent' });
    const preview = () => call(mls, 'POST', '/api/app/Citations/Preview', { ruleId, loginId: member.loginId });
    expect((await preview()).json().results[0]).toMatchObject({ stepIndex: 0, earlierOffences: 0, step: { kind: 'warning', amount: 0 } });
    const amounts: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await issue(mls, member);
      expect(res.statusCode).toBe(201);
      amounts.push(res.json().results[0].amount);
    }
    expect(amounts).toEqual([0, 50, 250, 500, 500, 500]);
    expect((await preview()).json().results[0]).toMatchObject({ stepIndex: 3, earlierOffences: 6, step: { amount: 500, hearing: true } });
    // Offences older than the window, and withdrawn ones, do not count.
    await ctx.db.query("UPDATE citations SET issued_on = now() - interval '13 months' WHERE member_id = $1", [member.memberId]);
    expect((await preview()).json().results[0]).toMatchObject({ stepIndex: 0, earlierOffences: 0 });
    const last = (await issue(mls, member)).json().results[0];
    expect(last.amount).toBe(0);
    await act(mls, last.id, { action: 'withdraw', version: last.version, note: 'Issued in error' });
    expect((await preview()).json().results[0]).toMatchObject({ stepIndex: 0 });
  });

  it('sends the notice (notification and queued mail) to the member with a copy to the broker, and starts the history', async () => {
    const res = await issue(association, agent, { listingId: 'SR26001234' });
    expect(res.statusCode).toBe(201);
    const c = res.json().results[0];
    expect(res.json().message).toBe(M.issued(c.id, c.member.name));
    expect(c).toMatchObject({ state: 'issued', listingId: 'SR26001234', history: [{ what: 'issued', toState: 'issued' }] });
    const subjects = await ctx.db.query<{ member_id: number; subject: string }>(
      'SELECT member_id, subject FROM notifications WHERE subject = ANY($1::text[])',
      [[M.noticeSubject(c.id, '9.2'), M.copySubject(c.id, '9.2', c.member.name)]],
    );
    expect(subjects.map((s) => s.member_id).sort()).toEqual([agent.memberId, broker.memberId].sort());
    const mail = await ctx.db.one<{ body_text: string }>('SELECT body_text FROM outbox_emails WHERE to_address = $1 AND subject = $2', [
      `${agent.loginId}@example.test`,
      M.noticeSubject(c.id, '9.2'),
    ]);
    expect(mail?.body_text).toContain('Deadline to correct it');
    expect(mail?.body_text).toContain(formatDateUs(c.dueOn));
    expect(mail?.body_text).toContain(formatDateUs(c.appealOn));
    expect(
      await count('SELECT count(*) AS n FROM outbox_emails WHERE to_address = $1 AND subject = $2', [
        `${broker.loginId}@example.test`,
        M.copySubject(c.id, '9.2', c.member.name),
      ]),
    ).toBe(1);
  });

  it('counts the deadlines in business days over Thanksgiving', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: instantOfWallClock('2026-11-25T10:00', LA) });
    const member = await ctx.factories.buildMember({ type: 'Agent' });
    const c = (await issue(mls, member)).json().results[0];
    // Wednesday: Thursday is Thanksgiving, so Friday, Monday and Tuesday are the three business days.
    expect(c.dueOn).toBe('2026-12-01');
    expect(c.appealOn).toBe('2026-12-10');
    expect(
      await count('SELECT count(*) AS n FROM citations WHERE id = $1 AND due_at = $2', [c.id, instantOfWallClock('2026-12-02T00:00', LA)]),
    ).toBe(1);
  });

  it('answers 404 to a member who may not see a citation, lets the broker read it, and refuses members every staff call (403)', async () => {
    const c = (await issue(mls, agent)).json().results[0];
    for (const who of [outsider, otherAssociation]) {
      expect((await call(who, 'GET', `/api/app/Citations/${c.id}`)).statusCode).toBe(404);
    }
    expect((await call(otherAssociation, 'POST', `/api/app/Citations/${c.id}/Action`, { action: 'close', version: 1 })).statusCode).toBe(
      404,
    );
    expect((await call(outsider, 'POST', `/api/app/Citations/${c.id}/Appeal`, { note: 'Not me' })).statusCode).toBe(404);
    expect((await call(agent, 'GET', `/api/app/Citations/${c.id}`)).json().results[0]).toMatchObject({ canAppeal: true, actions: [] });
    const asBroker = await call(broker, 'GET', `/api/app/Citations/${c.id}`);
    expect(asBroker.json().results[0]).toMatchObject({ canAppeal: false, canCorrect: false, actions: [] });
    expect((await call(broker, 'GET', '/api/app/Citations/Mine')).json().results[0].citations.map((x: { id: number }) => x.id)).toContain(
      c.id,
    );
    expect((await call(outsider, 'GET', '/api/app/Citations/Mine')).json().results[0].citations).toEqual([]);
    expect((await call(broker, 'POST', `/api/app/Citations/${c.id}/Appeal`, { note: 'x' })).statusCode).toBe(403);
    const before = await count('SELECT count(*) AS n FROM citations');
    for (const who of [agent, broker]) {
      expect((await call(who, 'GET', '/api/app/Citations')).statusCode).toBe(403);
      expect((await call(who, 'POST', '/api/app/Citations/Preview', { ruleId, loginId: agent.loginId })).statusCode).toBe(403);
      expect((await issue(who, agent)).statusCode).toBe(403);
      expect((await act(who, c.id, { action: 'close', version: c.version })).statusCode).toBe(403);
    }
    expect(await count('SELECT count(*) AS n FROM citations')).toBe(before);
    // Association staff cite their association's members only; the staff list is scoped the same way.
    expect((await issue(otherAssociation, agent)).json().errors).toEqual([{ field: 'loginId', message: M.memberNotFound }]);
    const list = await call(otherAssociation, 'GET', '/api/app/Citations');
    expect(list.json().results[0].citations.map((x: { id: number }) => x.id)).not.toContain(c.id);
    const mine = await call(association, 'GET', `/api/app/Citations?state=issued&loginId=${agent.loginId}`);
    expect(mine.json().results[0].citations.map((x: { id: number }) => x.id)).toContain(c.id);
  });

  it('answers bad input with field errors and nothing written', async () => {
    const res = await call(mls, 'POST', '/api/app/Citations', { ruleId: 999999, loginId: ' ', facts: '' });
    expect(res.statusCode).toBe(400);
    const fields = Object.fromEntries(res.json().errors.map((e: { field: string; message: string }) => [e.field, e.message]));
    expect(fields).toMatchObject({ loginId: M.loginIdRequired, facts: M.factsRequired });
    const c = (await issue(mls, agent)).json().results[0];
    const pay = await act(mls, c.id, { action: 'record-payment', version: c.version });
    expect(pay.json().errors).toEqual([{ field: 'reference', message: M.referenceRequired }]);
  });

  it('lets one of two staff acting at once win; the other gets 409 with the current state', async () => {
    const c = (await issue(mls, agent)).json().results[0];
    const [a, b] = await Promise.all([
      act(mls, c.id, { action: 'record-payment', version: c.version, reference: 'Receipt 5521' }),
      act(association, c.id, { action: 'withdraw', version: c.version, note: 'Duplicate' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const lost = a.statusCode === 409 ? a : b;
    const won = a.statusCode === 200 ? a : b;
    const state = won.json().results[0].state as 'paid' | 'withdrawn';
    expect(lost.json()).toMatchObject({ reason: ERROR_REASONS.citationStale, message: M.stale(state) });
    expect(await count('SELECT count(*) AS n FROM citation_history WHERE citation_id = $1', [c.id])).toBe(2);
  });

  it('takes an appeal before its deadline once, refuses a late one, and lets staff uphold it', async () => {
    const c = (await issue(mls, agent)).json().results[0];
    const appealed = await call(agent, 'POST', `/api/app/Citations/${c.id}/Appeal`, {
      note: 'The status was changed on time; see the MLS log.',
    });
    expect(appealed.statusCode).toBe(200);
    expect(appealed.json().results[0]).toMatchObject({ state: 'appealed', canAppeal: false });
    const again = await call(agent, 'POST', `/api/app/Citations/${c.id}/Appeal`, { note: 'Again' });
    expect(again.json()).toMatchObject({ reason: ERROR_REASONS.citationNotAllowed, message: M.appealOnce });
    const upheld = await act(mls, c.id, { action: 'uphold', version: appealed.json().results[0].version, note: 'Log shows day 9' });
    expect(upheld.json().results[0].history.map((h: { what: string }) => h.what)).toEqual(['issued', 'appealed', 'uphold']);

    const late = (await issue(mls, agent)).json().results[0];
    await ctx.db.query("UPDATE citations SET appeal_at = now() - interval '1 minute' WHERE id = $1", [late.id]);
    const refused = await call(agent, 'POST', `/api/app/Citations/${late.id}/Appeal`, { note: 'Too late' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(M.appealLate(formatDateUs(late.appealOn)));
    expect((await call(agent, 'GET', `/api/app/Citations/${late.id}`)).json().results[0].state).toBe('issued');
  });

  it('suspends by the job once past the deadline by the setting, closing listing entry; payment lifts it at once', async () => {
    const member = await ctx.factories.buildMember({ type: 'Agent' });
    const c = (await issue(mls, member)).json().results[0];
    const now = new Date();
    expect((await runCitationSuspensions(ctx.db, ctx.app.mailer, now, [c.id])).suspended).toBe(0);
    await ctx.db.query("UPDATE citations SET due_at = now() - interval '30 days 1 minute' WHERE id = $1", [c.id]);
    const runs = await Promise.all([
      runCitationSuspensions(ctx.db, ctx.app.mailer, now, [c.id]),
      runCitationSuspensions(ctx.db, ctx.app.mailer, now, [c.id]),
    ]);
    expect(runs.map((r) => r.suspended).sort()).toEqual([0, 1]);
    const hold = await accessHoldOf(ctx.db, member.memberId, { applicationId: 1 });
    expect(hold).toMatchObject({ kind: 'citation', reason: M.holdReason(c.id, '9.2') });
    expect((await call(member, 'POST', '/api/app/Registration', {})).statusCode).toBe(403);
    const suspended = (await call(mls, 'GET', `/api/app/Citations/${c.id}`)).json().results[0];
    expect(suspended).toMatchObject({ state: 'suspended', dueDaysLeft: expect.any(Number) });
    expect(suspended.history.at(-1)).toMatchObject({ what: 'suspended-by-job', by: null, toState: 'suspended' });
    const paid = await act(mls, c.id, { action: 'record-payment', version: suspended.version, reference: 'Check 1044' });
    expect(paid.json().results[0].state).toBe('paid');
    expect(await accessHoldOf(ctx.db, member.memberId, { applicationId: 1 })).toBeNull();
    expect((await call(member, 'POST', '/api/app/Registration', {})).statusCode).toBe(400);
    // A later run leaves a paid citation alone.
    expect((await runCitationSuspensions(ctx.db, ctx.app.mailer, now, [c.id])).suspended).toBe(0);
  });

  it('lets staff suspend and lift by hand with a reason, both in the history', async () => {
    const member = await ctx.factories.buildMember({ type: 'Agent' });
    const c = (await issue(mls, member)).json().results[0];
    expect((await act(mls, c.id, { action: 'suspend', version: c.version })).json().errors).toEqual([
      { field: 'note', message: M.noteRequired },
    ]);
    const s = (await act(mls, c.id, { action: 'suspend', version: c.version, note: 'Hearing missed' })).json().results[0];
    expect(await accessHoldOf(ctx.db, member.memberId, { listingEntry: true })).not.toBeNull();
    const l = (await act(mls, c.id, { action: 'lift', version: s.version, note: 'Payment plan agreed' })).json().results[0];
    expect(l.state).toBe('issued');
    expect(l.history.slice(1).map((h: { what: string; note: string }) => [h.what, h.note])).toEqual([
      ['suspend', 'Hearing missed'],
      ['lift', 'Payment plan agreed'],
    ]);
    expect(await accessHoldOf(ctx.db, member.memberId, { listingEntry: true })).toBeNull();
  });

  it('leaves nothing half-written when the mail cannot be queued', async () => {
    const member = await ctx.factories.buildMember({ type: 'Agent' });
    const [citations, notifications] = [
      await count('SELECT count(*) AS n FROM citations'),
      await count('SELECT count(*) AS n FROM notifications'),
    ];
    vi.spyOn(ctx.app.mailer, 'queue').mockRejectedValue(new Error('outbox unavailable'));
    const res = await issue(mls, member);
    expect(res.statusCode).toBe(500);
    expect(await count('SELECT count(*) AS n FROM citations')).toBe(citations);
    expect(await count('SELECT count(*) AS n FROM notifications')).toBe(notifications);
    expect(
      await count('SELECT count(*) AS n FROM citation_history h LEFT JOIN citations c ON c.id = h.citation_id WHERE c.id IS NULL'),
    ).toBe(0);
  });

  it('keeps evidence through the media storage for those who see the citation, and the member corrects with a note', async () => {
    const c = (await issue(mls, agent)).json().results[0];
    const boundary = '----citation';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="sign in photo.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await ctx.app.inject({
      method: 'POST',
      url: `/api/app/Citations/${c.id}/Files`,
      headers: { ...(await ctx.as(mls.accountId)), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(up.statusCode).toBe(201);
    const file = up.json().results[0].files[0];
    expect(file).toMatchObject({ side: 'staff', fileName: 'sign in photo.png', contentType: 'image/png' });
    const got = await call(agent, 'GET', `/api/app/Citations/${c.id}/Files/${file.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PNG)).toBe(true);
    expect((await call(outsider, 'GET', `/api/app/Citations/${c.id}/Files/${file.id}`)).statusCode).toBe(404);
    const corrected = await call(agent, 'POST', `/api/app/Citations/${c.id}/Correct`, { note: 'Photo replaced' });
    expect(corrected.json().results[0]).toMatchObject({ state: 'corrected', canCorrect: false });
    const closed = await act(mls, c.id, { action: 'confirm-correction', version: corrected.json().results[0].version });
    expect(closed.json().results[0].state).toBe('closed');
  });

  it('keeps a cited rule in the rule book (409 on delete)', async () => {
    const res = await call(mls, 'DELETE', `/api/app/RuleBook/${ruleId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ reason: ERROR_REASONS.ruleCited, message: RULE_BOOK_MESSAGES.cited });
  });
});
