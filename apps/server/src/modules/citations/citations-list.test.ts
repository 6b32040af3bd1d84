import { CITATION_COUNT_CAP } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import type { BuiltMember } from '../../../test/factories';

/** The citation lists count up to a cap and page within it (decision 1123). */
describe('citation lists past the count cap', () => {
  let ctx: TestContext;
  let mls: BuiltMember;
  let agent: BuiltMember;
  let fewCited: BuiltMember;
  let otherAssociation: BuiltMember;

  const list = async (who: BuiltMember, query: string) =>
    (await ctx.app.inject({ url: `/api/app/Citations?${query}`, headers: await ctx.as(who.accountId) })).json();

  /** `n` citations of the member, issued a minute apart (the newest first), written as issue would. */
  const cite = (member: BuiltMember, n: number, ruleId: number) =>
    ctx.db.query(
      `INSERT INTO citations (rule_id, member_id, office_id, aor_id, source, facts, step_index, step_kind, amount, hearing,
                              earlier_offences, issued_on, due_on, due_at, appeal_on, appeal_at)
       SELECT $1, m.id, m.office_id, o.aor_id, 'direct', 'Listed citation ' || g, 0, 'warning', 0, false, 0,
              now() - g * interval '1 minute', current_date + 7, now() + interval '7 days', current_date + 10, now() + interval '10 days'
         FROM members m LEFT JOIN offices o ON o.id = m.office_id CROSS JOIN generate_series(1, $3::int) g WHERE m.id = $2`,
      [ruleId, member.memberId, n],
    );

  beforeAll(async () => {
    ctx = await createTestContext();
    mls = await ctx.factories.buildMember({ type: 'MLS Staff' });
    agent = await ctx.factories.buildMember({ type: 'Agent' });
    fewCited = await ctx.factories.buildMember({ type: 'Agent' });
    otherAssociation = await ctx.factories.buildMember({ type: 'Association Staff' });
    const rule = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/RuleBook',
      headers: await ctx.as(mls.accountId),
      payload: {
        number: '7.1',
        title: 'Late status change',
        text: 'A change of a listing’s status is entered within two business days.',
        category: 'listing-status',
        windowMonths: 12,
        correctionDays: 3,
        steps: [{ kind: 'warning', amount: 0, hearing: false }],
      },
    });
    const ruleId = rule.json().results[0].id as number;
    await cite(agent, CITATION_COUNT_CAP + 5, ruleId);
    await cite(fewCited, 3, ruleId);
  });
  afterAll(() => ctx.close());

  it('says "more than" the cap for an MLS-wide list, and pages up to it', async () => {
    const first = await list(mls, 'pageSize=25');
    expect(first.results[0]).toMatchObject({ totalResults: CITATION_COUNT_CAP, totalPages: CITATION_COUNT_CAP / 25, totalCapped: true });
    expect(first.totalResults).toBe(CITATION_COUNT_CAP);
    expect(first.results[0].citations).toHaveLength(25);
    const last = await list(mls, `pageSize=25&pageId=${CITATION_COUNT_CAP / 25}`);
    expect(last.results[0].citations).toHaveLength(25);
  });

  it('counts exactly under the cap, as a filter narrows the list', async () => {
    const few = await list(mls, `loginId=${fewCited.loginId}`);
    expect(few.results[0]).toMatchObject({ totalResults: 3, totalPages: 1, totalCapped: false });
    expect(few.results[0].citations).toHaveLength(3);
  });

  it('counts only what the viewer reaches: another association’s staff see none of them', async () => {
    const none = await list(otherAssociation, '');
    expect(none.results[0]).toMatchObject({ totalResults: 0, totalPages: 0, totalCapped: false, citations: [] });
  });

  it('gives members their own with the same count (My citations)', async () => {
    const mine = (await ctx.app.inject({ url: '/api/app/Citations/Mine?pageSize=100', headers: await ctx.as(agent.accountId) })).json();
    expect(mine.results[0]).toMatchObject({ totalResults: CITATION_COUNT_CAP, totalPages: 10, totalCapped: true });
  });
});
