import { ERROR_REASONS, RULE_BOOK_MESSAGES as M } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import type { BuiltMember } from '../../../test/factories';

/** Issue 30 section 1 (decision 1090): the rule book and its fine ladders. */
describe('rule book API', () => {
  let ctx: TestContext;
  let mls: BuiltMember;
  let association: BuiltMember;
  let agent: BuiltMember;
  let broker: BuiltMember;

  beforeAll(async () => {
    ctx = await createTestContext();
    mls = await ctx.factories.buildMember({ type: 'MLS Staff' });
    association = await ctx.factories.buildMember({ type: 'Association Staff' });
    agent = await ctx.factories.buildMember({ type: 'Agent' });
    broker = await ctx.factories.buildMember({ type: 'Broker' });
  });
  afterAll(() => ctx.close());

  const call = async (m: BuiltMember, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    ctx.app.inject({ method, url, headers: await ctx.as(m.accountId), ...(payload === undefined ? {} : { payload: payload as object }) });
  const fieldsOf = (res: { json: () => { errors: Array<{ field: string; message: string }> } }) =>
    Object.fromEntries(res.json().errors.map((e) => [e.field, e.message]));
  const rule = (number: string) => ({
    number,
    title: 'Late status change',
    text: 'A change of a listing’s status is entered within two business days.',
    category: 'listing-status',
    windowMonths: 12,
    correctionDays: 3,
    steps: [
      { kind: 'warning', amount: 0, hearing: false },
      { kind: 'fine', amount: 50, hearing: false },
      { kind: 'fine', amount: 250, hearing: true },
    ],
  });
  const countRules = async () => Number((await ctx.db.one<{ n: string }>('SELECT count(*) AS n FROM rule_book_rules'))?.n);

  it('lets MLS staff add a rule that association staff then read, in number order', async () => {
    const ten = await call(mls, 'POST', '/api/app/RuleBook', rule('7.10'));
    expect(ten.statusCode).toBe(201);
    expect(ten.json().message).toBe(M.created('7.10'));
    expect((await call(mls, 'POST', '/api/app/RuleBook', rule('7.2'))).statusCode).toBe(201);
    const book = await call(association, 'GET', '/api/app/RuleBook');
    expect(book.statusCode).toBe(200);
    expect(book.json().results[0].canEdit).toBe(false);
    expect(book.json().results[0].rules.map((r: { number: string }) => r.number)).toEqual(['7.2', '7.10']);
    const one = await call(association, 'GET', `/api/app/RuleBook/${ten.json().results[0].id}`);
    expect(one.json().results[0]).toMatchObject({ number: '7.10', steps: rule('7.10').steps, version: 1, updatedBy: expect.any(String) });
  });

  it('refuses agents and brokers the rule book (403) and association staff every change (403)', async () => {
    const id = (await call(mls, 'POST', '/api/app/RuleBook', rule('9.1'))).json().results[0].id;
    for (const m of [agent, broker]) {
      expect((await call(m, 'GET', '/api/app/RuleBook')).statusCode).toBe(403);
      expect((await call(m, 'GET', `/api/app/RuleBook/${id}`)).statusCode).toBe(403);
    }
    const before = await countRules();
    expect((await call(association, 'POST', '/api/app/RuleBook', rule('9.2'))).statusCode).toBe(403);
    expect((await call(association, 'PUT', `/api/app/RuleBook/${id}`, { ...rule('9.1'), title: 'Changed' })).statusCode).toBe(403);
    expect((await call(association, 'DELETE', `/api/app/RuleBook/${id}`)).statusCode).toBe(403);
    expect(await countRules()).toBe(before);
    expect((await call(mls, 'GET', `/api/app/RuleBook/${id}`)).json().results[0].title).toBe('Late status change');
  });

  it('judges the ladder as a whole: each problem a field error, nothing written', async () => {
    const before = await countRules();
    const res = await call(mls, 'POST', '/api/app/RuleBook', {
      ...rule('8.1'),
      steps: [
        { kind: 'fine', amount: 500, hearing: false },
        { kind: 'warning', amount: 0, hearing: false },
        { kind: 'fine', amount: 250, hearing: false },
        { kind: 'fine', amount: 20_000, hearing: false },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field: 'steps.3.amount', message: M.amountWhole });
    const whole = await call(mls, 'POST', '/api/app/RuleBook', {
      ...rule('8.1'),
      steps: [
        { kind: 'fine', amount: 500, hearing: false },
        { kind: 'warning', amount: 0, hearing: false },
        { kind: 'fine', amount: 250, hearing: false },
      ],
    });
    expect(whole.statusCode).toBe(400);
    expect(fieldsOf(whole)).toEqual({ 'steps.1.kind': M.warningFirst, 'steps.2.amount': M.finesClimb });
    const empty = await call(mls, 'POST', '/api/app/RuleBook', { ...rule('8.1'), steps: [], windowMonths: 61, number: '' });
    expect(fieldsOf(empty)).toMatchObject({ steps: M.stepsRequired, windowMonths: M.windowRange, number: M.numberRequired });
    expect(await countRules()).toBe(before);
  });

  it('keeps numbers unique whatever their case, and answers 404 for a rule it does not have', async () => {
    expect((await call(mls, 'POST', '/api/app/RuleBook', rule('11.5(b)'))).statusCode).toBe(201);
    const again = await call(mls, 'POST', '/api/app/RuleBook', rule('11.5(B)'));
    expect(again.statusCode).toBe(400);
    expect(fieldsOf(again)).toEqual({ number: M.numberTaken });
    expect((await call(mls, 'GET', '/api/app/RuleBook/999999')).statusCode).toBe(404);
    expect((await call(mls, 'PUT', '/api/app/RuleBook/999999', rule('1.1'))).statusCode).toBe(404);
  });

  it('lets one of two staff saving the same version win; the other gets a 409 and writes nothing', async () => {
    const created = (await call(mls, 'POST', '/api/app/RuleBook', rule('12.1'))).json().results[0];
    const other = await ctx.factories.buildMember({ type: 'MLS Staff' });
    const [a, b] = await Promise.all([
      call(mls, 'PUT', `/api/app/RuleBook/${created.id}`, { ...rule('12.1'), title: 'First', version: created.version }),
      call(other, 'PUT', `/api/app/RuleBook/${created.id}`, { ...rule('12.1'), title: 'Second', version: created.version }),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json()).toMatchObject({ reason: ERROR_REASONS.ruleStale, message: M.stale });
    const now = (await call(mls, 'GET', `/api/app/RuleBook/${created.id}`)).json().results[0];
    expect(now.version).toBe(2);
    expect(now.title).toBe(a.statusCode === 200 ? 'First' : 'Second');
  });

  it('removes a rule for MLS staff', async () => {
    const created = (await call(mls, 'POST', '/api/app/RuleBook', rule('13.1'))).json().results[0];
    const res = await call(mls, 'DELETE', `/api/app/RuleBook/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(M.deleted('13.1'));
    expect((await call(mls, 'GET', `/api/app/RuleBook/${created.id}`)).statusCode).toBe(404);
  });
});
